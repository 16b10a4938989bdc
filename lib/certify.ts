/**
 * The main job as a function: resolve the target (or start the embedded reference server),
 * preflight it, run the checks, build the report and its verdict, write the reports.
 * The CLI (`calcert certify`) and the self-tests both call this.
 */
import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import { Client, TransportError } from './client.ts';
import { foundTotal, sweep, type SweepResult } from './cleanup.ts';
import {
  loadFixtures,
  publicConfig,
  secretsOf,
  type Config,
  type FixturesFile,
  type ResolvedConfig,
} from './config.ts';
import { preflight, PreflightError, type PreflightResult } from './preflight.ts';
import { runChecks, type RunOutcome, type RunSession } from './runner.ts';
import { countResults, verdictOf, type CheckResult, type RunReport } from './results.ts';
import { writeReports } from './report.ts';
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
}

/** A one-line reason when the target stopped answering during the run, or null. */
async function targetGone(client: Client): Promise<string | null> {
  try {
    await client.request({ method: 'GET', path: '' });
    return null;
  } catch (e) {
    if (e instanceof TransportError) return e.message;
    throw e;
  }
}

export async function certify(config: Config, options: CertifyOptions = {}): Promise<CertifyResult> {
  const log = options.log ?? (() => undefined);
  const startedAt = new Date();
  let server: ReferenceServer | undefined;
  // One sequential client for the run's own requests: preflight, sweeps, the after-run probe.
  let client: Client | undefined;
  let target: Config = config;
  let gate: RunGate | null;
  try {
    gate = await prepareGate(config);
  } catch (e) {
    if ((e as Error)?.name === 'ConfigError') return { report: null, exitCode: 2, problem: (e as Error).message };
    throw e;
  }
  try {
    if (!config.baseUrl) {
      const { startReferenceServer } = await import('../fixtures/reference-server/index.ts');
      const password = randomBytes(12).toString('hex');
      server = await startReferenceServer({
        variant: config.variant === 'base' ? 'base' : 'extended',
        port: 0,
        namespace: config.namespace,
        user: 'calcert',
        password,
        features: config.features,
        seedFixtures: true,
        ...options.reference,
      });
      target = { ...config, baseUrl: server.url, auth: { kind: 'basic', user: 'calcert', password } };
      log(`embedded reference server (${config.variant === 'base' ? 'base' : 'extended'}) at ${server.url}`);
    }
    client = new Client({
      baseUrl: target.baseUrl,
      namespace: target.namespace,
      auth: target.auth,
      timeoutMs: target.timeoutMs,
      concurrency: 1,
    });
    let pre: PreflightResult;
    try {
      pre = await preflight(target, client);
    } catch (e) {
      if (e instanceof PreflightError) return { report: null, exitCode: 2, problem: e.message };
      throw e;
    }
    for (const n of pre.notes) log(`note: ${n}`);
    let fixtures: FixturesFile | null = null;
    if (options.fixtures !== undefined) fixtures = options.fixtures;
    else if (target.fixturesPath) fixtures = loadFixtures(target.fixturesPath);
    else if (server) fixtures = server.fixtures;
    const resolved: ResolvedConfig = {
      ...target,
      readOnly: target.readOnly || target.auth.kind === 'none',
      resolvedVariant: target.variant === 'auto' ? pre.detectedVariant : target.variant,
      detectedVariant: pre.detectedVariant,
      fixtures,
      embedded: !!server,
    };
    log(
      `target ${resolved.baseUrl}/${resolved.namespace}: variant ${resolved.resolvedVariant}${resolved.readOnly ? ', read-only' : ''}, seed ${resolved.seed}, run tag ${resolved.runTag}`,
    );

    // The run-tag sweep before and after the checks (never in read-only runs: no write at all).
    const sweeps: { before?: SweepResult; after?: SweepResult } = {};
    const sweeping = !resolved.readOnly && options.sweep !== false;
    if (sweeping) sweeps.before = await sweep(client, resolved.runTag, { log });

    const deadline = new AbortController();
    const timer = setTimeout(
      () => deadline.abort(),
      Math.max(0, resolved.deadlineS * 1000 - (Date.now() - startedAt.getTime())),
    );
    const onOuterAbort = () => deadline.abort();
    options.signal?.addEventListener('abort', onOuterAbort, { once: true });
    let outcome: RunOutcome;
    try {
      const runOptions = {
        ids: options.ids,
        files: options.files,
        grep: resolved.grep || undefined,
        onResult: options.onResult,
        signal: deadline.signal,
      };
      outcome = options.session
        ? await options.session.run(resolved, runOptions)
        : await runChecks(resolved, runOptions);
    } finally {
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', onOuterAbort);
    }
    if (sweeping) {
      if (options.signal?.aborted) log(`cleanup: sweeping run tag ${resolved.runTag} after the interruption`);
      sweeps.after = await sweep(client, resolved.runTag, { log });
      // Up to two more passes while a pass met transient trouble (a reset, a 5xx, a truncated list).
      for (let pass = 2; pass <= 3 && sweeps.after.errors.length && !sweeps.after.aborted; pass++) {
        const again = await sweep(client, resolved.runTag, { log });
        sweeps.after = {
          found: sweeps.after.found,
          deleted: sweeps.after.deleted + again.deleted,
          errors: again.errors.length ? [...sweeps.after.errors, ...again.errors] : [],
          aborted: again.aborted,
        };
      }
    }
    // A target that went away mid-run: the checks failed for want of a server, not of conformance.
    const transportTrouble =
      sweeps.after?.aborted ||
      outcome.checks.some((c) =>
        /no answer|connection refused|target is down|does not resolve/.test(
          `${c.message ?? ''} ${c.responseExcerpt ?? ''}`,
        ),
      );
    const gone = transportTrouble && !options.signal?.aborted ? await targetGone(client) : null;
    const cleanup = {
      before: sweeps.before ? foundTotal(sweeps.before) : 0,
      after: sweeps.after ? foundTotal(sweeps.after) : 0,
      deleted: (sweeps.before?.deleted ?? 0) + (sweeps.after?.deleted ?? 0),
      errors: [...(sweeps.before?.errors ?? []), ...(sweeps.after?.errors ?? [])],
    };
    for (const e of cleanup.errors) log(`cleanup: ${e}`);
    const interrupted = options.signal?.aborted
      ? 'interrupted by a signal'
      : deadline.signal.aborted
        ? `the global deadline of ${resolved.deadlineS} s passed`
        : undefined;
    let checks = outcome.checks.sort((a, b) => a.id.localeCompare(b.id));
    if (gate) checks = await gate.apply(checks, { ids: options.ids, grep: resolved.grep || undefined });
    const runErrors = [...outcome.errors];
    if (interrupted) runErrors.push(interrupted);
    const problem = gone
      ? `the target stopped answering during the run (${gone}); fix: check that the server at ${resolved.baseUrl} is up and reachable, then run again (and \`calcert cleanup --run-tag ${resolved.runTag}\` for what the run left)`
      : undefined;
    if (problem) runErrors.push(problem);
    const report: RunReport = {
      format: 1,
      header: {
        tool: 'calcert',
        version: pkg.version,
        target: resolved.baseUrl,
        namespace: resolved.namespace,
        embedded: resolved.embedded,
        variant: {
          declared: config.variant,
          detected: pre.detectedVariant,
          resolved: resolved.resolvedVariant,
          mismatch: config.variant !== 'auto' && config.variant !== pre.detectedVariant,
        },
        features: resolved.features,
        seed: resolved.seed,
        runTag: resolved.runTag,
        readOnly: resolved.readOnly,
        startedAt: startedAt.toISOString(),
        duration: Date.now() - startedAt.getTime(),
        requests: client.requestCount + checks.reduce((n, c) => n + (c.requests ?? 0), 0),
        config: publicConfig(resolved),
        ...(sweeping ? { cleanup } : {}),
      },
      checks,
      footer: {
        counts: countResults(checks),
        verdict: verdictOf(checks, resolved.readOnly, runErrors),
        errors: runErrors,
        ...(interrupted ? { interrupted } : {}),
      },
    };
    const gated = gate?.finish(report);
    let reportDir: string | undefined;
    if (options.writeReports !== false)
      reportDir = writeReports(report, resolved.reportDir, secretsOf(target), { leading: gated?.markdown });
    // --strict without a baseline gates on should-checks too: an (unexpected) warning exits 1.
    // With a baseline, --strict already means "new warnings are regressions".
    const strictWarn = config.strict && !config.baseline && checks.some((c) => c.status === 'warn');
    const gateExit = gated ? gated.exitCode : report.footer.verdict === 'not-certified' ? 1 : 0;
    const exitCode = options.signal?.aborted ? 130 : problem ? 2 : strictWarn ? 1 : gateExit;
    return {
      report,
      exitCode,
      reportDir,
      config: resolved,
      ...(problem ? { problem } : {}),
      ...(gated ? { gate: gated } : {}),
    };
  } finally {
    await client?.close();
    await server?.close();
  }
}
