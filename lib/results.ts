/**
 * Result data of a run: statuses, the report format (`results.json`, format 1) and the verdict.
 * Human-readable reports are rendered from this (lib/report.ts).
 */
import type { Level, RecordedExchange, RecordedRequest } from './check/meta.ts';
import type { TransportKind } from './client.ts';
import type { ObservedSummary } from './observe/crawl.ts';
import type { UnjudgedCause } from './check/outcome.ts';

export type Status = 'pass' | 'fail' | 'warn' | 'n/a' | 'blocked' | 'error' | 'expected-fail' | 'stale-expectation';
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
export type Verdict = 'certified' | 'certified-read-only' | 'partial' | 'not-certified';

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
  message?: string;
  request?: RecordedRequest;
  /** The kind of transport trouble (no HTTP answer) that decided the status, if any. */
  transport?: TransportKind;
  /** With status `error`: the suite could not judge (transient trouble, the run's deadline or an interruption); absent: it broke. */
  unjudged?: UnjudgedCause;
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
  cleanupErrors?: string[];
  /** Requests sent again (a 429 honoured, a GET after a connection reset). */
  retries?: number;
  /** Reason given in an expectations file (--expect). */
  expectation?: string;
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
  /**
   * The in-flight bound over the run (lib/limiter.ts): fixed, or adapted under `--concurrency auto`
   * up to `ceiling`; the sum of the workers' bounds, its minimum, maximum and time-weighted mean.
   */
  concurrency?: { mode: 'auto' | 'fixed'; ceiling: number; min: number; max: number; mean: number };
  /** The run-tag sweeps (absent in read-only runs): tagged records found before and after the checks, records removed, problems. */
  cleanup?: { before: number; after: number; deleted: number; errors: string[] };
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
}

export interface RunReport {
  format: 1;
  header: ReportHeader;
  checks: CheckResult[];
  footer: ReportFooter;
}

/** Statuses that withhold certification when a must-check has them. */
const BLOCKING: Status[] = ['fail', 'blocked', 'error'];

export function verdictOf(
  checks: CheckResult[],
  readOnly: boolean,
  runErrors: string[] = [],
  partial = false,
): Verdict {
  const bad = checks.some((c) => c.level === 'must' && (BLOCKING.includes(c.status) || c.status === 'expected-fail'));
  if (bad || runErrors.length) return 'not-certified';
  if (partial) return 'partial';
  if (readOnly && !observationsRan(checks)) return 'not-certified';
  return readOnly ? 'certified-read-only' : 'certified';
}

/**
 * A read-only run certifies only what it checked on the target's own data: at least the
 * observation checks (group `observe`) must have run (pass, warn or fail, not all n/a).
 */
export function observationsRan(checks: CheckResult[]): boolean {
  return checks.some((c) => groupOf(c.id) === 'observe' && !['n/a', 'error', 'blocked'].includes(c.status));
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
  const broke = errors.filter((c) => !c.unjudged);
  if (transient.length)
    out.push(
      `${transient.length} check(s) could not be judged: transient trouble (502/503/504 or a reset): ${list(transient)}`,
    );
  if (cut.length)
    out.push(`${cut.length} check(s) were cut short by the run's deadline or an interruption: ${list(cut)}`);
  if (broke.length) out.push(`${broke.length} check(s) did not finish or broke: ${list(broke)}`);
  return out;
}
