/**
 * The definition of every flag of the command line and of every environment key: one table
 * (`FLAGS`), from which the parser and the help (lib/commands/cli.ts), the reading of the environment and
 * `.env` (lib/run/config/load.ts), the defaults (lib/run/config/validate.ts) and the checks of
 * `.env.example` and the README's key list (selftest/cli/env-example.test.ts) are all derived.
 * Imports nothing.
 */

/**
 * THE declaration of every flag of the command line: its environment key (when it has one), its
 * default (shown in the help and applied by lib/run/config/validate.ts), and its help text. lib/commands/cli.ts
 * builds the parser and the help from this table; loadConfig reads the environment and `.env`
 * through it; `.env.example` and the README's key list are checked against it
 * (selftest/cli/env-example.test.ts). Nothing else declares a flag.
 */
export interface FlagSpec {
  /** Value placeholder in the help (`<url>`); absent for a boolean flag. */
  arg?: string;
  /** Environment (and `.env`) key mirroring the flag. */
  env?: string;
  /** The default, as shown in the help (a whole-number flag's default is applied from here). */
  default?: string;
  /** A whole-number flag: the smallest and largest value accepted. */
  range?: readonly [number, number];
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
  'num-runs': { arg: 'n', env: 'CAL_NUM_RUNS', default: '20', range: [1, 10000], help: 'runs of each property check' },
  'run-tag': { arg: 'tag', env: 'CAL_RUN_TAG', default: 'random', help: 'tag put into every record the run creates' },
  'read-only': { env: 'CAL_READ_ONLY', default: 'off', help: 'send no write at all' },
  'timeout-ms': {
    arg: 'ms',
    env: 'CAL_TIMEOUT_MS',
    default: '30000',
    range: [100, 600000],
    help: 'timeout of one request',
  },
  'deadline-s': {
    arg: 's',
    env: 'CAL_DEADLINE_S',
    default: '1800',
    range: [1, 86400],
    help: 'deadline of the whole run',
  },
  concurrency: {
    arg: 'n|auto',
    env: 'CAL_CONCURRENCY',
    default: 'auto',
    range: [1, 64],
    help: 'requests in flight at most; auto starts at 4 and adapts to the target (up to --concurrency-max)',
  },
  'concurrency-max': {
    arg: 'n',
    env: 'CAL_CONCURRENCY_MAX',
    default: '32',
    range: [1, 64],
    help: 'ceiling of --concurrency auto',
  },
  // A site with 1,000 events (20 pages of 50, twice: authenticated and anonymous) plus its venues,
  // organizers and terms is learned in well under half of the default; the observation checks
  // share the rest.
  'max-requests': {
    arg: 'n',
    env: 'CAL_MAX_REQUESTS',
    default: '3000',
    range: [50, 1000000],
    help: 'requests the observation crawl (40%) and checks (observe.*, on the target data) may send; not a bound of the whole run',
  },
  'report-dir': { arg: 'dir', env: 'CAL_REPORT_DIR', default: 'reports', help: 'where reports/<run>/ is written' },
  keep: {
    arg: 'n',
    env: 'CAL_KEEP',
    default: '20',
    range: [1, 100000],
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
  'min-judged': {
    arg: 'P',
    env: 'CAL_MIN_JUDGED',
    default: '0',
    help: "exit 1 when the run judged under P% of the variant's interface elements (the coverage map; names the short groups)",
  },
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
  busy: {
    help: 'a busy site: every read answers new modified stamps while a neighbour writes its own records',
  },
} as const satisfies Record<string, FlagSpec>;

export type FlagName = keyof typeof FLAGS;

/** Environment keys and the flag each mirrors (the certify side: the candidate keys are read by diff). */
export const FLAG_OF_KEY = Object.fromEntries(
  Object.entries(FLAGS as Record<string, FlagSpec>)
    .filter(([name, f]) => f.env && !name.startsWith('candidate-'))
    .map(([name, f]) => [f.env, name]),
) as Record<string, string>;

export const ENV_KEYS = Object.keys(FLAG_OF_KEY);
/** Every CAL_* key the tool reads; any other CAL_* key is a typo worth a warning. */
export const ALL_ENV_KEYS: readonly string[] = Object.values(FLAGS as Record<string, FlagSpec>)
  .map((f) => f.env)
  .filter((k): k is string => !!k);

/** Flag values as parsed or passed by code: numbers may be passed as numbers. */
export type Flags = Partial<Record<FlagName, string | number | boolean | undefined>>;
