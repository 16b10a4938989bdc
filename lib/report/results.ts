/**
 * Result data of a run: statuses, the report format (`results.json`, format 1) and the verdict.
 * Human-readable reports are rendered from this (lib/report/write.ts).
 */
import type { CoverageMap } from '../coverage/map.ts';
import type { ModelFinding, ModelReport } from '../spec/model/summary.ts';
import type { ObservedSummary } from '../run/crawl.ts';
import { pastBound, type SnapshotHeader, tooFast } from '../spec/judge/snapshot.ts';
import type { Level, RecordedExchange, RecordedRequest, Status, TransportKind, UnjudgedCause } from '../types.ts';

export const STATUSES: readonly Status[] = [
  'pass',
  'fail',
  'warn',
  'n/a',
  'blocked',
  'error',
  'expected-fail',
  'stale-expectation',
];
/**
 * `partial`: a run limited to some checks (--grep) in which no selected must-check failed: it
 * certifies the selected checks only, never the interface (exit code 0, README "Exit codes").
 */
type Verdict = 'certified' | 'certified-read-only' | 'partial' | 'inconclusive' | 'not-certified';

export interface CheckResult {
  id: string;
  title: string;
  file: string;
  /** `path:line` (relative to the project root) of the code that declared the check. */
  source?: string;
  level: Level;
  tags: string[];
  requirements: string[];
  spec: string;
  status: Status;
  duration: number;
  /** When the check started (epoch ms): a route group's wall time in junit.xml. */
  started?: number;
  message?: string;
  request?: RecordedRequest;
  /** The kind of transport trouble (no HTTP answer) that decided the status, if any. */
  transport?: TransportKind;
  /** With status `error`: the suite could not judge (transient trouble, the run's deadline or an interruption); absent: it broke. */
  unjudged?: UnjudgedCause;
  /** An interrupted run stopped before this check started (its suite file was never reached). */
  notStarted?: true;
  /** Property checks: runs made and the minimum needed. */
  runs?: number;
  runsNeeded?: number;
  responseExcerpt?: string;
  curl?: string;
  /** A check that did not pass: every exchange of it (the last 20, bodies cut at 2000 characters, redacted). */
  exchanges?: RecordedExchange[];
  /** Exchanges left out of `exchanges` (beyond the cap). */
  exchangesOmitted?: number;
  seed?: number;
  requests?: number;
  /**
   * Judgements: assertions the check made on the answers to its own requests that exercise the
   * behaviour it names (setup reads and the list/record readers' bookkeeping not counted): a pass
   * has at least one.
   */
  assertions?: number;
  /** Assertions that are no evidence: setup (`t.setup`) and the readers' bookkeeping (`t.record`, `t.list`). */
  setupAssertions?: number;
  cleanupErrors?: string[];
  /** Requests sent again (a 429 honoured, a GET after a connection reset). */
  retries?: number;
  /** Reason given in an expectations file (--expect). */
  expectation?: string;
  /**
   * A failed must-check run once more at the end of the run (lib/certify/reconfirm.ts): it failed
   * again (`reproduced`) or passed (`intermittent`, still a failure). Absent when it was not run
   * again or its second run judged nothing (footer.reconfirmation.unsettled says why).
   */
  reconfirmed?: 'reproduced' | 'intermittent';
  /** Records the check set aside from the read-only snapshot, each with the judge's rule (lib/spec/judge/rules.ts). */
  setAside?: Array<{ plural: string; id: number; rule: string; why: string; counts: boolean }>;
  /** The model (issue 37): how many of the check's answers differ from the original's model, and the first few. */
  modelDifferences?: number;
  modelFindings?: ModelFinding[];
  /** A model check (`<resource>.<operation>.model`): answers compared and differing, the first differences side by side. */
  model?: { compared: number; differing: number; differences: ModelFinding[] };
  /** In memory only (never written): what the check's requests sent and it judged, for the coverage map (lib/coverage). */
  traffic?: { sent: string[]; judged: string[] };
}

