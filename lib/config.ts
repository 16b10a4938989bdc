/**
 * The only reader of the environment. Configuration comes from `.env` (dotenv, never written
 * into process.env), then the environment, then CLI flags: later sources win. The result is
 * validated, frozen and printable without secrets (`publicConfig`).
 *
 * Bad input never produces a stack trace: every problem is a `ConfigError` whose message is one
 * line naming the problem and the fix.
 */
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { randomBytes } from 'node:crypto';
import { Ajv, type ValidateFunction } from 'ajv';
import dotenv from 'dotenv';

export type Variant = 'base' | 'extended';
export type Feature = 'premium' | 'tickets';
export const FEATURES: readonly Feature[] = ['premium', 'tickets'];

/** Records the interface cannot create; the target's operator supplies them (fixtures/schemas/fixtures.schema.json). */
export interface FixturesFile {
  format: 1;
  ticketedEvent?: { id: number };
  childEvent?: { id: number; parent: number };
  passwordEvent?: { id: number; password: string };
  geolocatedVenue?: { id: number; lat: number; lng: number };
  image?: { id: number; url: string };
  /** Another existing user than the caller: the author checks send its ID. */
  otherAuthor?: { id: number };
}

export type Auth =
  | { kind: 'none' }
  | { kind: 'basic'; user: string; password: string }
  | { kind: 'header'; value: string };

export interface Config {
  /** REST root, e.g. https://example.org/wp-json; '' = start the embedded reference server. */
  baseUrl: string;
  namespace: string;
  variant: 'auto' | Variant;
  auth: Auth;
  features: Feature[];
  fixturesPath: string;
  /** Unsigned, 0 to 2^53-1. */
  seed: number;
  numRuns: number;
  runTag: string;
  /** The run tag was made for this run (no --run-tag): no record can carry it before the run. */
  freshRunTag?: true;
  readOnly: boolean;
  timeoutMs: number;
  deadlineS: number;
  /** The in-flight bound: the fixed --concurrency, or under `auto` the ceiling (--concurrency-max). */
  concurrency: number;
  /** Request budget of the observation crawl and checks (--max-requests). */
  maxRequests: number;
  /** `auto` (the default of the CLI): the bound adapts from 4 up to `concurrency` (AIMD, lib/limiter.ts). */
  concurrencyMode?: 'auto' | 'fixed';
  reportDir: string;
  /** Run folders kept in reportDir (--keep). */
  keep: number;
  /** --har: write every exchange of the run to this file as HAR 1.2 ('' or absent: none). */
  har?: string;
  expect: string;
  allowStale: boolean;
  baseline: string;
  strict: boolean;
  grep: string;
}

/** Config after preflight: the target is known, its variant detected, fixtures loaded. */
export interface ResolvedConfig extends Config {
  resolvedVariant: Variant;
  detectedVariant: Variant | null;
  fixtures: FixturesFile | null;
  embedded: boolean;
  /** The target's median response time in the preflight, in ms (the run's worker count). */
  medianMs?: number;
}

/**
 * Default request budget of the observation crawl and checks: a site with 1,000 events (20 pages
 * of 50, twice: authenticated and anonymous) plus its venues, organizers and terms is learned in
 * well under half of it; the observation checks share the rest.
 */
export const DEFAULT_MAX_REQUESTS = 3000;

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/**
 * THE declaration of every flag of the command line: its environment key (when it has one), its
 * default as shown in the help, and its help text. lib/cli.ts builds the parser and the help from
 * this table; loadConfig reads the environment and `.env` through it. Nothing else declares a flag.
 */
export interface FlagSpec {
  /** Value placeholder in the help (`<url>`); absent for a boolean flag. */
  arg?: string;
  /** Environment (and `.env`) key mirroring the flag. */
  env?: string;
  /** The default, as shown in the help. */
  default?: string;
  help: string;
}

