/**
 * The steps of a certification run that talk to the target (lib/certify/certify.ts runs them in order):
 * start the target (or the embedded reference server), the run's own client, the preflight, the
 * fixtures and the resolved config, the run-tag sweeps, the checks under the global deadline, the
 * second run of the failed must-checks (lib/certify/reconfirm.ts), and the probe that tells a
 * target gone away. Each is unit-tested (selftest/unit/certify-steps.test.ts).
 */
import { randomBytes } from 'node:crypto';
import { DateTime } from 'luxon';
import type { ReferenceOptions, ReferenceServer } from '../../fixtures/reference-server/index.ts';
import { sweep, type SweepResult } from '../run/cleanup.ts';
import { Client, TransportError } from '../run/client.ts';
import { loadFixtures } from '../run/config/load.ts';
import type { Config, FixturesFile, ResolvedConfig } from '../run/config/model.ts';
import type { TapRecord } from '../run/tap.ts';
import { serveInProcess } from '../run/in-process.ts';
import { preflight, PreflightError, PreflightInterrupted, type PreflightResult } from '../run/preflight.ts';
import type { CheckResult } from '../report/results.ts';
import type { ObservedSummary } from '../run/crawl.ts';
import {
  applyReconfirmation,
  failedMust,
  isObservation,
  observeBudgetProblem,
  type Reconfirmation,
  sum,
} from './reconfirm.ts';
import { RunSession, type RunOptions, type RunOutcome } from './runner.ts';

/** The target of the run: the configured one, or the embedded reference server started here. */
export async function startTarget(
  config: Config,
  reference: Partial<ReferenceOptions> = {},
): Promise<{ target: Config; server?: ReferenceServer }> {
  if (config.baseUrl) return { target: config };
  const { startReferenceServer } = await import('../../fixtures/reference-server/index.ts');
  const password = randomBytes(12).toString('hex');
  const server = await startReferenceServer({
    variant: config.variant === 'base' ? 'base' : 'extended',
    port: 0,
    namespace: config.namespace,
    user: 'calcert',
    password,
    features: config.features,
    seedFixtures: true,
    ...reference,
  });
  return { target: { ...config, baseUrl: server.url, auth: { kind: 'basic', user: 'calcert', password } }, server };
}

/**
 * The in-process path of the run's own embedded reference (lib/run/in-process.ts): the checks, the
 * crawl and the run's own client reach it without sockets, under a name unique to the run. None
 * when the run needs the socket: a chaos fault (resets, timing) or a transport fault of the
 * reference (routing and body decoding as a socket delivers them) keep HTTP, as --base-url does.
 */
export async function inProcessHost(
  server: Pick<ReferenceServer, 'wire'>,
  reference: Partial<ReferenceOptions> = {},
): Promise<{ name: string; close(): void } | undefined> {
  const { isTransportFault } = await import('../../fixtures/reference-server/index.ts');
  if (reference.chaos || isTransportFault(reference.fault as Parameters<typeof isTransportFault>[0])) return undefined;
  return serveInProcess(`calcert-${process.pid}-${randomBytes(6).toString('hex')}`, (req) => server.wire(req));
}

/**
 * The run's own client (preflight, sweeps, the after-run probe): sequential, one request at a
 * time, before and after the checks; `inProcess`: the embedded reference's in-process name.
 */
export function runClient(
  target: Config,
  tap?: (record: TapRecord) => void,
  inProcess?: string,
  /** The embedded reference tracks quirks (fixtures/reference-server/tracking.ts): the run's own requests say so. */
  track?: boolean,
): Client {
  return new Client({
    baseUrl: target.baseUrl,
    namespace: target.namespace,
    auth: target.auth,
    timeoutMs: target.timeoutMs,
    concurrency: 1,
    ...(tap ? { tap } : {}),
    ...(inProcess ? { inProcess } : {}),
    ...(track ? { hiddenHeaders: { 'x-calcert-check': 'preflight' } } : {}),
  });
}

/** Preflight: the detected variant and notes, or the one-line problem that makes the target unusable. */
export async function preflightTarget(
  target: Config,
  client: Client,
  signal?: AbortSignal,
): Promise<{ ok: true; pre: PreflightResult } | { ok: false; problem: string; interrupted?: true }> {
  try {
    return { ok: true, pre: await preflight(target, client, signal) };
  } catch (e) {
    if (e instanceof PreflightError) return { ok: false, problem: e.message };
    if (e instanceof PreflightInterrupted) return { ok: false, problem: e.message, interrupted: true };
    throw e;
  }
}

/** The fixtures of the run: given by the caller, read from --fixtures, or the embedded server's. */
export function fixturesOf(
  target: Config,
  given: FixturesFile | null | undefined,
  server: Pick<ReferenceServer, 'fixtures'> | undefined,
): FixturesFile | null {
  if (given !== undefined) return given;
  if (target.fixturesPath) return loadFixtures(target.fixturesPath);
  return server ? server.fixtures : null;
}