export interface ReportHeader {
  tool: string;
  version: string;
  target: string;
  namespace: string;
  embedded: boolean;
  variant: { declared: string; detected: string | null; resolved: string; mismatch: boolean };
  features: string[];
  seed: number;
  runTag: string;
  readOnly: boolean;
  startedAt: string;
  duration: number;
  requests: number;
  config: Record<string, unknown>;
  /** How much of the target the observation crawl learned (absent when no observation check was selected). */
  observed?: ObservedSummary;
  /** The snapshot the observation checks judged (CONTRACT.md; lib/spec/judge/snapshot.ts): past its bound the verdict is `inconclusive`. */
  snapshot?: SnapshotHeader;
  /**
   * The in-flight bound over the run (lib/run/limiter.ts): fixed, or adapted under `--concurrency auto`
   * up to `ceiling`; the sum of the workers' bounds, its minimum, maximum and time-weighted mean.
   */
  concurrency?: { mode: 'auto' | 'fixed'; ceiling: number; min: number; max: number; mean: number };
  /** The run-tag sweeps (absent in read-only runs): tagged records found before and after the checks, records removed, problems. */
  cleanup?: {
    before: number;
    after: number;
    deleted: number;
    errors: string[];
    /** When a sweep met problems: what to do about the records it may have left (the cleanup line). */
    remedy?: string;
  };
}

export interface ReportFooter {
  counts: {
    byLevel: Record<string, Record<string, number>>;
    byStatus: Record<string, number>;
    byGroup: Record<string, Record<string, number>>;
  };
  verdict: Verdict;
  /** How the run was limited (--grep), when it was: the verdict is then `partial` at best. */
  selection?: { grep: string };
  /** Problems of the run itself (a suite file that failed to load, an interruption, ...). */
  errors: string[];
  interrupted?: string;
  /** Why the run is incomplete: checks the suite could not judge or that broke (status `error`). */
  incomplete?: string[];
  /** With verdict `inconclusive`: why the read-only run judged too little, and what to do. */
  inconclusive?: string;
  /**
   * Thin passes: checks that ended with fewer than `below` (1) judgements, as `id (setup n)`. Each
   * is `error` (unjudged 'no-evidence'): setup reads and bookkeeping alone never make a pass.
   */
  thinPasses?: { below: number; checks: string[] };
  /**
   * The failed must-checks run once more (lib/certify/reconfirm.ts): how many failed, how many
   * failed again or passed, the requests of the second runs, and per check not re-confirmed why.
   */
  reconfirmation?: {
    failed: number;
    reproduced: number;
    intermittent: number;
    requests: number;
    unsettled?: string[];
  };
}

export interface RunReport {
  format: 1;
  header: ReportHeader;
  checks: CheckResult[];
  footer: ReportFooter;
  /** The interface coverage map of the run (lib/coverage/map.ts; absent in reports written before it). */
  coverage?: CoverageMap;
  /** The model comparison of a run that wrote (issue 37, lib/certify/model.ts). */
  model?: ModelReport;
}

/** Statuses that withhold certification when a must-check has them. */
const BLOCKING: Status[] = ['fail', 'blocked', 'error'];

export function verdictOf(
  checks: CheckResult[],
  readOnly: boolean,
  runErrors: string[] = [],
  partial = false,
  snapshot?: SnapshotHeader,
): Verdict {
  const bad = checks.some(
    (c) =>
      c.level === 'must' &&
      (BLOCKING.includes(c.status) || c.status === 'expected-fail') &&
      !(c.status === 'error' && c.unjudged === 'moving'),
  );
  if (bad || runErrors.length) return 'not-certified';
  // Past the bound of set-asides the site changed too fast to judge (rule `bound`), and so did it
  // for a must-check the site moved under: never certified.
  if ((snapshot && pastBound(snapshot)) || movingMusts(checks).length) return 'inconclusive';
  if (partial) return 'partial';
  if (readOnly) return readOnlyShortfall(checks) ? 'inconclusive' : 'certified-read-only';
  return 'certified';
}

/**
 * The observation groups a read-only certificate rests on (CONTRACT.md: `certified-read-only`
 * needs every one judged): each needs at least one of its checks judged (pass, warn or fail) on
 * the target's own data. Events are the calendar: paging, filters, reads by ID and slug and
 * anonymous visibility are judged on them (a site with venues but no event shows nothing of
 * them). A group whose checks were all n/a (no data for them) or unjudged leaves the run
 * inconclusive.
 */
