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
import dotenv from 'dotenv';

export type Variant = 'base' | 'extended';
export type Feature = 'premium' | 'tickets';
export const FEATURES: readonly Feature[] = ['premium', 'tickets'];

/** Records the interface cannot create; the target's operator supplies them (CONTRACT.md). */
export interface FixturesFile {
  format: 1;
  ticketedEvent?: { id: number };
  childEvent?: { id: number; parent: number };
  passwordEvent?: { id: number; password: string };
  geolocatedVenue?: { id: number; lat: number; lng: number };
  image?: { id: number; url: string };
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
  seed: number;
  numRuns: number;
  runTag: string;
  readOnly: boolean;
  timeoutMs: number;
  deadlineS: number;
  concurrency: number;
  reportDir: string;
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
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Environment keys and the flag each mirrors. */
const KEYS = {
  CAL_BASE_URL: 'base-url',
  CAL_NAMESPACE: 'namespace',
  CAL_VARIANT: 'variant',
  CAL_USER: 'user',
  CAL_PASSWORD: 'password',
  CAL_AUTH_HEADER: 'auth-header',
  CAL_FEATURES: 'features',
  CAL_FIXTURES: 'fixtures',
  CAL_SEED: 'seed',
  CAL_NUM_RUNS: 'num-runs',
  CAL_RUN_TAG: 'run-tag',
  CAL_READ_ONLY: 'read-only',
  CAL_TIMEOUT_MS: 'timeout-ms',
  CAL_DEADLINE_S: 'deadline-s',
  CAL_CONCURRENCY: 'concurrency',
  CAL_REPORT_DIR: 'report-dir',
} as const;

export const ENV_KEYS = Object.keys(KEYS) as Array<keyof typeof KEYS>;
/** Flags that take no value. */
export const BOOLEAN_FLAGS = ['read-only', 'allow-stale', 'strict'];

export type Flags = Record<string, string | boolean | undefined>;

export interface LoadOptions {
  flags?: Flags;
  env?: NodeJS.ProcessEnv;
  /** Directory holding `.env`; default the working directory. */
  cwd?: string;
}

function readDotenv(cwd: string): Record<string, string> {
  const file = resolve(cwd, '.env');
  if (!existsSync(file)) return {};
  return dotenv.parse(readFileSync(file));
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

export function newRunTag(): string {
  return `cc${randomBytes(4).toString('hex')}`;
}

/**
 * Merge `.env`, environment and flags into a validated, frozen Config.
 * Throws ConfigError with a one-line message on any bad value.
 */
export function loadConfig(options: LoadOptions = {}): Readonly<Config> {
  const env = options.env ?? process.env;
  const flags = options.flags ?? {};
  const fileVars = readDotenv(options.cwd ?? process.cwd());
  const raw: Record<string, string | boolean | undefined> = {};
  for (const key of ENV_KEYS) {
    const flag = KEYS[key];
    const value = flags[flag] ?? env[key] ?? fileVars[key];
    raw[flag] = value;
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
    if (url.search || url.hash)
      throw new ConfigError(
        `--base-url must not carry a query or fragment: give the REST root, e.g. https://example.org/wp-json`,
      );
    baseUrl = url.toString().replace(/\/+$/, '');
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
  const seed = seedRaw ? int(label('seed'), seedRaw, -(2 ** 31), 2 ** 31 - 1) : randomBytes(4).readInt32LE(0);
  const numRuns = get('num-runs') ? int(label('num-runs'), get('num-runs'), 1, 10000) : 20;
  const runTag = get('run-tag') || newRunTag();
  if (!/^[a-z0-9]{4,24}$/.test(runTag)) {
    throw new ConfigError(
      `--run-tag ${JSON.stringify(runTag)} is not usable: give 4 to 24 lowercase letters or digits (it is searched for in titles)`,
    );
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
    readOnly: raw['read-only'] === undefined ? false : bool(label('read-only'), raw['read-only']),
    timeoutMs: get('timeout-ms') ? int(label('timeout-ms'), get('timeout-ms'), 100, 600000) : 30000,
    deadlineS: get('deadline-s') ? int(label('deadline-s'), get('deadline-s'), 1, 86400) : 1800,
    concurrency: get('concurrency') ? int(label('concurrency'), get('concurrency'), 1, 64) : 4,
    reportDir: get('report-dir') || 'reports',
    expect: typeof flags['expect'] === 'string' ? flags['expect'] : '',
    allowStale: flags['allow-stale'] === true || flags['allow-stale'] === 'true',
    baseline: typeof flags['baseline'] === 'string' ? flags['baseline'] : '',
    strict: flags['strict'] === true || flags['strict'] === 'true',
    grep: typeof flags['grep'] === 'string' ? flags['grep'] : '',
  };
  return Object.freeze(config);
}

/** Read and validate a fixtures file (CONTRACT.md). */
export function loadFixtures(path: string): FixturesFile {
  let data: unknown;
  try {
    data = JSON.parse(readFileSync(path, 'utf8'));
  } catch (e) {
    throw new ConfigError(
      `--fixtures ${path} cannot be read as JSON (${(e as Error).message.split('\n')[0]}): give the fixtures file written by \`calcert reference --seed-fixtures\` or see README`,
    );
  }
  if (!data || typeof data !== 'object' || (data as { format?: unknown }).format !== 1) {
    throw new ConfigError(`--fixtures ${path} is not a fixtures file: it needs "format": 1 (see README, "Fixtures")`);
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