export const FLAGS = {
  'base-url': {
    arg: 'url',
    env: 'CAL_BASE_URL',
    default: 'the embedded reference server',
    help: 'REST root (https://example.org/wp-json) or site URL of the target',
  },
  namespace: { arg: 'ns', env: 'CAL_NAMESPACE', default: 'cal/events/v1', help: 'route namespace of the interface' },
  variant: { arg: 'v', env: 'CAL_VARIANT', default: 'auto', help: 'auto, base or extended' },
  user: { arg: 'name', env: 'CAL_USER', help: 'user name for HTTP Basic (an application password)' },
  password: { arg: 'secret', env: 'CAL_PASSWORD', help: 'password for --user (prefer the environment key)' },
  'auth-header': { arg: 'value', env: 'CAL_AUTH_HEADER', help: 'Authorization header value instead of --user' },
  features: { arg: 'list', env: 'CAL_FEATURES', default: 'none', help: 'optional capabilities: premium,tickets' },
  fixtures: { arg: 'file', env: 'CAL_FIXTURES', help: 'fixtures file naming records the interface cannot create' },
  seed: {
    arg: 'n',
    env: 'CAL_SEED',
    default: 'random',
    help: 'run seed: a whole number from 0 to 2^53-1 (anything else exits 2)',
  },
  'num-runs': { arg: 'n', env: 'CAL_NUM_RUNS', default: '20', help: 'runs of each property check' },
  'run-tag': { arg: 'tag', env: 'CAL_RUN_TAG', default: 'random', help: 'tag put into every record the run creates' },
  'read-only': { env: 'CAL_READ_ONLY', default: 'off', help: 'send no write at all' },
  'timeout-ms': { arg: 'ms', env: 'CAL_TIMEOUT_MS', default: '30000', help: 'timeout of one request' },
  'deadline-s': { arg: 's', env: 'CAL_DEADLINE_S', default: '1800', help: 'deadline of the whole run' },
  concurrency: {
    arg: 'n|auto',
    env: 'CAL_CONCURRENCY',
    default: 'auto',
    help: 'requests in flight at most; auto starts at 4 and adapts to the target (up to --concurrency-max)',
  },
  'concurrency-max': {
    arg: 'n',
    env: 'CAL_CONCURRENCY_MAX',
    default: '32',
    help: 'ceiling of --concurrency auto',
  },
  'max-requests': {
    arg: 'n',
    env: 'CAL_MAX_REQUESTS',
    default: '3000',
    help: 'requests the observation crawl (40%) and checks (observe.*, on the target data) may send; not a bound of the whole run',
  },
  'report-dir': { arg: 'dir', env: 'CAL_REPORT_DIR', default: 'reports', help: 'where reports/<run>/ is written' },
  keep: {
    arg: 'n',
    env: 'CAL_KEEP',
    default: '20',
    help: 'full runs kept in --report-dir (older ones removed; --grep runs counted apart)',
  },
  har: {
    arg: 'file',
    env: 'CAL_HAR',
    help: 'write every exchange of the run (redacted) to this file as HAR 1.2',
  },
  expect: { arg: 'file', help: 'expectations file: known failures by check ID' },
  'allow-stale': { help: 'with --expect: a listed check that passes does not fail the run' },
  baseline: { arg: 'file', help: 'results.json of an earlier run: exit 1 on a regression' },
  strict: { help: 'a should-check failing (warn) also exits 1' },
  grep: { arg: 'regex', help: 'run only the checks whose ID matches (verdict: partial)' },
  json: { help: 'print JSON' },
  html: { arg: 'file', help: 'write the HTML page to this file' },
  'candidate-url': { arg: 'url', env: 'CAL_CANDIDATE_URL', help: 'REST root of the server compared with --base-url' },
  'candidate-namespace': {
    arg: 'ns',
    env: 'CAL_CANDIDATE_NAMESPACE',
    default: '--namespace',
    help: 'route namespace of the candidate',
  },
  'candidate-user': { arg: 'name', env: 'CAL_CANDIDATE_USER', help: 'user name on the candidate' },
  'candidate-password': { arg: 'secret', env: 'CAL_CANDIDATE_PASSWORD', help: 'password on the candidate' },
  'candidate-auth-header': {
    arg: 'value',
    env: 'CAL_CANDIDATE_AUTH_HEADER',
    help: 'Authorization header value on the candidate',
  },
  // `calcert reference` (fixtures/reference-server/cli.ts validates them).
  port: { arg: 'n', default: '0 (any free port)', help: 'port to listen on' },
  fault: { arg: 'name', help: 'switch on one fault (`calcert faults` lists them)' },
  quirks: { arg: 'list', help: 'quirks of the original: original or NAME,NAME' },
  chaos: { arg: 'name', help: 'switch on one chaos fault' },
  now: { arg: 'iso', help: "the server's clock, e.g. 2027-01-01T00:00:00Z" },
  'seed-fixtures': { help: 'create the fixtures records and write them to a file for --fixtures' },
  'site-timezone': { arg: 'tz', help: "the site's time zone, e.g. Europe/Berlin" },
  'seed-events': {
    arg: 'n',
    default: '40',
    help: 'seed a calendar of this many events (venues, organizers, terms, drafts); 0 for none',
  },
} as const satisfies Record<string, FlagSpec>;