/**
 * The config the checks see: the target after preflight. Pure. The embedded reference server
 * answers from this process: its latency is this machine's load, not a network to hide, so it
 * never earns a slow target's extra workers (lib/run/limiter.ts workersFor; each costs a thread's
 * start-up, and on a busy machine more threads only add to the load).
 */
export function resolveConfig(
  target: Config,
  pre: Pick<PreflightResult, 'detectedVariant'> & Partial<Pick<PreflightResult, 'latencyMs' | 'rootVersion'>>,
  fixtures: FixturesFile | null,
  embedded: boolean,
): ResolvedConfig {
  return {
    ...target,
    readOnly: target.readOnly || target.auth.kind === 'none',
    resolvedVariant: target.variant === 'auto' ? pre.detectedVariant : target.variant,
    detectedVariant: pre.detectedVariant,
    fixtures,
    embedded,
    ...(pre.latencyMs !== undefined && !embedded ? { latencyMs: pre.latencyMs } : {}),
    ...(pre.rootVersion ? { rootVersion: pre.rootVersion } : {}),
  };
}

/**
 * The run-tag sweep before the checks (never in read-only runs: no write at all; not for a run tag
 * made for this run, which no record can carry yet: see certifyWith).
 */
export async function sweepBefore(
  client: Client,
  resolved: ResolvedConfig,
  log: (line: string) => void,
  signal?: AbortSignal,
): Promise<SweepResult> {
  return sweep(client, resolved.runTag, { log, signal });
}

/**
 * Run the checks until they end, the global deadline passes or `signal` aborts.
 * `deadlineHit` says whether the deadline stopped them.
 */
export async function runChecksUntil(
  resolved: ResolvedConfig,
  startedAt: Date,
  run: Omit<RunOptions, 'signal'>,
  options: { signal?: AbortSignal; session?: RunSession },
): Promise<{ outcome: RunOutcome; deadlineHit: boolean }> {
  const deadline = new AbortController();
  const timer = setTimeout(
    () => deadline.abort(),
    Math.max(0, resolved.deadlineS * 1000 - (Date.now() - startedAt.getTime())),
  );
  const onOuterAbort = () => deadline.abort();
  options.signal?.addEventListener('abort', onOuterAbort, { once: true });
  // A signal that came before the checks started (an abort event does not fire twice).
  if (options.signal?.aborted) deadline.abort();
  try {
    const runOptions = { ...run, signal: deadline.signal };
    const outcome = options.session
      ? await options.session.run(resolved, runOptions)
      : await runChecks(resolved, runOptions);
    return { outcome, deadlineHit: deadline.signal.aborted && !options.signal?.aborted };
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', onOuterAbort);
  }
}

/** How long a stopped run waits before its last sweep pass (its in-flight writes land meanwhile). */
const INTERRUPTED_SETTLE_MS = 2000;

/** The run-tag sweep after the checks, with up to two more passes while a pass met transient trouble. */
export async function sweepAfter(
  client: Client,
  resolved: ResolvedConfig,
  log: (line: string) => void,
  interrupted = false,
): Promise<SweepResult> {
  if (interrupted) log(`cleanup: sweeping run tag ${resolved.runTag} after the interruption`);
  let after = await sweep(client, resolved.runTag, { log });
  // Up to two more passes while a pass met transient trouble (a reset, a 5xx, a truncated list).
  for (let pass = 2; pass <= 3 && after.errors.length && !after.aborted; pass++) {
    const again = await sweep(client, resolved.runTag, { log });
    after = {
      found: after.found,
      deleted: after.deleted + again.deleted,
      errors: again.errors.length ? [...after.errors, ...again.errors] : [],
      aborted: again.aborted,
    };
  }
  // A stopped run's last writes may still be in the server's hands when the first pass lists (the
  // server finishes a create whose client went away): one more pass once they have had time to land.
  if (interrupted && !after.aborted) {
    await new Promise((r) => setTimeout(r, INTERRUPTED_SETTLE_MS));
    const late = await sweep(client, resolved.runTag, { log });
    after = {
      found: Object.fromEntries(
        Object.entries(after.found).map(([k, n]) => [k, n + (late.found[k as keyof typeof late.found] ?? 0)]),
      ) as SweepResult['found'],
      deleted: after.deleted + late.deleted,
      errors: late.errors.length ? [...after.errors, ...late.errors] : after.errors,
      aborted: late.aborted,
    };
  }
  return after;
}

/** Whether the run met transport trouble (no HTTP answer): a check's stored kind, or a sweep cut short. Pure. */
export function hasTransportTrouble(checks: readonly CheckResult[], after?: SweepResult): boolean {
  return !!after?.aborted || checks.some((c) => c.transport !== undefined);
}

/**
 * What the shadow model takes from the target's REST index: the site time zone (WordPress:
 * `timezone_string`, else `gmt_offset` as `UTC+h`; `UTC` when the index does not say) and the site
 * URL it names (`url`, else `home`; '' when none), by which a site behind a proxy or under another
 * host name than the base URL's writes its links (the model's rule site-address).
 */
