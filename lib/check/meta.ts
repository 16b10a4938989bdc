/**
 * What a check is, as data: its metadata, how it is validated at declaration, where it was
 * declared (`source`), when it applies to a target, and the record it leaves in vitest's task meta.
 * Pure: no vitest, no network.
 */
import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ResolvedConfig } from '../run/config/model.ts';
import { PROJECT_ROOT } from '../run/paths.ts';
import type {
  Exchange,
  Level,
  RecordedExchange,
  RecordedRequest,
  Status,
  TransportKind,
  UnjudgedCause,
} from '../types.ts';
import { TAGS, type Tag } from './tags.ts';

export interface CheckMeta {
  /** Stable `<group>.<operation>.<behaviour>`; the group is the folder under suites/. */
  id: string;
  /** The clause it rests on: a spec section, or LEVELS.md / reference-behavior.md for shoulds. */
  spec: string;
  level: Level;
  /** IDs from fixtures/spec/requirements.json. */
  requirements: string[];
  tags: Tag[];
}

/** Exchanges a failing check records (its last ones) and the longest body kept of each. */
export const EXCHANGE_CAP = 20;
export const EXCHANGE_BODY_CAP = 2000;

/** What a check leaves in vitest's task meta for the reporter (JSON only). */
export interface CheckRecord extends CheckMeta {
  title: string;
  /** `path:line` (relative to the project root) of the code that called `check()`. */
  source?: string;
  /** The status the worker decided (lib/check/outcome.ts); absent when the check never finished. */
  status?: Status;
  message?: string;
  /** Set when the trouble that decided the status was transport (no HTTP answer). */
  transport?: TransportKind;
  /** With status `error`: the suite could not judge (transient trouble, the run's deadline or an interruption). */
  unjudged?: UnjudgedCause;
  /** Property checks: runs made, and the minimum needed (summed over the check's properties). */
  runs?: number;
  runsNeeded?: number;
  request?: RecordedRequest;
  responseExcerpt?: string;
  curl?: string;
  /** A check that did not pass: its exchanges (the last EXCHANGE_CAP, redacted), oldest first. */
  exchanges?: RecordedExchange[];
  /** Exchanges of the check left out of `exchanges` (beyond the cap). */
  exchangesOmitted?: number;
  requests?: number;
  /** Judgements: assertions the check made on its own answers (CheckContext.assertions; setup and bookkeeping not counted). */
  /** The interface elements the check's requests sent and its answers carried, and those it judged (lib/coverage). */
  traffic?: { sent: string[]; judged: string[] };
  assertions?: number;
  /** Assertions that are no evidence: setup reads and the readers' bookkeeping (CheckContext.setupAssertions). */
  setupAssertions?: number;
  seed?: number;
  cleanupErrors?: string[];
  /** Requests sent again (a 429 honoured, a GET after a connection reset). */
  retries?: number;
  /** The worker's bound changes since its previous check ([epoch ms, limit]) and its pool id (lib/run/limiter.ts). */
  limits?: { worker: number; changes: Array<[number, number]> };
  /** Records the check set aside from the read-only snapshot (CheckContext.setAsides). */
  setAside?: Array<{ plural: string; id: number; rule: string; why: string; counts: boolean }>;
}

declare module 'vitest' {
  interface ProvidedContext {
    calcert: ResolvedConfig;
    /** How many workers the run's vitest pool has (lib/run/limiter.ts: each holds a share of --concurrency). */
    calcertWorkers: number;
    /** The run-wide in-flight bound shared by every worker (lib/run/limiter.ts SharedLimiter). */
    calcertBound?: SharedArrayBuffer;
    /** The observation gate (lib/check/gate.ts): checks outside suites/observe/ wait until it opens. */
    calcertGate?: SharedArrayBuffer;
    /** --har: the directory the workers' clients append their exchanges to (lib/tools/har.ts); '' none. */
    calcertHar?: string;
    /** The shadow model's folder (lib/run/shadow.ts): each check's exchanges, whole; '' none. */
    calcertModel?: string;
    /** The run's own embedded reference answers in process under this channel name (lib/run/in-process.ts); '' over HTTP. */
    calcertInProcess?: string;
    /** The run's sequence of shadow lines (one Int32 in shared memory), numbering them across workers; null without a model. */
    calcertModelSeq?: SharedArrayBuffer | null;
    /** The embedded reference tracks which quirks each check's requests ask (selftest/support/tolerance.ts): send the check's name. */
    calcertTrack?: boolean;
  }
}

// TaskMeta is declared by @vitest/runner (vitest re-exports it): augmented there, the fields are
// seen whichever file the compiler reads first (through 'vitest' they were lost when a module
// sorted before lib/check/ loaded the runner's types first).
declare module '@vitest/runner' {
  interface TaskMeta {
    calcert?: CheckRecord;
    /** On a suite file: the deletions of its shared setup (lib/check/shared.ts), counted once. */
    calcertSetup?: { requests: number; cleanupErrors: string[] };
  }
}

/**
 * A check ID, `<group>.<operation>.<behaviour>`: the one pattern declaration, expectations files
 * (lib/tools/expectations.ts) and the JSON Schemas in fixtures/schemas/ check IDs against.
 */
export const CHECK_ID_PATTERN =
  /^(root|events|venues|organizers|categories|tags|auth|errors|observe)\.[a-z0-9-]+\.[a-z0-9-]+$/;

