/**
 * `check()`: one conformance check = one vitest test that carries its metadata as data. The
 * wrapper validates the metadata and records where it was declared, decides applicability at run
 * time from the injected config, runs the body with a `CheckContext`, and stores the outcome the
 * classifier decided (lib/check/outcome.ts) in task meta for the reporter.
 */
import { inject, test, type TestContext } from 'vitest';
import { CheckContext } from './context.ts';
import {
  declaringDepth,
  excerptOf,
  notApplicableReason,
  recordExchanges,
  sourceFromStack,
  validateMeta,
  type CheckMeta,
  type CheckRecord,
} from './meta.ts';
import { classifyOutcome } from './outcome.ts';
import { isObservationFile, passGate } from './gate.ts';
import { runConfig, takeLimitChanges } from './worker-client.ts';

/**
 * Where each check was declared, per worker thread: a kept thread collects the same files run
 * after run (the self-tests' matrices: hundreds of runs), and a stack trace, mapped through the
 * module runner's source maps, is most of what declaring a check costs. A check ID is declared
 * in one place (the registry test), so the first run's answer is every later run's.
 */
const KEPT = globalThis as { [key: symbol]: Map<string, string | undefined> | undefined };
const SOURCES_KEY = Symbol.for('calcert.check.sources');
KEPT[SOURCES_KEY] ??= new Map();
const SOURCES = KEPT[SOURCES_KEY];

/**
 * Declare a check. `title` states the behaviour as a fact ("rejects an event without a title").
 */
export function check(
  meta: CheckMeta,
  title: string,
  fn: (t: CheckContext) => Promise<void>,
  options: { timeout?: number } = {},
): void {
  validateMeta(meta);
  // The stacks are taken here, not in a helper: one more frame could push the declaring one past
  // the trace's limit. Mapping a stack's frames through the source maps is most of what it costs
  // (the module runner's prepareStackTrace: ~0.2 s of a full run's 730 checks), so the frames are
  // first taken unformatted to find the declaring one, and only those from this function's caller
  // to it are formatted: the same frames of the same stack but this function's own (lib/check, never
  // the answer), so the same answer; none found there, the whole stack as before.
  if (!SOURCES.has(meta.id)) {
    const prepare = Error.prepareStackTrace;
    const limit = Error.stackTraceLimit;
    let source: string | undefined;
    try {
      Error.prepareStackTrace = (_error, sites) => sites;
      const depth = declaringDepth(new Error().stack as unknown as NodeJS.CallSite[]);
      Error.prepareStackTrace = prepare;
      if (depth !== undefined && depth >= 1 && depth < limit) {
        const upTo: { stack?: string } = {};
        Error.stackTraceLimit = depth;
        Error.captureStackTrace(upTo, check);
        Error.stackTraceLimit = limit;
        source = sourceFromStack(upTo.stack);
      }
      source ??= sourceFromStack(new Error().stack);
    } finally {
      Error.prepareStackTrace = prepare;
      Error.stackTraceLimit = limit;
    }
    SOURCES.set(meta.id, source);
  }
  const source = SOURCES.get(meta.id);
  const record: CheckRecord = { ...meta, title, ...(source ? { source } : {}) };
  // The test's name is the check ID alone: --grep and the vitest name pattern select over IDs
  // (a pattern like 'json-body$' must not meet the title); the title travels in the meta.
  test(meta.id, {
    tags: [...meta.tags],
    meta: { calcert: record },
    timeout: options.timeout,
  }, async (ctx: TestContext) => {
    const cfg = runConfig();
    const own = ctx.task.meta.calcert!;
    const na = notApplicableReason(meta.tags, cfg);
    if (na) {
      own.status = 'n/a';
      own.message = na;
      ctx.skip(na);
      return;
    }
    // Observation checks read the target undisturbed: every other check waits until they end.
    if (!isObservationFile({ moduleId: ctx.task.file.filepath })) await passGate(inject('calcertGate'));
    const t = new CheckContext(meta, cfg);
    own.seed = t.seed;
    let thrown: { error: unknown } | null = null;
    try {
      await fn(t);
    } catch (error) {
      thrown = { error };
    } finally {
      await t.cleanup();
      t.shadow?.flush();
    }
    const outcome = classifyOutcome(thrown, t.exchanges, meta.level, t.assertions);
    own.status = outcome.status;
    if (outcome.message !== undefined) own.message = outcome.message;
    if (outcome.transport) own.transport = outcome.transport;
    if (outcome.unjudged) own.unjudged = outcome.unjudged;
    if (t.runs.needed) {
      own.runs = t.runs.made;
      own.runsNeeded = t.runs.needed;
    }
    if (outcome.status !== 'pass' && outcome.status !== 'n/a') {
      Object.assign(own, excerptOf(outcome.exchange));
      // Every exchange of the check (capped): a property's are those of its failing run.
      const recorded = recordExchanges(outcome.exchanges ?? t.exchanges);
      own.exchanges = recorded.exchanges;
      if (recorded.omitted) own.exchangesOmitted = recorded.omitted;
    }
    own.requests = t.exchanges.length + t.sharedRequests;
    own.traffic = t.coverage();
    own.assertions = t.assertions;
    if (t.setupAssertions) own.setupAssertions = t.setupAssertions;
    const retries = t.exchanges.reduce((n, x) => n + x.retries, 0);
    if (retries) own.retries = retries;
    if (t.cleanupErrors.length) own.cleanupErrors = t.cleanupErrors;
    if (t.setAsides.length) own.setAside = t.setAsides;
    const limits = takeLimitChanges();
    if (limits) own.limits = limits;
    if (outcome.status === 'n/a') ctx.skip(outcome.message);
    else if (thrown && outcome.status !== 'pass') throw thrown.error;
  });
}