export type FlagName = keyof typeof FLAGS;

/** Environment keys and the flag each mirrors (the certify side: the candidate keys are read by diff). */
const KEYS = Object.fromEntries(
  Object.entries(FLAGS as Record<string, FlagSpec>)
    .filter(([name, f]) => f.env && !name.startsWith('candidate-'))
    .map(([name, f]) => [f.env, name]),
) as Record<string, string>;

export const ENV_KEYS = Object.keys(KEYS);
/** Every CAL_* key the tool reads; any other CAL_* key is a typo worth a warning. */
export const ALL_ENV_KEYS: readonly string[] = Object.values(FLAGS as Record<string, FlagSpec>)
  .map((f) => f.env)
  .filter((k): k is string => !!k);

/** Flag values as parsed or passed by code: numbers may be passed as numbers. */
export type Flags = Partial<Record<FlagName, string | number | boolean | undefined>>;

export interface LoadOptions {
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

function readDotenv(cwd: string): Record<string, string> {
  const file = resolve(cwd, '.env');
  if (!existsSync(file)) return {};
  return dotenv.parse(readFileSync(file));
}

/** Levenshtein distance, for "did you mean" (environment keys, check IDs). */
export function distance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    let prev = row[0] as number;
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const cur = row[j] as number;
      row[j] = Math.min((row[j] as number) + 1, (row[j - 1] as number) + 1, prev + (a[i - 1] === b[j - 1] ? 0 : 1));
      prev = cur;
    }
  }
  return row[b.length] as number;
}