/** Throws when the metadata breaks a rule of declaration (ID form, closed tag vocabulary, requirements). */
export function validateMeta(meta: CheckMeta): void {
  if (!CHECK_ID_PATTERN.test(meta.id))
    throw new Error(`check id ${JSON.stringify(meta.id)} is not <group>.<operation>.<behaviour>`);
  for (const tag of meta.tags)
    if (!(TAGS as readonly string[]).includes(tag)) throw new Error(`check ${meta.id}: unknown tag ${tag}`);
  if (!meta.requirements.length) throw new Error(`check ${meta.id} names no requirement`);
}

/** A frame's file relative to `root` when it is outside the check machinery (lib/check/**) and node_modules, else undefined. */
function declaringFile(file: string, root: string): string | undefined {
  const rel = relative(root, file.startsWith('file://') ? fileURLToPath(file) : file)
    .split('\\')
    .join('/');
  return rel.startsWith('..') || rel.startsWith('node_modules/') || rel.startsWith('lib/check/') ? undefined : rel;
}

/**
 * The first stack frame outside the check machinery (lib/check/**), as
 * `path:line` relative to `root`: the code that declared the check. Undefined when none is found.
 */
export function sourceFromStack(stack: string | undefined, root: string = PROJECT_ROOT): string | undefined {
  for (const line of (stack ?? '').split('\n').slice(1)) {
    const m = /(?:\(|at )((?:file:\/\/)?\/[^()\s]*?):(\d+):\d+\)?\s*$/.exec(line.trim());
    if (!m) continue;
    const rel = declaringFile(m[1]!, root);
    if (rel !== undefined) return `${rel}:${m[2]}`;
  }
  return undefined;
}

/**
 * The index of the first of these call sites (a stack not yet formatted) that sourceFromStack
 * could take, by the file each names before any source map; undefined when none could.
 */
export function declaringDepth(sites: readonly NodeJS.CallSite[], root: string = PROJECT_ROOT): number | undefined {
  const at = sites.findIndex((site) => {
    const file = site.getFileName();
    return !!file && /^(?:file:\/\/)?\//.test(file) && declaringFile(file, root) !== undefined;
  });
  return at < 0 ? undefined : at;
}

/** Why a check with these tags does not apply to this target, or null. */
export function notApplicableReason(tags: readonly Tag[], cfg: ResolvedConfig): string | null {
  if (tags.includes('extended') && cfg.resolvedVariant !== 'extended') return 'extended variant only';
  if (tags.includes('base') && cfg.resolvedVariant !== 'base') return 'base variant only';
  if (tags.includes('premium') && !cfg.features.includes('premium'))
    return 'needs the premium feature (--features premium)';
  if (tags.includes('tickets') && !cfg.features.includes('tickets'))
    return 'needs the tickets feature (--features tickets)';
  if (tags.includes('writes') && cfg.readOnly) return 'makes writes (read-only run)';
  if ((tags.includes('writes') || tags.includes('auth')) && cfg.auth.kind === 'none')
    return 'needs credentials (--user/--password or --auth-header)';
  return null;
}

/**
 * A 32-bit seed for one check, derived from the run seed (unsigned, up to 2^53-1: all its bits
 * count) so that `--seed` replays every check. Seeds below 2^32 derive what they always did.
 */
export function checkSeed(runSeed: number, id: string): number {
  let h = runSeed | 0;
  const high = Math.floor(runSeed / 2 ** 32);
  if (high) h = Math.imul(h ^ high, 0x85ebca6b) | 0;
  for (let i = 0; i < id.length; i++) h = Math.imul(h ^ id.charCodeAt(i), 0x9e3779b1) | 0;
  return h;
}

/** The fields of a report entry that show an exchange (the decisive one of a failure). */
export function excerptOf(e: Exchange | undefined): Pick<CheckRecord, 'request' | 'responseExcerpt' | 'curl'> {
  if (!e) return {};
  return {
    request: { method: e.method, url: e.url, headers: e.requestHeaders, body: e.requestBody },
    responseExcerpt: e.error ? `(no answer: ${e.error})` : (e.responseExcerpt ?? '').slice(0, 1000),
    curl: e.curl,
  };
}

/**
 * The exchanges a check that did not pass records: the last `EXCHANGE_CAP`, bodies cut at
 * `EXCHANGE_BODY_CAP` characters, in the shape of results.json (the client already redacted the
 * Authorization value and every form of the secret). `omitted` counts the ones left out. Pure.
 */
export function recordExchanges(xs: readonly Exchange[]): { exchanges: RecordedExchange[]; omitted: number } {
  const kept = xs.slice(-EXCHANGE_CAP);
  const cut = (s: string | undefined) => (s === undefined ? undefined : s.slice(0, EXCHANGE_BODY_CAP));
  return {
    omitted: xs.length - kept.length,
    exchanges: kept.map((e) => ({
      method: e.method,
      url: e.url,
      requestHeaders: { ...e.requestHeaders },
      ...(e.requestBody !== undefined ? { requestBody: cut(e.requestBody) } : {}),
      ...(e.status !== undefined ? { status: e.status } : {}),
      ...(e.responseHeaders ? { responseHeaders: { ...e.responseHeaders } } : {}),
      ...(e.responseExcerpt !== undefined ? { responseExcerpt: cut(e.responseExcerpt) } : {}),
      ms: e.ms,
      retries: e.retries,
      ...(e.error !== undefined ? { error: e.error } : {}),
      curl: e.curl,
    })),
  };
}