const OBSERVATION_GROUPS: ReadonlyArray<{ name: string; ids: RegExp }> = [
  { name: 'lists', ids: /^observe\.(crawl\.lists-readable|[a-z]+-records\.contract)$/ },
  { name: 'paging of events', ids: /^observe\.events-list\.(pages-partition|per-page)$/ },
  { name: 'event filters', ids: /^observe\.events-(filter|dates)\./ },
  { name: 'events by ID and slug', ids: /^observe\.events-read\./ },
  { name: 'anonymous visibility of events', ids: /^observe\.events-anonymous\./ },
];

/** Observation checks a read-only run must judge at least to say anything (an empty site judges a handful). */
export const MIN_JUDGED_READ_ONLY = 20;

const JUDGED: Status[] = ['pass', 'warn', 'fail', 'expected-fail', 'stale-expectation'];

/**
 * Why a read-only run judged too little to certify (fewer than MIN_JUDGED_READ_ONLY observation
 * checks judged, or an observation group with none), with the way out; null when it judged
 * enough. Pure.
 */
export function readOnlyShortfall(checks: readonly CheckResult[]): string | null {
  const judged = checks.filter((c) => groupOf(c.id) === 'observe' && JUDGED.includes(c.status));
  const missing = OBSERVATION_GROUPS.filter((g) => !judged.some((c) => g.ids.test(c.id))).map((g) => g.name);
  if (judged.length >= MIN_JUDGED_READ_ONLY && !missing.length) return null;
  const fix =
    'seed it with events, venues, organizers, categories and tags (published and not, by ID and slug), or run with writes (credentials, no --read-only) on a staging copy';
  if (judged.length < MIN_JUDGED_READ_ONLY)
    return `the read-only run judged ${judged.length} observation check(s) (at least ${MIN_JUDGED_READ_ONLY} needed)${missing.length ? ` and no check of: ${missing.join(', ')}` : ''}: the site holds too little data to judge; ${fix}`;
  // Enough judged, but a group's checks were all n/a: their reasons say what they lacked (data,
  // or, for the anonymous view of records that carry no status, credentials to compare it with).
  return `the read-only run judged ${judged.length} observation check(s) but no check of: ${missing.join(', ')} (each was n/a: its reason in the report says what it lacked; for the anonymous view, run with credentials so that it is compared with the authenticated one); or ${fix}`;
}

/** Fewer judgements than this make a thin pass (reported per run, footer.thinPasses). */
export const THIN_PASS = 1;

/**
 * The thin passes of a run, as `id (setup n)`: checks that ended with fewer than THIN_PASS
 * judgements (CheckResult.assertions), whatever their setup and bookkeeping asserted. The
 * classifier makes each `error` (unjudged 'no-evidence'); a `pass` among them would be a bug of
 * the harness and is listed too. Pure.
 */
export function thinPassesOf(checks: readonly CheckResult[]): string[] {
  return checks
    .filter(
      (c) =>
        c.unjudged === 'no-evidence' || (c.status === 'pass' && c.assertions !== undefined && c.assertions < THIN_PASS),
    )
    .map((c) => `${c.id} (setup ${c.setupAssertions ?? 0})`);
}

/**
 * What --strict (without a baseline) gates on beyond the verdict: the should-checks that warned,
 * and those left unjudged (`error`: a 502/503/504, a budget, no evidence; `blocked`: their setup
 * failed). An unjudged should-check is no silent pass under --strict. Pure.
 */
export function strictShortfall(checks: readonly CheckResult[]): { warned: string[]; unjudged: string[] } {
  return {
    warned: checks.filter((c) => c.status === 'warn').map((c) => c.id),
    unjudged: checks
      .filter((c) => c.level === 'should' && (c.status === 'error' || c.status === 'blocked'))
      .map((c) => c.id),
  };
}

export function groupOf(id: string): string {
  return id.split('.')[0] ?? id;
}

