/**
 * Validation: the raw values of a run's flags and keys (as lib/run/config/load.ts gathered them from
 * `.env`, the environment and the command line) become a checked, frozen `Config`, defaults
 * taken from the flag table (lib/run/config/flags.ts). Every problem is a `ConfigError` whose message
 * is one line naming the problem and the fix. Pure but for the random seed and run tag it draws
 * when none is given.
 */
import { randomBytes } from 'node:crypto';
import { FLAGS, type FlagName, type FlagSpec, type Flags } from './flags.ts';
import { type Auth, type Config, ConfigError, FEATURES, type Feature } from './model.ts';
import { didYouMean } from './near.ts';
import { shellQuote } from './replay.ts';

/** Values of the flags that have an environment key, by flag name, from whichever source won. */
export type RawValues = Record<string, string | boolean | undefined>;

/** `where`: ' in .env' or ' in the environment' when the value came from a key rather than a flag. */
function int(name: string, raw: string, min: number, max: number, where = ''): number {
  if (!/^-?\d+$/.test(raw.trim()))
    throw new ConfigError(
      `${name}=${JSON.stringify(raw)}${where} is not an integer: give a whole number between ${min} and ${max}`,
    );
  const n = Number(raw);
  if (n < min || n > max)
    throw new ConfigError(`${name}=${raw}${where} is out of range: give a whole number between ${min} and ${max}`);
  return n;
}

function bool(name: string, raw: string | boolean, where = ''): boolean {
  if (typeof raw === 'boolean') return raw;
  const v = raw.trim().toLowerCase();
  if (['1', 'true', 'yes', 'on'].includes(v)) return true;
  if (['', '0', 'false', 'no', 'off'].includes(v)) return false;
  throw new ConfigError(`${name}=${JSON.stringify(raw)}${where} is not a boolean: use 1 or 0`);
}

/** The largest seed: seeds are unsigned integers up to 2^53 - 1 (`github.run_id` fits). */
export const MAX_SEED = Number.MAX_SAFE_INTEGER;

/**
 * A run seed: a whole number from 0 to 2^53-1, exactly as a report printed it. Anything else is
 * refused (exit 2): a mistyped seed (`123x`, `-5`, `1.5`) turned into some other seed would replay
 * a different run while saying it replays this one.
 */
export function parseSeed(raw: string | number, name = '--seed', where = ''): number {
  const text = String(raw).trim();
  if (/^\d+$/.test(text) && Number(text) <= MAX_SEED) return Number(text);
  throw new ConfigError(
    `${name}=${JSON.stringify(String(raw))}${where} is not a seed: give a whole number from 0 to ${MAX_SEED} (2^53-1), e.g. the seed a report printed`,
  );
}

function newSeed(): number {
  const b = randomBytes(7);
  return b.readUIntBE(0, 6) * 32 + (b.readUInt8(6) >> 3);
}

function newRunTag(): string {
  return `cc${randomBytes(4).toString('hex')}`;
}

/**
 * Validate the raw values (`raw`, the flags with an environment key) and the flags that have none
 * (`flags`: --grep, --expect, --baseline, ...) into a frozen Config. `requireRunTag`: when set, a
 * missing run tag is this ConfigError instead of a new tag. `origin`: for a value that came from
 * a key rather than a flag, where (`CAL_SEED in .env`): its errors name the key and the place.
 */
