/**
 * The command lines calcert prints (replay lines, hints): how the user runs calcert from where
 * they stand, shell quoting, and the --grep pattern that selects one check.
 */
import type { ResolvedConfig } from './model.ts';

/** One word for a POSIX shell: as it is when it holds no special character, else in single quotes. */
export function shellQuote(word: string): string {
  return /^[A-Za-z0-9_./:@%+=,-]+$/.test(word) ? word : `'${word.replace(/'/g, "'\\''")}'`;
}

/**
 * How the user runs calcert from where they stand, for every command we print (replay lines,
 * cleanup hints). In a clone the TypeScript sources run and `calcert` is on no PATH (exit 127):
 * `npx calcert` finds the project's own bin. The packed tool run through npx or an npm script
 * (installed in a project) is `npx calcert` too; otherwise it is on the PATH (a global install,
 * the Docker image): `calcert`.
 */
export function calcertCommand(
  env: NodeJS.ProcessEnv = process.env,
  fromSources = import.meta.url.endsWith('.ts'),
): string {
  return fromSources || env['npm_command'] === 'exec' || env['npm_command'] === 'run-script'
    ? 'npx calcert'
    : 'calcert';
}

/** The --grep pattern selecting exactly one check: its ID, escaped, anchored at both ends. */
export function idPattern(id: string): string {
  return `^${id.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`;
}

/**
 * The command that replays one check as printed: the target flags of the run (never a secret:
 * credentials come from CAL_USER / CAL_PASSWORD or CAL_AUTH_HEADER, said in a note), its seed
 * and a --grep selecting exactly that check.
 */
export function replayCommand(config: ResolvedConfig, id: string): string {
  const words = [calcertCommand(), 'certify'];
  const add = (flag: string, value: string | number) => words.push(`--${flag}`, shellQuote(String(value)));
  if (!config.embedded) add('base-url', config.baseUrl);
  if (config.namespace !== 'cal/events/v1') add('namespace', config.namespace);
  add('variant', config.resolvedVariant);
  if (config.features.length) add('features', config.features.join(','));
  if (config.fixturesPath) add('fixtures', config.fixturesPath);
  if (config.readOnly && !config.embedded) words.push('--read-only');
  add('seed', config.seed);
  add('num-runs', config.numRuns);
  add('grep', idPattern(id));
  const note =
    config.embedded || config.auth.kind === 'none'
      ? ''
      : config.auth.kind === 'basic'
        ? '  # export CAL_USER and CAL_PASSWORD first'
        : '  # export CAL_AUTH_HEADER first';
  return words.join(' ') + note;
}