export function countResults(checks: CheckResult[]): ReportFooter['counts'] {
  const byLevel: Record<string, Record<string, number>> = {};
  const byStatus: Record<string, number> = {};
  const byGroup: Record<string, Record<string, number>> = {};
  for (const c of checks) {
    byStatus[c.status] = (byStatus[c.status] ?? 0) + 1;
    byLevel[c.level] = { ...byLevel[c.level], [c.status]: (byLevel[c.level]?.[c.status] ?? 0) + 1 };
    const g = groupOf(c.id);
    byGroup[g] = { ...byGroup[g], [c.status]: (byGroup[g]?.[c.status] ?? 0) + 1 };
  }
  return { byLevel, byStatus, byGroup };
}

/** Why a run is incomplete (one line per cause), or [] when every check was judged. Pure. */
export function incompleteOf(checks: readonly CheckResult[]): string[] {
  const errors = checks.filter((c) => c.status === 'error');
  const list = (cs: CheckResult[]) =>
    `${cs
      .slice(0, 10)
      .map((c) => c.id)
      .join(', ')}${cs.length > 10 ? `, and ${cs.length - 10} more` : ''}`;
  const out: string[] = [];
  const transient = errors.filter((c) => c.unjudged === 'transient');
  const cut = errors.filter((c) => c.unjudged === 'interrupted');
  const requests = errors.filter((c) => c.unjudged === 'request-budget');
  const noEvidence = errors.filter((c) => c.unjudged === 'no-evidence');
  const moving = errors.filter((c) => c.unjudged === 'moving');
  const broke = errors.filter((c) => !c.unjudged);
  if (transient.length)
    out.push(
      `${transient.length} check(s) could not be judged: transient trouble (502/503/504 or a reset): ${list(transient)}`,
    );
  if (cut.length)
    out.push(`${cut.length} check(s) were cut short by the run's deadline or an interruption: ${list(cut)}`);
  if (requests.length)
    out.push(
      `${requests.length} observation check(s) spent their request budget before judging (raise --max-requests): ${list(requests)}`,
    );
  if (noEvidence.length)
    out.push(
      `${noEvidence.length} check(s) made no assertion on the server's answers (a defect of the check): ${list(noEvidence)}`,
    );
  if (moving.length)
    out.push(
      `${moving.length} observation check(s) could not judge while the site moved (site changing too fast): ${list(moving)}`,
    );
  if (broke.length) out.push(`${broke.length} check(s) did not finish or broke: ${list(broke)}`);
  return out;
}

/** Must-checks left unjudged because the site moved faster than the judge allows. */
function movingMusts(checks: readonly CheckResult[]): CheckResult[] {
  return checks.filter((c) => c.level === 'must' && c.status === 'error' && c.unjudged === 'moving');
}

/** Why a run is inconclusive: the snapshot past its bound or must-checks the site moved under, else the read-only shortfall. Pure. */
export function inconclusiveWhy(checks: readonly CheckResult[], snapshot?: SnapshotHeader): string | null {
  const moving = movingMusts(checks);
  const why = [
    snapshot && pastBound(snapshot) ? tooFast(snapshot) : '',
    moving.length
      ? `site changing too fast: ${moving.length} must-check(s) could not judge while the site moved (${moving
          .slice(0, 5)
          .map((c) => c.id)
          .join(', ')}${moving.length > 5 ? ', ...' : ''})`
      : '',
  ].filter(Boolean);
  return why.length ? why.join('; ') : readOnlyShortfall(checks);
}

/**
 * The header's snapshot: the crawl's counts and the distinct records the checks set aside (those
 * whose rule counts against the bound) together with those the two readings disagreed on and those
 * the fixtures file declares out of the samples (`declared`: declaredSetAsides, rule
 * `declared-bound`). Pure.
 */
export function snapshotHeader(
  observed: { records: number; differing: number; arrived: number; bound: number } | undefined,
  checks: readonly CheckResult[],
  declared: readonly { plural: string; id: number }[] = [],
): SnapshotHeader | undefined {
  if (!observed) return undefined;
  const keys = new Set<string>();
  for (const c of checks) for (const s of c.setAside ?? []) if (s.counts) keys.add(`${s.plural} ${s.id}`);
  for (const s of declared) keys.add(`${s.plural} ${s.id}`);
  return {
    records: observed.records,
    setAside: observed.differing + keys.size,
    bound: observed.bound,
    differing: observed.differing,
    arrived: observed.arrived,
    ...(declared.length ? { declared: declared.length } : {}),
  };
}