export function validateConfig(
  raw: RawValues,
  flags: Flags,
  requireRunTag?: string,
  origin: Record<string, string> = {},
): Readonly<Config> {
  const get = (flag: string): string => {
    const v = raw[flag];
    return v === undefined || typeof v === 'boolean' ? '' : String(v).trim();
  };
  /** The name the user wrote (the flag, or the key) and, for a key, where: ' in .env'. */
  const label = (flag: string) => (origin[flag] ? ((origin[flag] as string).split(' ')[0] as string) : `--${flag}`);
  const where = (flag: string) => (origin[flag] ? (origin[flag] as string).replace(/^\S+/, '') : '');
  /** "--flag VALUE" or "CAL_KEY VALUE in .env", for the messages that show a value after the name. */
  const said = (flag: string, value: string) => `${label(flag)} ${JSON.stringify(value)}${where(flag)}`;
  /** A whole-number flag: its value within the table's range, else the table's default. */
  const whole = (flag: FlagName): number => {
    const spec: FlagSpec = FLAGS[flag];
    const [min, max] = spec.range as readonly [number, number];
    return get(flag) ? int(label(flag), get(flag), min, max, where(flag)) : Number(spec.default);
  };

  let baseUrl = get('base-url');
  if (baseUrl) {
    let url: URL;
    try {
      url = new URL(baseUrl);
    } catch {
      throw new ConfigError(
        `${said('base-url', baseUrl)} is not a URL: give the REST root, e.g. https://example.org/wp-json`,
      );
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
      throw new ConfigError(
        `${said('base-url', baseUrl)} is not http(s): give the REST root, e.g. https://example.org/wp-json`,
      );
    }
    const root = restRootOf(url);
    if (!root)
      throw new ConfigError(
        `--base-url must not carry a query or fragment (other than a ?rest_route= root): give the REST root, e.g. https://example.org/wp-json or https://example.org/?rest_route=/`,
      );
    baseUrl = root;
  }

  const namespace = (get('namespace') || FLAGS.namespace.default).replace(/^\/+|\/+$/g, '');
  if (!/^[A-Za-z0-9_.-]+(\/[A-Za-z0-9_.-]+)*$/.test(namespace)) {
    throw new ConfigError(
      `${said('namespace', namespace)} is not a route namespace: give e.g. cal/events/v1 or tribe/events/v1`,
    );
  }

  const variant = get('variant') || 'auto';
  if (!['auto', 'base', 'extended'].includes(variant)) {
    throw new ConfigError(`${said('variant', variant)} is unknown: use auto, base or extended`);
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
        `${label('features')}${where('features')}: unknown feature ${JSON.stringify(f)}${didYouMean(f, FEATURES)}: use a comma list of ${FEATURES.join(', ')}`,
      );
  }

  const seedRaw = get('seed');
  // An empty --seed is a mistake (an unset variable in a script), never a request for a random run.
  if (!seedRaw && typeof flags['seed'] === 'string')
    throw new ConfigError(
      '--seed is empty: give a whole number from 0 to 2^53-1 (the seed a report printed), or leave --seed out for a random seed',
    );
  const seed = seedRaw ? parseSeed(seedRaw, label('seed'), where('seed')) : newSeed();
  const numRuns = whole('num-runs');
  if (requireRunTag && !get('run-tag')) throw new ConfigError(requireRunTag);
  const runTag = get('run-tag') || newRunTag();
  if (!/^[a-z0-9]{4,24}$/.test(runTag)) {
    throw new ConfigError(
      `${said('run-tag', runTag)} is not usable: give 4 to 24 lowercase letters or digits (it is searched for in titles)`,
    );
  }

  const minJudgedRaw = get('min-judged');
  const minJudged = minJudgedRaw ? Number(minJudgedRaw.replace(/%$/, '')) : 0;
  if (!/^\d+(\.\d+)?%?$/.test(minJudgedRaw || '0') || !(minJudged >= 0 && minJudged <= 100))
    throw new ConfigError(
      `--min-judged ${JSON.stringify(minJudgedRaw)} is not a share: give a percentage from 0 to 100 (e.g. 90)`,
    );

  const grep = typeof flags['grep'] === 'string' ? flags['grep'] : '';
  if (grep) {
    try {
      new RegExp(grep);
    } catch (e) {
      throw new ConfigError(
        `--grep ${shellQuote(grep)} is not a valid regular expression (${(e as Error).message.replace(/^Invalid regular expression: /, '')}): give a pattern over check IDs, e.g. '^events\\.create\\.'`,
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
    readOnly: raw['read-only'] === undefined ? false : bool(label('read-only'), raw['read-only'], where('read-only')),
    timeoutMs: whole('timeout-ms'),
    deadlineS: whole('deadline-s'),
    ...concurrencyOf(get, whole),
    maxRequests: whole('max-requests'),
    reportDir: get('report-dir') || FLAGS['report-dir'].default,
    ...(get('report-dir') ? {} : { defaultReportDir: true as const }),
    keep: whole('keep'),
    ...(get('har') ? { har: get('har') } : {}),
    expect: typeof flags['expect'] === 'string' ? flags['expect'] : '',
    allowStale: flags['allow-stale'] === true || flags['allow-stale'] === 'true',
    baseline: typeof flags['baseline'] === 'string' ? flags['baseline'] : '',
    strict: flags['strict'] === true || flags['strict'] === 'true',
    minJudged,
    grep,
  };
  return Object.freeze(config);
}

/** --concurrency: a number (fixed bound), or `auto` (the default): adaptive up to --concurrency-max. */
function concurrencyOf(
  get: (flag: string) => string,
  whole: (flag: FlagName) => number,
): Pick<Config, 'concurrency' | 'concurrencyMode'> {
  const given = get('concurrency');
  if (given && given.trim().toLowerCase() !== 'auto')
    return { concurrency: whole('concurrency'), concurrencyMode: 'fixed' };
  return { concurrency: whole('concurrency-max'), concurrencyMode: 'auto' };
}

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