export async function siteIndex(client: Client): Promise<{ zone: string; siteUrl: string }> {
  let zone = 'UTC';
  let siteUrl = '';
  try {
    const base = client.options.baseUrl;
    const res = await client.request({
      method: 'GET',
      url: base.includes('?') ? base : `${base.replace(/\/+$/, '')}/`,
    });
    const body = res.json as
      | { timezone_string?: unknown; gmt_offset?: unknown; url?: unknown; home?: unknown }
      | undefined;
    const named = typeof body?.timezone_string === 'string' ? body.timezone_string : '';
    const off = Number(body?.gmt_offset);
    if (named && DateTime.now().setZone(named).isValid) zone = named;
    else if (Number.isFinite(off) && off !== 0 && Math.abs(off) <= 14) {
      const minutes = Math.round(Math.abs(off) * 60);
      zone = `UTC${off > 0 ? '+' : '-'}${Math.floor(minutes / 60)}${minutes % 60 ? `:${String(minutes % 60).padStart(2, '0')}` : ''}`;
    }
    const url = [body?.url, body?.home].find((u) => typeof u === 'string' && /^https?:\/\/[^/]/.test(u));
    if (typeof url === 'string') siteUrl = url;
  } catch (e) {
    if (!(e instanceof TransportError)) throw e;
  }
  return { zone, siteUrl };
}

/** A one-line reason when the target stopped answering during the run, or null. */
export async function detectTargetGone(client: Client): Promise<string | null> {
  try {
    await client.request({ method: 'GET', path: '' });
    return null;
  } catch (e) {
    if (e instanceof TransportError) return e.message;
    throw e;
  }
}

/** Run the suites once against a preflighted target. */
async function runChecks(config: ResolvedConfig, options: RunOptions = {}): Promise<RunOutcome> {
  const session = new RunSession();
  try {
    return await session.run(config, options);
  } finally {
    await session.close();
  }
}

/**
 * Run the failed must-checks once more in `session` (the run's own, under its deadline and
 * signal) and mark them. The second pass reports nothing live (no onResult): its lines are
 * `log`ged. `pass: 2` keys the workers' per-run state (their client, the crawl) apart from the
 * first pass's, so a kept worker thread never reuses the first crawl.
 */
export async function reconfirmFailures(
  resolved: ResolvedConfig,
  startedAt: Date,
  first: { checks: CheckResult[]; observed?: ObservedSummary },
  options: {
    session: RunSession;
    signal?: AbortSignal;
    har?: string;
    inProcess?: string;
    log: (line: string) => void;
  },
): Promise<{ checks: CheckResult[]; summary?: Reconfirmation; outcome?: RunOutcome; cleanupErrors: string[] }> {
  const failed = failedMust(first.checks);
  if (!failed.length) return { checks: first.checks, cleanupErrors: [] };
  const notRun = new Map<string, string>();
  const budget = observeBudgetProblem(first.checks, failed, first.observed, resolved.maxRequests);
  if (budget) for (const id of failed.filter(isObservation)) notRun.set(id, budget);
  const ids = failed.filter((id) => !notRun.has(id));
  options.log(
    `re-confirming ${failed.length} failed must-check(s): each runs once more on fresh records, seed ${resolved.seed}${resolved.readOnly ? ', read-only' : ''}`,
  );
  let outcome: RunOutcome | undefined;
  let deadlineHit = false;
  if (ids.length) {
    const run: Omit<RunOptions, 'signal'> = {
      ids,
      ...(options.har ? { har: options.har } : {}),
      ...(options.inProcess ? { inProcess: options.inProcess } : {}),
    };
    ({ outcome, deadlineHit } = await runChecksUntil({ ...resolved, pass: 2 }, startedAt, run, {
      signal: options.signal,
      session: options.session,
    }));
  }
  const cut = options.signal?.aborted
    ? 'the run was interrupted'
    : deadlineHit
      ? `the run's deadline (--deadline-s ${resolved.deadlineS}) passed`
      : undefined;
  const reruns = outcome?.checks ?? [];
  const requests = sum(reruns) + (outcome?.observed?.requests ?? 0) + (outcome?.setup?.requests ?? 0);
  const marked = applyReconfirmation(first.checks, failed, reruns, notRun, requests, cut);
  const errors = (outcome?.errors ?? []).map((e) => `second run: ${e}`);
  if (errors.length) marked.summary.unsettled = [...(marked.summary.unsettled ?? []), ...errors];
  for (const c of marked.checks)
    if (c.reconfirmed === 'reproduced') options.log(`  reproduced: ${c.id} failed again`);
    else if (c.reconfirmed === 'intermittent')
      options.log(`  INTERMITTENT: ${c.id} passed when run again; it stays a failure`);
  for (const u of marked.summary.unsettled ?? []) options.log(`  not re-confirmed: ${u}`);
  return {
    checks: marked.checks,
    summary: marked.summary,
    ...(outcome ? { outcome } : {}),
    cleanupErrors: outcome?.setup?.cleanupErrors ?? [],
  };
}
