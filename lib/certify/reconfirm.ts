/**
 * Re-confirmation of failures (issue 39): at the end of a run, each must-check that failed runs
 * once more, on fresh records (a check makes its own records again) with the run's seed, in the
 * same vitest session. Its result says `reproduced` (it failed again) or `intermittent` (it passed
 * the second time); an intermittent failure stays a failure: the mark never changes a status, a
 * count or the verdict. A re-run that judged nothing (error, blocked, cut short by the deadline or
 * a signal) leaves its check unmarked, with the reason in the footer's `reconfirmation.unsettled`.
 *
 * The budget: the re-runs run under the run's own --deadline-s (what is left of it) and, for the
 * observation checks, within --max-requests: they need a second crawl of the target's lists, made
 * only when the observation reads of the first pass leave room for it. A read-only run re-runs its
 * checks read-only (the same resolved config). The decisions are pure and unit-tested
 * (selftest/unit/reconfirm.test.ts); `reconfirmFailures` (lib/certify/steps.ts) runs them.
 */
import type { ObservedSummary } from '../run/crawl.ts';
import type { CheckResult, ReportFooter } from '../report/results.ts';

type Reconfirmed = NonNullable<CheckResult['reconfirmed']>;
export type Reconfirmation = NonNullable<ReportFooter['reconfirmation']>;

/** The checks to run again: the must-checks that failed. Pure. */
export function failedMust(checks: readonly CheckResult[]): string[] {
  return checks.filter((c) => c.level === 'must' && c.status === 'fail').map((c) => c.id);
}

export const isObservation = (id: string) => id.startsWith('observe.');

/**
 * Why the failed observation checks cannot be run again within --max-requests, or null. Their
 * re-run needs a second crawl (as many requests as the first) plus their own share again; the
 * observation reads of the whole run (both passes) stay within the budget. Pure.
 */
export function observeBudgetProblem(
  checks: readonly CheckResult[],
  failed: readonly string[],
  observed: Pick<ObservedSummary, 'requests'> | undefined,
  maxRequests: number,
): string | null {
  const again = failed.filter(isObservation);
  if (!again.length) return null;
  const spent = (observed?.requests ?? 0) + sum(checks.filter((c) => isObservation(c.id)));
  const needed = (observed?.requests ?? 0) + sum(checks.filter((c) => again.includes(c.id)));
  if (spent + needed <= maxRequests) return null;
  return `not run again: a second crawl and its checks need about ${needed} requests and the observation reads of the run already used ${spent} of --max-requests ${maxRequests}`;
}

export function sum(checks: readonly CheckResult[]): number {
  return checks.reduce((n, c) => n + (c.requests ?? 0), 0);
}

/**
 * The mark of a failed check from its second run: `reproduced` when it failed again,
 * `intermittent` when it passed; null when the second run judged nothing. Pure.
 */
export function markOf(rerun: Pick<CheckResult, 'status'> | undefined): Reconfirmed | null {
  if (rerun?.status === 'fail') return 'reproduced';
  if (rerun?.status === 'pass') return 'intermittent';
  return null;
}

/** Why a second run judged nothing, in a few words (`cut`: what stopped the second pass, if anything). Pure. */
function unsettledWhy(rerun: CheckResult | undefined, cut?: string): string {
  if (cut && (!rerun || rerun.unjudged === 'interrupted')) return `its second run was cut short: ${cut}`;
  if (!rerun) return 'its second run did not report';
  if (rerun.unjudged === 'interrupted') return 'its second run was cut short (the deadline or a signal)';
  const first = (rerun.message ?? '').split('\n')[0] ?? '';
  return `its second run was ${rerun.status}${first ? `: ${first.length > 200 ? `${first.slice(0, 200)}...` : first}` : ''}`;
}

/**
 * The run's checks with each failed must-check marked from its second run, and the footer's
 * summary. Statuses, counts and the verdict are the first pass's: only the marks are added. Pure.
 */
export function applyReconfirmation(
  checks: readonly CheckResult[],
  failed: readonly string[],
  reruns: readonly CheckResult[],
  notRun: ReadonlyMap<string, string>,
  requests: number,
  cut?: string,
): { checks: CheckResult[]; summary: Reconfirmation } {
  const byId = new Map(reruns.map((r) => [r.id, r]));
  const summary: Reconfirmation = { failed: failed.length, reproduced: 0, intermittent: 0, requests };
  const unsettled: string[] = [];
  const out = checks.map((c) => {
    if (!failed.includes(c.id)) return c;
    const skipped = notRun.get(c.id);
    const rerun = byId.get(c.id);
    const mark = skipped ? null : markOf(rerun);
    if (!mark) {
      unsettled.push(`${c.id}: ${skipped ?? unsettledWhy(rerun, cut)}`);
      return c;
    }
    summary[mark]++;
    return { ...c, reconfirmed: mark };
  });
  if (unsettled.length) summary.unsettled = unsettled;
  return { checks: out, summary };
}
