/**
 * The main job as a function: resolve the target (or start the embedded reference server),
 * preflight it, run the checks, build the report and its verdict, write the reports.
 * The CLI (`calcert certify`) and the self-tests both call this.
 *
 * `certify()` is a sequence of named steps, each exported and unit-tested
 * (selftest/unit/certify-steps.test.ts): startTarget, runClient, preflightTarget, resolveConfig,
 * sweepBefore, runChecksUntil, sweepAfter, detectTargetGone, buildReport, writeRunReports,
 * exitCodeOf. The pure ones (resolveConfig, hasTransportTrouble, cleanupOf, interruptionOf,
 * buildReport, exitCodeOf) need no server.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client, TransportError } from './client.ts';
import { fileTap, writeHar, type TapRecord } from './har.ts';
import { foundTotal, sweep, type SweepResult } from './cleanup.ts';
import { calcertCommand } from './config/replay.ts';
import { loadFixtures } from './config/load.ts';
import { publicConfig, secretsOf, type Config, type FixturesFile, type ResolvedConfig } from './config/model.ts';
import { concurrencyOver } from './limiter.ts';
import { preflight, PreflightError, PreflightInterrupted, type PreflightResult } from './preflight.ts';
import { runChecks, RunSession, type RunOptions, type RunOutcome } from './runner.ts';
import {
  countResults,
  incompleteOf,
  readOnlyShortfall,
  THIN_PASS,
  thinPassesOf,
  verdictOf,
  type CheckResult,
  type RunReport,
} from './results.ts';
import { redactor, writeReports } from './report.ts';
import { prepareGate, type GateResult, type RunGate } from './expectations.ts';
import type { ReferenceOptions, ReferenceServer } from '../fixtures/reference-server/index.ts';

const pkg = createRequire(import.meta.url)('../package.json') as { version: string };

export interface CertifyOptions {
  /** Only these check IDs. */
  ids?: string[];
  /** Only these suite files (self-tests that know where their checks live). */
  files?: string[];
  /** Sweep the run tag before and after (default true; self-tests on a throwaway server skip it). */
  sweep?: boolean;
  /** Use these fixtures instead of --fixtures / the embedded server's. */
  fixtures?: FixturesFile | null;
  /** Options for the embedded reference server (self-tests: a fault, quirks, features). */
  reference?: Partial<ReferenceOptions>;
  /** Default true. */
  writeReports?: boolean;
  /** Progress lines (default: none). */
  log?: (line: string) => void;
  onResult?: (r: CheckResult) => void;
  /** Progress of the checks (lib/runner.ts RunOptions.onProgress). */
  onProgress?: RunOptions['onProgress'];
  signal?: AbortSignal;
  /** Reuse this vitest session (self-tests running many short runs); default: a fresh one. */
  session?: RunSession;
}

export interface CertifyResult {
  /** Null when the run never started (preflight or configuration failed). */
  report: RunReport | null;
  exitCode: 0 | 1 | 2 | 130;
  reportDir?: string;
  /** One line: why the run could not start. */
  problem?: string;
  config?: ResolvedConfig;
  /** Under --expect / --baseline: the changes, notes and why the exit code is what it is. */
  gate?: GateResult;
  /** --har: the file written and its number of entries (every exchange of the run). */
  har?: { file: string; entries: number };
}

// ---------------------------------------------------------------------------------------------
// Steps