/** Warnings for CAL_* keys nobody reads (a typo such as CAL_BASEURL silently certifies something else). */
export function unknownEnvKeys(sources: Array<[string, Record<string, string | undefined>]>): string[] {
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

/** Colour on the terminal: only on a TTY and never with NO_COLOR (https://no-color.org) or TERM=dumb. */
export function colourWanted(stream: { isTTY?: boolean }, env: NodeJS.ProcessEnv = process.env): boolean {
  return !!stream.isTTY && !env['NO_COLOR'] && env['TERM'] !== 'dumb';
}

function int(name: string, raw: string, min: number, max: number): number {
  if (!/^-?\d+$/.test(raw.trim()))
    throw new ConfigError(
      `${name}=${JSON.stringify(raw)} is not an integer: give a whole number between ${min} and ${max}`,
    );
  const n = Number(raw);
  if (n < min || n > max)
    throw new ConfigError(`${name}=${raw} is out of range: give a whole number between ${min} and ${max}`);
  return n;
}

function bool(name: string, raw: string | boolean): boolean {
  if (typeof raw === 'boolean') return raw;
  const v = raw.trim().toLowerCase();
  if (['1', 'true', 'yes', 'on'].includes(v)) return true;
  if (['', '0', 'false', 'no', 'off'].includes(v)) return false;
  throw new ConfigError(`${name}=${JSON.stringify(raw)} is not a boolean: use 1 or 0`);
}

/** The largest seed: seeds are unsigned integers up to 2^53 - 1 (`github.run_id` fits). */
export const MAX_SEED = Number.MAX_SAFE_INTEGER;

/**
 * A run seed: a whole number from 0 to 2^53-1, exactly as a report printed it. Anything else is
 * refused (exit 2): a mistyped seed (`123x`, `-5`, `1.5`) turned into some other seed would replay
 * a different run while saying it replays this one.
 */
export function parseSeed(raw: string | number, name = '--seed'): number {
  const text = String(raw).trim();
  if (/^\d+$/.test(text) && Number(text) <= MAX_SEED) return Number(text);
  throw new ConfigError(
    `${name}=${JSON.stringify(String(raw))} is not a seed: give a whole number from 0 to ${MAX_SEED} (2^53-1), e.g. the seed a report printed`,
  );
}

export function newSeed(): number {
  const b = randomBytes(7);
  return b.readUIntBE(0, 6) * 32 + (b.readUInt8(6) >> 3);
}

export function newRunTag(): string {
  return `cc${randomBytes(4).toString('hex')}`;
}

/**
 * Merge `.env`, environment and flags into a validated, frozen Config.
 * Throws ConfigError with a one-line message on any bad value.
 */
export function loadConfig(options: LoadOptions = {}): Readonly<Config> {
  const env = options.env ?? process.env;
  const flags: Record<string, string | number | boolean | undefined> = options.flags ?? {};
  const fileVars = options.dotenv === false ? {} : readDotenv(options.cwd ?? process.cwd());
  if (options.warn)
    for (const w of unknownEnvKeys([
      ['the environment', env],
      ['.env', fileVars],
    ]))
      options.warn(w);
  const raw: Record<string, string | boolean | undefined> = {};
  for (const key of ENV_KEYS) {
    const flag = KEYS[key] as string;
    const value = flags[flag] ?? env[key] ?? fileVars[key];
    raw[flag] = typeof value === 'number' ? String(value) : value;
  }
  const get = (flag: string): string => {
    const v = raw[flag];
    return v === undefined || typeof v === 'boolean' ? '' : String(v).trim();
  };
  const label = (flag: string) => `--${flag}`;

  let baseUrl = get('base-url');
  if (baseUrl) {
    let url: URL;
    try {
      url = new URL(baseUrl);
    } catch {
      throw new ConfigError(
        `--base-url ${JSON.stringify(baseUrl)} is not a URL: give the REST root, e.g. https://example.org/wp-json`,
      );
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
      throw new ConfigError(
        `--base-url ${JSON.stringify(baseUrl)} is not http(s): give the REST root, e.g. https://example.org/wp-json`,
      );
    }
    const root = restRootOf(url);
    if (!root)
      throw new ConfigError(
        `--base-url must not carry a query or fragment (other than a ?rest_route= root): give the REST root, e.g. https://example.org/wp-json or https://example.org/?rest_route=/`,
      );
    baseUrl = root;
  }

  const namespace = (get('namespace') || 'cal/events/v1').replace(/^\/+|\/+$/g, '');
  if (!/^[A-Za-z0-9_.-]+(\/[A-Za-z0-9_.-]+)*$/.test(namespace)) {
    throw new ConfigError(
      `--namespace ${JSON.stringify(namespace)} is not a route namespace: give e.g. cal/events/v1 or tribe/events/v1`,
    );
  }

  const variant = get('variant') || 'auto';
  if (!['auto', 'base', 'extended'].includes(variant)) {
    throw new ConfigError(`--variant ${JSON.stringify(variant)} is unknown: use auto, base or extended`);
  }

  const user = get('user');
  const password = get('password');
  const header = get('auth-header');
  let auth: Auth = { kind: 'none' };
  if (header && (user || password))
    throw new ConfigError('both --auth-header and --user/--password are set: give one of them');
  if (header) auth = { kind: 'header', value: header };
  else if (user || password) {
    if (!user) throw new ConfigError('--password is set without --user: give both (CAL_USER and CAL_PASSWORD)');
    if (!password) throw new ConfigError('--user is set without --password: give both (CAL_USER and CAL_PASSWORD)');
    auth = { kind: 'basic', user, password };
  }

  const featureList = get('features')
    .split(',')
    .map((f) => f.trim())
    .filter(Boolean);
  for (const f of featureList) {
    if (!FEATURES.includes(f as Feature))
      throw new ConfigError(
        `--features: unknown feature ${JSON.stringify(f)}: use a comma list of ${FEATURES.join(', ')}`,
      );
  }

  const seedRaw = get('seed');
  const seed = seedRaw ? parseSeed(seedRaw, label('seed')) : newSeed();
  const numRuns = get('num-runs') ? int(label('num-runs'), get('num-runs'), 1, 10000) : 20;
  if (options.requireRunTag && !get('run-tag')) throw new ConfigError(options.requireRunTag);
  const runTag = get('run-tag') || newRunTag();
  if (!/^[a-z0-9]{4,24}$/.test(runTag)) {
    throw new ConfigError(
      `--run-tag ${JSON.stringify(runTag)} is not usable: give 4 to 24 lowercase letters or digits (it is searched for in titles)`,
    );
  }

  const grep = typeof flags['grep'] === 'string' ? flags['grep'] : '';
  if (grep) {
    try {
      new RegExp(grep);
    } catch (e) {
      throw new ConfigError(
        `--grep ${JSON.stringify(grep)} is not a valid regular expression (${(e as Error).message.replace(/^Invalid regular expression: /, '')}): give a pattern over check IDs, e.g. '^events\\.create\\.'`,
      );
    }
  }

  const config: Config = {
    baseUrl,
    namespace,
    variant: variant as Config['variant'],
    auth,
    features: [...new Set(featureList as Feature[])],
    fixturesPath: get('fixtures'),
    seed,
    numRuns,
    runTag,
    ...(get('run-tag') ? {} : { freshRunTag: true as const }),
    readOnly: raw['read-only'] === undefined ? false : bool(label('read-only'), raw['read-only']),
    timeoutMs: get('timeout-ms') ? int(label('timeout-ms'), get('timeout-ms'), 100, 600000) : 30000,
    deadlineS: get('deadline-s') ? int(label('deadline-s'), get('deadline-s'), 1, 86400) : 1800,
    ...concurrencyOf(get, label),
    maxRequests: get('max-requests')
      ? int(label('max-requests'), get('max-requests'), 50, 1000000)
      : DEFAULT_MAX_REQUESTS,
    reportDir: get('report-dir') || 'reports',
    keep: get('keep') ? int(label('keep'), get('keep'), 1, 100000) : 20,
    ...(get('har') ? { har: get('har') } : {}),
    expect: typeof flags['expect'] === 'string' ? flags['expect'] : '',
    allowStale: flags['allow-stale'] === true || flags['allow-stale'] === 'true',
    baseline: typeof flags['baseline'] === 'string' ? flags['baseline'] : '',
    strict: flags['strict'] === true || flags['strict'] === 'true',
    grep,
  };
  return Object.freeze(config);
}

/** --concurrency: a number (fixed bound), or `auto` (the default): adaptive up to --concurrency-max. */
function concurrencyOf(
  get: (flag: string) => string,
  label: (flag: string) => string,
): Pick<Config, 'concurrency' | 'concurrencyMode'> {
  const given = get('concurrency');
  if (given && given.trim().toLowerCase() !== 'auto')
    return { concurrency: int(label('concurrency'), given, 1, 64), concurrencyMode: 'fixed' };
  const max = get('concurrency-max') ? int(label('concurrency-max'), get('concurrency-max'), 1, 64) : 32;
  return { concurrency: max, concurrencyMode: 'auto' };
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
const FIXTURES_SCHEMA_URL = new URL('../fixtures/schemas/fixtures.schema.json', import.meta.url);
let fixturesValidator: ValidateFunction | undefined;

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
  fixturesValidator ??= new Ajv({ allErrors: true, strict: false }).compile(
    JSON.parse(readFileSync(FIXTURES_SCHEMA_URL, 'utf8')) as object,
  );
  if (!fixturesValidator(data)) {
    const e = fixturesValidator.errors?.[0];
    throw new ConfigError(
      `--fixtures ${path}: ${e?.instancePath || '/'} ${e?.message ?? 'is invalid'} (format: fixtures/schemas/fixtures.schema.json)`,
    );
  }
  return data as FixturesFile;
}

/** The config as it may appear in reports and logs: no password, no Authorization value. */
export function publicConfig(config: Config | ResolvedConfig): Record<string, unknown> {
  const { auth, ...rest } = config as ResolvedConfig;
  const shownAuth =
    auth.kind === 'basic'
      ? { kind: 'basic', user: auth.user, password: '(redacted)' }
      : auth.kind === 'header'
        ? { kind: 'header', value: '(redacted)' }
        : { kind: 'none' };
  return { ...rest, auth: shownAuth };
}

/** Every secret value of a config, for redaction. */
export function secretsOf(config: Config): string[] {
  const out: string[] = [];
  if (config.auth.kind === 'basic') {
    out.push(config.auth.password);
    out.push(Buffer.from(`${config.auth.user}:${config.auth.password}`).toString('base64'));
  }
  if (config.auth.kind === 'header') out.push(config.auth.value);
  return out.filter((s) => s.length >= 3);
}

/** A word for a POSIX shell: bare when safe, else in single quotes. */
/**
 * The canonical form of a REST root: `https://site/wp-json` (no trailing slash), or for sites
 * without pretty permalinks `https://site/?rest_route=/` (the route then goes into the rest_route
 * query parameter: root + namespace + path, and other query parameters follow with &). Null when
 * the URL carries another query or a fragment. Pure.
 */
export function restRootOf(url: URL): string | null {
  if (url.hash) return null;
  if (!url.search) return url.toString().replace(/\/+$/, '');
  const params = [...url.searchParams.keys()];
  if (params.length !== 1 || params[0] !== 'rest_route') return null;
  const route = (url.searchParams.get('rest_route') ?? '').replace(/\/+$/, '');
  if (route && !/^\/[A-Za-z0-9_./-]*$/.test(route)) return null;
  return `${url.origin}${url.pathname}?rest_route=${route}/`;
}

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
