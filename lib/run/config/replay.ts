/**
 * The command lines calcert prints (replay lines, hints): how the user runs calcert from where
 * they stand, shell quoting, and the --grep pattern that selects one check.
 */
import type { Config, ResolvedConfig } from './model.ts';

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
  // The user is no secret: with it on the line, only the password is left to the environment.
  if (!config.embedded && config.auth.kind === 'basic') add('user', config.auth.user);
  add('seed', config.seed);
  add('num-runs', config.numRuns);
  add('grep', idPattern(id));
  const note =
    config.embedded || config.auth.kind === 'none'
      ? ''
      : config.auth.kind === 'basic'
        ? '  # export CAL_PASSWORD first'
        : '  # export CAL_AUTH_HEADER first';
  return words.join(' ') + note;
}

/**
 * The `cleanup` line for what a run left on its target, as it runs from where the user stands:
 * the target flags (base URL, namespace, user) and the run tag; the password (or the Authorization
 * value) is left to the environment, said in a trailing note. Null for the embedded reference
 * server: it went away with the run, and what it held with it.
 */
export function cleanupCommand(config: Pick<Config, 'baseUrl' | 'namespace' | 'auth' | 'runTag'>): string | null {
  if (!config.baseUrl) return null;
  const words = [calcertCommand(), 'cleanup', '--base-url', shellQuote(config.baseUrl)];
  if (config.namespace !== 'cal/events/v1') words.push('--namespace', shellQuote(config.namespace));
  if (config.auth.kind === 'basic') words.push('--user', shellQuote(config.auth.user));
  words.push('--run-tag', config.runTag);
  const note =
    config.auth.kind === 'basic'
      ? '  # export CAL_PASSWORD first'
      : config.auth.kind === 'header'
        ? '  # export CAL_AUTH_HEADER first'
        : '';
  return words.join(' ') + note;
}

/** The cleanup line for prose: "`LINE` (export CAL_PASSWORD first)"; null for the embedded server. */
export function cleanupAdvice(config: Pick<Config, 'baseUrl' | 'namespace' | 'auth' | 'runTag'>): string | null {
  const line = cleanupCommand(config);
  if (!line) return null;
  const [cmd, note] = line.split('  # ');
  return `\`${cmd}\`${note ? ` (${note})` : ''}`;
}