/** The target of the run: the configured one, or the embedded reference server started here. */
export async function startTarget(
  config: Config,
  reference: Partial<ReferenceOptions> = {},
): Promise<{ target: Config; server?: ReferenceServer }> {
  if (config.baseUrl) return { target: config };
  const { startReferenceServer } = await import('../fixtures/reference-server/index.ts');
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
 * The run's own client (preflight, sweeps, the after-run probe): sequential, one request at a
 * time, before and after the checks.
 */
export function runClient(target: Config, tap?: (record: TapRecord) => void): Client {
  return new Client({
    baseUrl: target.baseUrl,
    namespace: target.namespace,
    auth: target.auth,
    timeoutMs: target.timeoutMs,
    concurrency: 1,
    ...(tap ? { tap } : {}),
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

/** The config the checks see: the target after preflight. Pure. */
export function resolveConfig(
  target: Config,
  pre: Pick<PreflightResult, 'detectedVariant'> & Partial<Pick<PreflightResult, 'medianMs'>>,
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
    ...(pre.medianMs !== undefined ? { medianMs: pre.medianMs } : {}),
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
  return after;
}

/** Whether the run met transport trouble (no HTTP answer): a check's stored kind, or a sweep cut short. Pure. */
export function hasTransportTrouble(checks: readonly CheckResult[], after?: SweepResult): boolean {
  return !!after?.aborted || checks.some((c) => c.transport !== undefined);
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

/** The header's cleanup summary from the sweeps. Pure. */
export function cleanupOf(sweeps: {
  before?: SweepResult;
  after?: SweepResult;
}): NonNullable<RunReport['header']['cleanup']> {
  return {
    before: sweeps.before ? foundTotal(sweeps.before) : 0,
    after: sweeps.after ? foundTotal(sweeps.after) : 0,
    deleted: (sweeps.before?.deleted ?? 0) + (sweeps.after?.deleted ?? 0),
    errors: [...(sweeps.before?.errors ?? []), ...(sweeps.after?.errors ?? [])],
  };
}

/** Why the run stopped early, or undefined. Pure. */
export function interruptionOf(signalled: boolean, deadlineHit: boolean, deadlineS: number): string | undefined {
  if (signalled) return 'interrupted by a signal';
  if (deadlineHit) return `the global deadline of ${deadlineS} s passed`;
  return undefined;
}

/** The problem line for a target that stopped answering during the run. Pure. */
export function goneProblem(gone: string, resolved: Pick<ResolvedConfig, 'baseUrl' | 'runTag'>): string {
  return `the target stopped answering during the run (${gone}); fix: check that the server at ${resolved.baseUrl} is up and reachable, then run again (and \`${calcertCommand()} cleanup --run-tag ${resolved.runTag}\` for what the run left)`;
}

/** The run report: header, checks (sorted by ID), footer with counts and verdict. Pure. */
export function buildReport(input: {
  config: Config;
  resolved: ResolvedConfig;
  detectedVariant: PreflightResult['detectedVariant'];
  startedAt: Date;
  finishedAt: Date;
  /** Requests of the run's own client (preflight, sweeps, probe) and of shared setup outside the checks. */
  ownRequests: number;
  checks: CheckResult[];
  runErrors: string[];
  cleanup?: RunReport['header']['cleanup'];
  interrupted?: string;
  /** What the observation crawl learned (its requests count in the header's total). */
  observed?: RunReport['header']['observed'];
  /** Each worker's bound changes during the checks (RunOutcome.limits). */
  limits?: RunOutcome['limits'];
  /** When the checks started and ended (epoch ms), for the concurrency summary. */
  checksSpan?: [number, number];
}): RunReport {
  const span = input.checksSpan ?? [input.startedAt.getTime(), input.finishedAt.getTime()];
  const used = input.limits ? concurrencyOver(input.limits, span[0], span[1]) : null;
  const { config, resolved, checks } = input;
  return {
    format: 1,
    header: {
      tool: 'calcert',
      version: pkg.version,
      target: resolved.baseUrl,
      namespace: resolved.namespace,
      embedded: resolved.embedded,
      variant: {
        declared: config.variant,
        detected: input.detectedVariant,
        resolved: resolved.resolvedVariant,
        mismatch: config.variant !== 'auto' && config.variant !== input.detectedVariant,
      },
      features: resolved.features,
      seed: resolved.seed,
      runTag: resolved.runTag,
      readOnly: resolved.readOnly,
      startedAt: input.startedAt.toISOString(),
      duration: input.finishedAt.getTime() - input.startedAt.getTime(),
      requests: input.ownRequests + (input.observed?.requests ?? 0) + checks.reduce((n, c) => n + (c.requests ?? 0), 0),
      config: publicConfig(resolved),
      ...(input.observed ? { observed: input.observed } : {}),
      ...(used
        ? {
            concurrency: {
              mode: resolved.concurrencyMode === 'auto' ? ('auto' as const) : ('fixed' as const),
              ceiling: resolved.concurrency,
              ...used,
            },
          }
        : {}),
      ...(input.cleanup ? { cleanup: input.cleanup } : {}),
    },
    checks,
    footer: footerOf(checks, resolved.readOnly, input.runErrors, resolved.grep, input.interrupted),
  };
}

/** The report's footer: counts, verdict, and the lines that qualify it. Pure. */
function footerOf(
  checks: CheckResult[],
  readOnly: boolean,
  runErrors: string[],
  grep: string,
  interrupted?: string,
): RunReport['footer'] {
  const verdict = verdictOf(checks, readOnly, runErrors, !!grep);
  const thin = thinPassesOf(checks);
  const inconclusive = verdict === 'inconclusive' ? readOnlyShortfall(checks) : null;
  return {
    counts: countResults(checks),
    verdict,
    ...(grep ? { selection: { grep } } : {}),
    errors: runErrors,
    ...(interrupted ? { interrupted } : {}),
    ...(incompleteOf(checks).length ? { incomplete: incompleteOf(checks) } : {}),
    ...(inconclusive ? { inconclusive } : {}),
    ...(thin.length ? { thinPasses: { below: THIN_PASS, checks: thin } } : {}),
  };
}

/** Write results.json, summary.md, junit.xml; the directory written. */
export function writeRunReports(report: RunReport, target: Config, leading?: string): string {
  return writeReports(report, target.reportDir, secretsOf(target), { leading });
}

/**
 * The exit code: 130 interrupted by a signal, 2 the target went away, 1 under --strict (without
 * a baseline) when a should-check warned, else the gate's (--expect / --baseline) or the verdict's. Pure.
 */
export function exitCodeOf(input: {
  signalled: boolean;
  problem?: string;
  strict: boolean;
  baseline: string;
  checks: readonly CheckResult[];
  verdict: RunReport['footer']['verdict'];
  gateExit?: 0 | 1;
}): 0 | 1 | 2 | 130 {
  if (input.signalled) return 130;
  if (input.problem) return 2;
  // --strict without a baseline gates on should-checks too: an (unexpected) warning exits 1.
  // With a baseline, --strict already means "new warnings are regressions".
  if (input.strict && !input.baseline && input.checks.some((c) => c.status === 'warn')) return 1;
  if (input.gateExit !== undefined) return input.gateExit;
  return input.verdict === 'not-certified' || input.verdict === 'inconclusive' ? 1 : 0;
}

// ---------------------------------------------------------------------------------------------

/**
 * Certify. Under --har every client of the run (its own: preflight, sweeps, probe; the observation
 * crawl; each worker's) appends its exchanges to a temporary directory, assembled into the HAR
 * file when the run ends, whatever its outcome (a failed preflight too).
 */
export async function certify(config: Config, options: CertifyOptions = {}): Promise<CertifyResult> {
  if (!config.har) return certifyWith(config, options, {});
  const dir = mkdtempSync(join(tmpdir(), 'calcert-har-'));
  const har: HarRun = { dir, secrets: secretsOf(config) };
  try {
    const result = await certifyWith(config, options, har);
    const entries = writeHarOf(config.har, har, result.config);
    return { ...result, har: { file: config.har, entries } };
  } catch (e) {
    writeHarOf(config.har, har, undefined);
    throw e;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The --har state of a run: the tap directory and the secrets to redact (the embedded server's too). */
interface HarRun {
  dir?: string;
  secrets?: string[];
}

function writeHarOf(file: string, har: HarRun, resolved: ResolvedConfig | undefined): number {
  const about = resolved
    ? `calcert certify of ${resolved.baseUrl}/${resolved.namespace}, seed ${resolved.seed}, run tag ${resolved.runTag}`
    : 'calcert certify (the run did not start: see its output)';
  return writeHar(
    har.dir as string,
    file,
    redactor(har.secrets ?? []),
    { name: 'calcert', version: pkg.version },
    about,
  );
}

async function certifyWith(config: Config, options: CertifyOptions, har: HarRun): Promise<CertifyResult> {
  const log = options.log ?? (() => undefined);
  const tap = har.dir ? fileTap(har.dir) : undefined;
  const startedAt = new Date();
  let server: ReferenceServer | undefined;
  let client: Client | undefined;
  let ownSession: RunSession | undefined;
  let gate: RunGate | null;
  try {
    gate = await prepareGate(config);
  } catch (e) {
    if ((e as Error)?.name === 'ConfigError') return { report: null, exitCode: 2, problem: (e as Error).message };
    throw e;
  }
  try {
    const started = await startTarget(config, options.reference);
    let target = started.target;
    server = started.server;
    har.secrets = secretsOf(target);
    if (server) log(`embedded reference server (${config.variant === 'base' ? 'base' : 'extended'}) at ${server.url}`);
    client = runClient(target, tap);
    // Ctrl-C before the checks: stop between steps, send nothing more (exit 130, no report).
    const stopped = (before: string): CertifyResult | null =>
      options.signal?.aborted
        ? { report: null, exitCode: 130, problem: `interrupted before ${before}; nothing more was sent` }
        : null;
    const early = stopped('the preflight');
    if (early) return early;
    const preflighted = await preflightTarget(target, client, options.signal);
    if (!preflighted.ok)
      return { report: null, exitCode: preflighted.interrupted ? 130 : 2, problem: preflighted.problem };
    const pre = preflighted.pre;
    for (const n of pre.notes) log(`note: ${n}`);
    for (const w of pre.warnings ?? []) log(`warning: ${w}`);
    if (pre.baseUrl) {
      // --base-url was a site URL: the run goes to the REST root the preflight discovered.
      target = { ...target, baseUrl: pre.baseUrl };
      const moved = runClient(target, tap);
      moved.requestCount = client.requestCount;
      await client.close();
      client = moved;
    }
    const resolved = resolveConfig(target, pre, fixturesOf(target, options.fixtures, server), !!server);
    log(
      `target ${resolved.baseUrl}/${resolved.namespace}: variant ${resolved.resolvedVariant}${resolved.readOnly ? ', read-only' : ''}, seed ${resolved.seed}, run tag ${resolved.runTag}`,
    );

    // vitest starts while the sweep runs (its start-up is most of the time to the first check).
    if (!options.session) ownSession = new RunSession();
    const session = options.session ?? ownSession!;
    void session.warm(resolved);
    const sweeps: { before?: SweepResult; after?: SweepResult } = {};
    const sweeping = !resolved.readOnly && options.sweep !== false;
    const beforeSweep = stopped('the sweep');
    if (beforeSweep) return beforeSweep;
    // A fresh run tag (made for this run, not given) is on no record yet: nothing to sweep.
    if (sweeping && !resolved.freshRunTag) sweeps.before = await sweepBefore(client, resolved, log, options.signal);
    const beforeChecks = stopped('the checks');
    if (beforeChecks) return beforeChecks;
    const checksFrom = Date.now();
    const { outcome, deadlineHit } = await runChecksUntil(
      resolved,
      startedAt,
      {
        ids: options.ids,
        files: options.files,
        grep: resolved.grep || undefined,
        onResult: options.onResult,
        onProgress: options.onProgress,
        ...(har.dir ? { har: har.dir } : {}),
      },
      { signal: options.signal, session },
    );
    const checksSpan: [number, number] = [checksFrom, Date.now()];
    const signalled = !!options.signal?.aborted;
    if (sweeping) sweeps.after = await sweepAfter(client, resolved, log, signalled);
    // A target that went away mid-run: the checks failed for want of a server, not of conformance.
    const gone =
      hasTransportTrouble(outcome.checks, sweeps.after) && !signalled ? await detectTargetGone(client) : null;
    const cleanup = cleanupOf(sweeps);
    cleanup.errors.unshift(...(outcome.setup?.cleanupErrors ?? []));
    for (const e of cleanup.errors) log(`cleanup: ${e}`);
    const interrupted = interruptionOf(signalled, deadlineHit, resolved.deadlineS);
    let checks = outcome.checks.sort((a, b) => a.id.localeCompare(b.id));
    if (gate) checks = await gate.apply(checks, { ids: options.ids, grep: resolved.grep || undefined });
    const runErrors = [...outcome.errors];
    if (interrupted) runErrors.push(interrupted);
    const problem = gone ? goneProblem(gone, resolved) : undefined;
    if (problem) runErrors.push(problem);
    const report = buildReport({
      config,
      resolved,
      detectedVariant: pre.detectedVariant,
      startedAt,
      finishedAt: new Date(),
      ownRequests: client.requestCount + (outcome.setup?.requests ?? 0),
      observed: outcome.observed,
      checks,
      runErrors,
      ...(sweeping ? { cleanup } : {}),
      interrupted,
      limits: outcome.limits,
      checksSpan,
    });
    const gated = gate?.finish(report);
    const reportDir = options.writeReports !== false ? writeRunReports(report, target, gated?.markdown) : undefined;
    const exitCode = exitCodeOf({
      signalled,
      problem,
      strict: config.strict,
      baseline: config.baseline,
      checks,
      verdict: report.footer.verdict,
      gateExit: gated?.exitCode,
    });
    return {
      report,
      exitCode,
      reportDir,
      config: resolved,
      ...(problem ? { problem } : {}),
      ...(gated ? { gate: gated } : {}),
    };
  } finally {
    await ownSession?.close();
    await client?.close();
    await server?.close();
  }
}
