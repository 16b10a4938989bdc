/**
 * The only reader of the environment. Configuration comes from `.env` (dotenv, never written
 * into process.env), then the environment, then CLI flags: later sources win. The keys and flags
 * are the table's (lib/run/config/flags.ts); the merged values are validated by
 * lib/run/config/validate.ts. Also reads a `--fixtures` file, and the few environment variables that
 * shape the output (NO_COLOR, npm's own).
 */
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { Ajv, type ValidateFunction } from 'ajv';
import { cachedValidator, schemaCacheDir } from '../../spec/schema-cache.ts';
import dotenv from 'dotenv';
import { ALL_ENV_KEYS, ENV_KEYS, FLAG_OF_KEY, FLAGS, type FlagName, type FlagSpec, type Flags } from './flags.ts';
import { type Config, ConfigError, type FixturesFile } from './model.ts';
import { calcertCommand } from './replay.ts';
import { distance } from './near.ts';
import { type RawValues, validateConfig } from './validate.ts';

export { distance } from './near.ts';

interface LoadOptions {
  flags?: Flags;
  /** The environment; default process.env. */
  env?: NodeJS.ProcessEnv;
  /** Read `.env` (default true). Self-tests pass false. */
  dotenv?: boolean;
  /** Directory holding `.env`; default the working directory. */
  cwd?: string;
  /** When set, a missing --run-tag / CAL_RUN_TAG is this ConfigError (instead of a new tag). */
  requireRunTag?: string;
  /** Receives warnings (an unknown CAL_* key); default: none. */
  warn?: (line: string) => void;
}

/**
 * `.env` as dotenv reads it, and a warning for each line dotenv would take wrongly: a line without
 * `=` (dropped) and a value opening a quote that never closes (taken literally, quote and all, so
 * the next error would be a 401 from the server). Such a line is left out, with its file and line.
 */
function readDotenv(cwd: string, warn?: (line: string) => void): Record<string, string> {
  const file = resolve(cwd, '.env');
  if (!existsSync(file)) return {};
  const text = readFileSync(file, 'utf8');
  const vars = dotenv.parse(text);
  const lines = text.split(/\r?\n/);
  lines.forEach((line, i) => {
    const trimmed = line.trim();
    if (!trimmed || trimmed.startsWith('#')) return;
    const where = `${file}:${i + 1}`;
    const m = /^(?:export\s+)?([\w.-]+)\s*=\s*(.*)$/.exec(trimmed);
    if (!m) {
      // A continuation line of a quoted value spanning lines is no line of its own.
      if (insideQuotedValue(lines, i)) return;
      warn?.(`${where}: line ignored, it has no "=": write KEY=value (e.g. CAL_BASE_URL=https://example.org/wp-json)`);
      return;
    }
    const [, key, value] = m as unknown as [string, string, string];
    const quote = value[0];
    if ((quote === '"' || quote === "'" || quote === '`') && !closes(lines, i, value.slice(1), quote)) {
      delete vars[key];
      warn?.(
        `${where}: ${key} ignored, its value opens a ${quote} quote that never closes: close it or drop the quote`,
      );
    }
  });
  return vars;
}

/**
 * The line on which the quote opened by a value on line i closes (`rest`: what follows the quote on
 * line i), or -1 when it never does. dotenv takes double-quoted (and back-quoted) values over several
 * lines up to the closing quote (a line of its own KEY= is not taken for the closing one).
 */
function closingLine(lines: string[], i: number, rest: string, quote: string): number {
  const unescaped = (t: string) => new RegExp(`(^|[^\\\\])\\${quote}`).test(t);
  if (unescaped(rest)) return i;
  if (quote === "'") return -1;
  for (let k = i + 1; k < lines.length; k++) {
    const l = (lines[k] as string).trim();
    if (!/^[\w.-]+\s*=/.test(l) && unescaped(l)) return k;
  }
  return -1;
}

const closes = (lines: string[], i: number, rest: string, quote: string) => closingLine(lines, i, rest, quote) !== -1;

