/**
 * The command lines calcert prints (replay lines, hints): how the user runs calcert from where
 * they stand, shell quoting, and the --grep pattern that selects one check.
 */
import { existsSync, readFileSync, realpathSync, statSync } from 'node:fs';
import { delimiter, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Config, ResolvedConfig } from './model.ts';

/** One word for a POSIX shell: as it is when it holds no special character, else in single quotes. */
export function shellQuote(word: string): string {
  return /^[A-Za-z0-9_./:@%+=,-]+$/.test(word) ? word : `'${word.replace(/'/g, "'\\''")}'`;
}

/** What decides how the user runs calcert from where they stand (invocationOf gathers it). */
export interface Invocation {
  /** The installation's root: the folder holding bin/calcert.js (a clone, or node_modules/calcert). */
  root: string;
  /** Where the user stands: INIT_CWD under npm (which runs scripts from the project root), else the working directory. */
  cwd: string;
  /** Run from npx's cache: the package specs as the user typed them (`_npx.packages`: `./calcert-0.1.0.tgz`). */
  npx?: readonly string[];
  /**
   * `calcert` on the user's PATH is this installation (a global install, the Docker image, npm
   * link); the node_modules/.bin folders npm puts first for its scripts and npx do not count.
   */
  onPath: boolean;
  /**
   * A clone (not an installed package) whose bin/calcert.js the user neither owns nor is root for.
   * `npx calcert` there links the clone into npx's cache and sets that file executable, a chmod
   * only its owner may do: measured with npm 10.8, a user in root's clone gets EPERM.
   */
  foreignClone?: boolean;
}

const inside = (dir: string, root: string) => dir === root || dir.startsWith(root.endsWith('/') ? root : `${root}/`);

/**
 * How the user runs calcert from where they stand, for every command we print (replay lines,
 * "Replay it", "certify it", verify and cleanup hints), so that each runs as printed where it was
 * invoked:
 * - run by npx from a tarball or folder (`npx ./calcert-0.1.0.tgz`): that spec again, with `-y`
 *   (npx asks before it installs, and a script has no one to answer; `npx calcert` there asks
 *   the npm registry, which has no calcert);
 * - `calcert` on the PATH is this installation (global install, the Docker image): `calcert`;
 * - a clone or a project that installed the tool, the user inside it: `npx calcert` (npx finds
 *   the project's own bin), but not in a clone someone else owns (`foreignClone`);
 * - anywhere else: `node /path/to/bin/calcert.js`. Pure.
 */
export function commandFor(inv: Invocation): string {
  const spec = inv.npx?.find((p) => /calcert/i.test(p)) ?? inv.npx?.[0];
  if (spec) return `npx -y ${shellQuote(spec)}`;
  if (inv.onPath) return 'calcert';
  // A project that installed the tool: node_modules/calcert; its project is the folder above.
  const project = /\/node_modules\/[^/]+$/.test(inv.root) ? inv.root.replace(/\/node_modules\/[^/]+$/, '') : inv.root;
  if (inside(inv.cwd, project) && !inv.foreignClone) return 'npx calcert';
  return `node ${shellQuote(`${inv.root}/bin/calcert.js`)}`;
}

/** The installation's root: the nearest folder above this module that holds bin/calcert.js. */
function installRoot(from: string): string {
  let dir = dirname(from);
  while (!existsSync(join(dir, 'bin', 'calcert.js'))) {
    const up = dirname(dir);
    if (up === dir) return dirname(from);
    dir = up;
  }
  return dir;
}

function realOr(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    return path;
  }
}

/** The facts of this process's invocation (file system reads). */
export function invocationOf(
  env: NodeJS.ProcessEnv = process.env,
  module = fileURLToPath(import.meta.url),
  cwd = process.cwd(),
): Invocation {
  const root = realOr(installRoot(realOr(module)));
  const bin = join(root, 'bin', 'calcert.js');
  const onPath = (env['PATH'] ?? '')
    .split(delimiter)
    // npm and npx put node_modules/.bin folders first on the PATH they run us with: not the user's shell's.
    .filter((dir) => dir && !/[\\/]node_modules[\\/]\.bin[\\/]?$/.test(dir))
    .some((dir) => existsSync(join(dir, 'calcert')) && realOr(join(dir, 'calcert')) === bin);
  let npx: string[] | undefined;
  const cache = /^(.*\/_npx\/[^/]+)\/node_modules\/[^/]+$/.exec(root)?.[1];
  if (cache) {
    try {
      const pkg = JSON.parse(readFileSync(join(cache, 'package.json'), 'utf8')) as { _npx?: { packages?: unknown } };
      const packages = pkg._npx?.packages;
      if (Array.isArray(packages)) npx = packages.filter((p): p is string => typeof p === 'string');
    } catch {
      // no record of what npx installed: the other rules decide
    }
  }
  const uid = process.getuid?.();
  const clone = !/[\\/]node_modules[\\/][^\\/]+$/.test(root);
  const foreignClone = clone && uid !== undefined && uid !== 0 && existsSync(bin) && statSync(bin).uid !== uid;
  return {
    root,
    cwd: realOr(env['INIT_CWD'] || cwd),
    ...(npx?.length ? { npx } : {}),
    onPath,
    ...(foreignClone ? { foreignClone } : {}),
  };
}

let memo: string | undefined;

/** How the user runs calcert from where they stand (commandFor of this process's invocation, once). */
export function calcertCommand(): string {
  memo ??= commandFor(invocationOf());
  return memo;
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