/**
 * Whether line i continues a quoted value opened on an earlier line (dotenv's multi-line values):
 * only when that quote closes on line i or later; after a quote that never closes, a line without
 * "=" is a line of its own, and is warned about.
 */
function insideQuotedValue(lines: string[], i: number): boolean {
  for (let j = i - 1; j >= 0; j--) {
    const m = /^(?:export\s+)?[\w.-]+\s*=\s*(["`])(.*)$/.exec((lines[j] as string).trim());
    if (m) return closingLine(lines, j, m[2] as string, m[1] as string) >= i;
  }
  return false;
}

/** Warnings for CAL_* keys nobody reads (a typo such as CAL_BASEURL silently certifies something else). */
function unknownEnvKeys(sources: Array<[string, Record<string, string | undefined>]>): string[] {
  const out: string[] = [];
  for (const [where, vars] of sources)
    for (const key of Object.keys(vars)) {
      if (!key.startsWith('CAL_') || ALL_ENV_KEYS.includes(key)) continue;
      const near = ALL_ENV_KEYS.map((k) => [k, distance(k, key)] as const).sort((x, y) => x[1] - y[1])[0];
      out.push(
        `unknown key ${key} in ${where} is ignored${near && near[1] <= 3 ? ` (did you mean ${near[0]}?)` : ''}; known keys: see \`${calcertCommand()} certify --help\``,
      );
    }
  return out;
}

/**
 * Flags that npm took for itself: `npm run certify --base-url x` hands `--base-url` to npm, which
 * exports npm_config_base_url=x and runs certify without it. Returns the flags so swallowed.
 */
export function flagsSwallowedByNpm(env: NodeJS.ProcessEnv = process.env): string[] {
  if (!env['npm_lifecycle_event']) return [];
  return Object.keys(FLAGS).filter((f) => env[`npm_config_${f.replace(/-/g, '_')}`] !== undefined);
}

/**
 * Secret flags (an `arg: 'secret'` flag such as --password) given on the command line of an npm
 * script: npm echoes the script's whole command line (`> calcert certify --password ...`) before
 * calcert runs, into the terminal and the CI log, and calcert cannot take it back. Returns their
 * names, for a warning naming the environment key to use instead. Pure.
 */
export function secretsEchoedByNpm(argv: readonly string[], env: NodeJS.ProcessEnv = process.env): FlagName[] {
  // Only calcert's own npm scripts (`npm run certify -- ...`) hand it an echoed command line: under
  // another script (npm test running calcert) the line npm echoed was that script's own.
  if (!env['npm_lifecycle_event'] || env['npm_lifecycle_event'] !== argv[0]) return [];
  const secret = (Object.entries(FLAGS) as Array<[FlagName, FlagSpec]>).filter(([, f]) => f.arg === 'secret');
  return secret.filter(([name]) => argv.some((a) => a === `--${name}` || a.startsWith(`--${name}=`))).map(([n]) => n);
}

/** Colour on the terminal: only on a TTY and never with NO_COLOR (https://no-color.org) or TERM=dumb. */
export function colourWanted(stream: { isTTY?: boolean }, env: NodeJS.ProcessEnv = process.env): boolean {
  return !!stream.isTTY && !env['NO_COLOR'] && env['TERM'] !== 'dumb';
}

/**
 * Merge `.env`, environment and flags into a validated, frozen Config.
 * Throws ConfigError with a one-line message on any bad value.
 */
export function loadConfig(options: LoadOptions = {}): Readonly<Config> {
  const env = options.env ?? process.env;
  const flags: Record<string, string | number | boolean | undefined> = options.flags ?? {};
  const fileVars = options.dotenv === false ? {} : readDotenv(options.cwd ?? process.cwd(), options.warn);
  if (options.warn)
    for (const w of unknownEnvKeys([
      ['the environment', env],
      ['.env', fileVars],
    ]))
      options.warn(w);
  const raw: RawValues = {};
  // Where each value came from, so that an error names what the user wrote: --seed, or CAL_SEED in .env.
  const origin: Record<string, string> = {};
  for (const key of ENV_KEYS) {
    const flag = FLAG_OF_KEY[key] as string;
    const value = flags[flag] ?? env[key] ?? fileVars[key];
    raw[flag] = typeof value === 'number' ? String(value) : value;
    if (flags[flag] === undefined && env[key] !== undefined) origin[flag] = `${key} in the environment`;
    else if (flags[flag] === undefined && fileVars[key] !== undefined) origin[flag] = `${key} in .env`;
  }
  return validateConfig(raw, flags, options.requireRunTag, origin);
}

const CANDIDATE_OF: Record<string, FlagName> = {
  'base-url': 'candidate-url',
  namespace: 'candidate-namespace',
  user: 'candidate-user',
  password: 'candidate-password',
  'auth-header': 'candidate-auth-header',
};

/**
 * The candidate side of `calcert diff` (--candidate-url ..., CAL_CANDIDATE_URL ...), validated by
 * the same rules as the base side, its errors naming its own flags and keys.
 */
export function loadCandidateConfig(options: LoadOptions, base: Config): Readonly<Config> {
  const env = options.env ?? process.env;
  const fileVars = options.dotenv === false ? {} : readDotenv(options.cwd ?? process.cwd());
  const flags: Flags = { 'run-tag': base.runTag, namespace: base.namespace };
  for (const [own, cand] of Object.entries(CANDIDATE_OF)) {
    const key = (FLAGS[cand] as FlagSpec).env as string;
    const v = options.flags?.[cand] ?? env[key] ?? fileVars[key];
    if (v !== undefined) flags[own as FlagName] = v;
  }
  try {
    return loadConfig({ flags, env: {}, dotenv: false });
  } catch (e) {
    if (!(e instanceof ConfigError)) throw e;
    let m = e.message;
    for (const [own, cand] of Object.entries(CANDIDATE_OF)) m = m.split(`--${own}`).join(`--${cand}`);
    m = m.replace(/CAL_USER/g, 'CAL_CANDIDATE_USER').replace(/CAL_PASSWORD/g, 'CAL_CANDIDATE_PASSWORD');
    throw new ConfigError(m);
  }
}

/** The fixtures-file contract, shared with the reference server (which writes such files). */
const FIXTURES_SCHEMA_URL = new URL('../../../fixtures/schemas/fixtures.schema.json', import.meta.url);
let fixturesValidator: ValidateFunction | undefined;
const FIXTURES_AJV = { allErrors: true, strict: false, validateSchema: false, code: { source: true } };

/** Read and validate a fixtures file (CONTRACT.md; fixtures/schemas/fixtures.schema.json). */
export function loadFixtures(path: string): FixturesFile {
  let data: unknown;
  try {
    data = JSON.parse(readFileSync(path, 'utf8'));
  } catch (e) {
    throw new ConfigError(
      `--fixtures ${path} cannot be read as JSON (${(e as Error).message.split('\n')[0]}): give the fixtures file written by \`${calcertCommand()} reference --seed-fixtures\` or see README`,
    );
  }
  if (!data || typeof data !== 'object' || (data as { format?: unknown }).format !== 1) {
    throw new ConfigError(`--fixtures ${path} is not a fixtures file: it needs "format": 1 (see README, "Fixtures")`);
  }
  // The schema file is checked against the meta-schema by the self-tests, not in every run; its
  // compiled code is kept between processes (lib/spec/schema-cache.ts).
  fixturesValidator ??= cachedValidator(
    () => new Ajv(FIXTURES_AJV),
    FIXTURES_AJV,
    JSON.parse(readFileSync(FIXTURES_SCHEMA_URL, 'utf8')) as object,
    schemaCacheDir(),
  );
  if (!fixturesValidator(data)) {
    const e = fixturesValidator.errors?.[0];
    throw new ConfigError(
      `--fixtures ${path}: ${e?.instancePath || '/'} ${e?.message ?? 'is invalid'} (format: fixtures/schemas/fixtures.schema.json)`,
    );
  }
  return data as FixturesFile;
}
