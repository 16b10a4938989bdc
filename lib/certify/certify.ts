/**
 * The main job as a function: resolve the target (or start the embedded reference server),
 * preflight it, run the checks, build the report and its verdict, write the reports.
 * The CLI (`calcert certify`) and the self-tests both call this.
 *
 * `certify()` is a sequence of named steps, each exported and unit-tested
 * (selftest/unit/certify-steps.test.ts): startTarget, runClient, preflightTarget, resolveConfig,
 * sweepBefore, runChecksUntil, sweepAfter, detectTargetGone (lib/certify/steps.ts, the ones that
 * talk to the target), buildReport, writeRunReports, exitCodeOf (lib/certify/finish.ts, pure but
 * for the writing). The pure ones (resolveConfig, hasTransportTrouble, cleanupOf, interruptionOf,
 * buildReport, exitCodeOf) need no server.
 */
import { judgedGate } from '../coverage/map.ts';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import type { ReferenceOptions, ReferenceServer } from '../../fixtures/reference-server/index.ts';
import type { SweepResult } from '../run/cleanup.ts';
import type { Client } from '../run/client.ts';
import { secretsOf, type Config, type FixturesFile, type ResolvedConfig } from '../run/config/model.ts';
import { prepareGate, type GateResult, type RunGate } from '../tools/expectations.ts';
import { fileTap } from '../run/tap.ts';
import { writeHar } from '../tools/har.ts';
import { folderProblem, redactor, reportDirProblem } from '../report/write.ts';
import { cleanupAdvice } from '../run/config/replay.ts';
import type { CheckResult, RunReport } from '../report/results.ts';
import { RunSession, type RunOptions } from './runner.ts';
import { borrowSession, returnSession } from './shared-sessions.ts';
import type { ShadowCheck } from '../run/shadow.ts';
import { summarise, type JudgedExchange, type ModelReport } from '../spec/model/summary.ts';
import type { JudgeContext } from '../spec/model/judge.ts';
import { modelCheckResults, modelPlan, unjudgedModelChecks, unrecordedChecks, withFindings } from './model-results.ts';
import type { LiveStats } from './model-live.ts';
import { machineLoad, type ModelReplay, modelReplayOf, RunReplay, replayedLine } from './model-replay.ts';
import type { ModelOptions } from './model.ts';
import { siteIndex } from './steps.ts';
import {
  cleanupOf,
  exitCodeOf,
  goneProblem,
  buildReport,
  interruptionOf,
  TOOL_VERSION,
  writeRunReports,
} from './finish.ts';
import {
  detectTargetGone,
  fixturesOf,
  hasTransportTrouble,
  inProcessHost,
  preflightTarget,
  reconfirmFailures,
  resolveConfig,
  runChecksUntil,
  runClient,
  startTarget,
  sweepAfter,
  sweepBefore,
} from './steps.ts';

interface CertifyOptions {
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
  /** Progress of the checks (lib/certify/runner.ts RunOptions.onProgress). */
  onProgress?: RunOptions['onProgress'];
  signal?: AbortSignal;
  /** Called once the preflight resolved the target (the variant known): the CLI's replay lines. */
  onResolved?: (resolved: ResolvedConfig) => void;
  /** Reuse this vitest session (self-tests running many short runs); default: a fresh one. */
  session?: RunSession;
  /**
   * Run each failed must-check once more at the end and mark it reproduced or intermittent
   * (lib/certify/reconfirm.ts); default true. The fault matrices, which only ask which checks
   * caught a fault, turn it off.
   */
  reconfirm?: boolean;
  /** The shadow model (issue 37): default on in full runs that write and in runs that select a model check. */
  model?: boolean;
  /**
   * The embedded reference answers the run in process, without sockets (lib/run/in-process.ts);
   * default true. false: over loopback HTTP (the self-test that compares both paths).
   */
  inProcess?: boolean;
  /** Where the model replays: in a thread of its own, live or after the checks (model-replay.ts; default: modelReplayOf). */
  modelReplay?: ModelReplay;
  /** Called with the recordings, the model's judgement, its comparison and its replay (the mutation self-test). */
  onModel?: (
    shadow: ShadowCheck[],
    judged: JudgedExchange[],
    context: JudgeContext,
    replay: { options: ModelOptions; stats: LiveStats; replay: ModelReplay; thread: number | undefined },
  ) => void;
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
  /** --min-judged: why the run judged too little of the interface (it then exits 1). */
  coverageGate?: string;
}

/**
 * Certify. Under --har every client of the run (its own: preflight, sweeps, probe; the observation
 * crawl; each worker's) appends its exchanges to a temporary directory, assembled into the HAR
 * file when the run ends, whatever its outcome (a failed preflight too).
 */
export async function certify(config: Config, options: CertifyOptions = {}): Promise<CertifyResult> {
  // A report folder (or HAR file) that cannot be written is found before the first request, not after the last.
  const unwritable =
    (options.writeReports !== false ? reportDirProblem(config.reportDir) : null) ??
    (config.har
      ? folderProblem(dirname(resolve(config.har)), `--har ${config.har}: its folder`, '--har or CAL_HAR')
      : null);
  if (unwritable) return { report: null, exitCode: 2, problem: unwritable };
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
    { name: 'calcert', version: TOOL_VERSION },
    about,
  );
}

async function certifyWith(config: Config, options: CertifyOptions, har: HarRun): Promise<CertifyResult> {
  const log = options.log ?? (() => undefined);
  const tap = har.dir ? fileTap(har.dir) : undefined;
  const startedAt = new Date();
  let server: ReferenceServer | undefined;
  /** The embedded reference's in-process path (lib/run/in-process.ts), closed with it. */
  let host: { name: string; close(): void } | undefined;
  let client: Client | undefined;
  let ownSession: RunSession | undefined;
  /** A shared session (self-tests: lib/certify/shared-sessions.ts), and whether the run ended cleanly. */
  let lent: RunSession | undefined;
  let lentClean = false;
  let shadowDir: string | undefined;
  let replay: RunReplay | undefined;
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
    host = server && options.inProcess !== false ? await inProcessHost(server, options.reference) : undefined;
    client = runClient(target, tap, host?.name, !!options.reference?.tracker);
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
      const moved = runClient(target, tap, undefined, !!options.reference?.tracker);
      moved.requestCount = client.requestCount;
      await client.close();
      client = moved;
    }
    const resolved = resolveConfig(target, pre, fixturesOf(target, options.fixtures, server), !!server);
    // The ledger has a reader only in a run that sweeps a server that outlives it (lib/run/ledger.ts).
    if (!resolved.readOnly && options.sweep !== false && !resolved.embedded) resolved.ledger = true;
    options.onResolved?.(resolved);
    log(
      `target ${resolved.baseUrl}/${resolved.namespace}: variant ${resolved.resolvedVariant}${resolved.readOnly ? ', read-only' : ''}, seed ${resolved.seed}, run tag ${resolved.runTag}`,
    );

    // vitest starts while the sweep runs (its start-up is most of the time to the first check).
    if (!options.session && !options.signal) lent = borrowSession(() => new RunSession({ keepWorkers: true }));
    if (!options.session && !lent) ownSession = new RunSession();
    const session = options.session ?? lent ?? ownSession!;
    // The shadow model (lib/certify/model.ts): each check's exchanges recorded, replayed after the run.
    const plan = modelPlan({
      readOnly: resolved.readOnly,
      ids: options.ids,
      grep: resolved.grep || undefined,
      model: options.model,
    });
    // The run's own selection (below), so that the warm-up's vitest is the run's.
    const grep = plan.grep ?? (resolved.grep || undefined);
    void session.warm(resolved, { ids: plan.ids ?? options.ids, files: options.files, grep });
    const sweeps: { before?: SweepResult; after?: SweepResult } = {};
    const sweeping = !resolved.readOnly && options.sweep !== false;
    const beforeSweep = stopped('the sweep');
    if (beforeSweep) return beforeSweep;
    // A fresh run tag (made for this run, not given) is on no record yet: nothing to sweep.
    if (sweeping && !resolved.freshRunTag) sweeps.before = await sweepBefore(client, resolved, log, options.signal);
    const beforeChecks = stopped('the checks');
    if (beforeChecks) return beforeChecks;
    // A run that names its suite files runs the feeders' files too.
    const files =
      plan.feeders?.length && options.files?.length
        ? [...new Set([...options.files, ...(await feederFiles(plan.feeders))])]
        : options.files;
    const { zone, siteUrl } = plan.on ? await siteIndex(client) : { zone: 'UTC', siteUrl: '' };
    shadowDir = plan.on ? mkdtempSync(join(tmpdir(), 'calcert-model-')) : undefined;
    // The model replays the checks' recordings in a thread of its own as each ends, or after them (lib/certify/model-replay.ts).
    const quirks = ['original'];
    const modelOptions: ModelOptions = {
      resolved,
      zone,
      siteUrl,
      quirks,
      ...(options.onModel ? { keep: true } : {}),
      ...(options.signal ? { signal: options.signal } : {}),
    };
    const run = { ids: options.ids, files: options.files, session: !!options.session, load: machineLoad() };
    const choice = modelReplayOf({ ...run, grep: resolved.grep || undefined, asked: options.modelReplay });
    replay = shadowDir ? new RunReplay(shadowDir, modelOptions, choice) : undefined;
    const onResult = replay?.pokes
      ? (r: CheckResult) => {
          replay?.poke();
          options.onResult?.(r);
        }
      : options.onResult;
    const checksFrom = Date.now();
    const { outcome, deadlineHit } = await runChecksUntil(
      resolved,
      startedAt,
      {
        ids: plan.ids ?? options.ids,
        files,
        grep,
        onResult,
        onProgress: options.onProgress,
        ...(har.dir ? { har: har.dir } : {}),
        ...(shadowDir ? { model: shadowDir } : {}),
        ...(host ? { inProcess: host.name } : {}),
        ...(options.reference?.tracker ? { track: true } : {}),
      },
      { signal: options.signal, session },
    );
    const checksSpan: [number, number] = [checksFrom, Date.now()];
    // Each failed must-check once more (lib/certify/reconfirm.ts), unless the run was stopped.
    const again =
      options.reconfirm !== false && !options.signal?.aborted && !deadlineHit
        ? await reconfirmFailures(resolved, startedAt, outcome, {
            session,
            signal: options.signal,
            log,
            ...(har.dir ? { har: har.dir } : {}),
            ...(host ? { inProcess: host.name } : {}),
          })
        : undefined;
    if (again) outcome.checks = again.checks;
    lentClean = !deadlineHit;
    let signalled = !!options.signal?.aborted;
    if (sweeping) sweeps.after = await sweepAfter(client, resolved, log, signalled);
    // A target that went away mid-run: the checks failed for want of a server, not of conformance.
    const gone =
      hasTransportTrouble(outcome.checks, sweeps.after) && !signalled ? await detectTargetGone(client) : null;
    const cleanup = cleanupOf(sweeps);
    cleanup.errors.unshift(...(outcome.setup?.cleanupErrors ?? []), ...(again?.cleanupErrors ?? []));
    for (const e of cleanup.errors) log(`cleanup: ${e}`);
    if (cleanup.errors.length) {
      cleanup.remedy = cleanupRemedy(resolved);
      log(`cleanup: ${cleanup.remedy}`);
    }
    let interrupted = interruptionOf(signalled, deadlineHit, resolved.deadlineS);
    let checks = outcome.checks;
    let model: ModelReport | undefined;
    if (shadowDir && replay && !interrupted) {
      const modelFrom = Date.now();
      const modelCpu = process.cpuUsage();
      const { outcome: replayed, where } = await replay.judge(log);
      const { judged, stats } = replayed;
      // A signal during the replay (the sweep is done) stops it: the run ends as interrupted.
      if (options.signal?.aborted) {
        signalled = true;
        interrupted = interruptionOf(true, deadlineHit, resolved.deadlineS);
        log("model: stopped by the signal before it compared every answer; the model's checks are unjudged");
      } else {
        const shadow = replayed.shadow ?? [];
        if (replayed.context && replayed.shadow)
          options.onModel?.(replayed.shadow, judged, replayed.context, {
            options: modelOptions,
            stats,
            replay: choice.replay,
            thread: replayed.thread?.id,
          });
        const unrecorded = unrecordedChecks(checks, replayed.recorded);
        if (unrecorded.length)
          log(
            `model: ${unrecorded.length} check(s) sent requests but left no recording in ${shadowDir} (removed or unwritable during the run?): the model checks that found no difference are unjudged`,
          );
        checks = [
          ...withFindings(checks, judged),
          ...modelCheckResults(judged, shadow, {
            variant: resolved.resolvedVariant,
            baseUrl: resolved.baseUrl,
            namespace: resolved.namespace,
            selected: plan.selected,
            unrecorded,
            elementsOf: replayed.elementsOf,
          }),
        ];
        model = summarise(judged, { quirks, variant: resolved.resolvedVariant, zone });
        const cpu = process.cpuUsage(modelCpu);
        log(
          `${modelLine(model)} (${((Date.now() - modelFrom) / 1000).toFixed(1)} s, cpu ${((cpu.user + cpu.system) / 1e6).toFixed(1)} s${where}${replay.pokes ? `; ${replayedLine(stats)}` : ''})`,
        );
      }
    } else await replay?.close();
    if (plan.on && interrupted) {
      // Stopped before the model ran: its selected checks are unjudged, never missing from the report.
      const unjudged = unjudgedModelChecks({ variant: resolved.resolvedVariant, selected: plan.selected });
      for (const r of unjudged) options.onResult?.(r);
      checks = [...checks, ...unjudged];
    }
    checks = checks.sort((a, b) => a.id.localeCompare(b.id));
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
      ownRequests: client.requestCount + (outcome.setup?.requests ?? 0) + (again?.summary?.requests ?? 0),
      observed: outcome.observed,
      checks,
      runErrors,
      ...(sweeping ? { cleanup } : {}),
      interrupted,
      limits: outcome.limits,
      checksSpan,
      ...(again?.summary ? { reconfirmation: again.summary } : {}),
      ...(model ? { model } : {}),
    });
    const gated = gate?.finish(report);
    const reportDir = options.writeReports !== false ? writeRunReports(report, target, gated?.markdown) : undefined;
    const coverageGate = judgedGate(report.coverage, config.minJudged);
    const verdictExit = exitCodeOf({
      signalled,
      problem,
      strict: config.strict,
      baseline: config.baseline,
      checks,
      verdict: report.footer.verdict,
      gateExit: gated?.exitCode,
    });
    // --min-judged: a run that judged too little of the interface exits 1 (never masks 2 or 130).
    const exitCode = coverageGate && verdictExit === 0 ? 1 : verdictExit;
    return {
      report,
      exitCode,
      ...(coverageGate ? { coverageGate } : {}),
      reportDir,
      config: resolved,
      ...(problem ? { problem } : {}),
      ...(gated ? { gate: gated } : {}),
    };
  } finally {
    await replay?.close();
    if (shadowDir) rmSync(shadowDir, { recursive: true, force: true });
    await ownSession?.close();
    if (lent) await returnSession(lent, lentClean);
    await client?.close();
    host?.close();
    await server?.close();
  }
}

/** The suite files of the feeder checks (the cached check list). */
async function feederFiles(feeders: string[]): Promise<string[]> {
  const { listChecks } = await import('../check/list.ts');
  const listed = await listChecks();
  return feeders.map((id) => listed.find((c) => c.id === id)?.file).filter((f): f is string => !!f);
}

/** The run's model line: answers compared, identical, set aside, differing, out of scope. Pure. */
export function modelLine(m: ModelReport): string {
  const differing = m.compared - m.identical - m.specReading;
  const fields = m.byField.slice(0, 3).map((f) => `${f.field} (${f.answers})`);
  return `model: ${m.compared} answers compared with the original's model, ${m.identical} identical${m.specReading ? `, ${m.specReading} where the original deviates from the spec and this server follows the spec` : ''}, ${differing} differ${fields.length ? ` (${fields.join(', ')}${m.byField.length > 3 ? ', ...' : ''})` : ''}; ${m.outOfScope.count} out of scope`;
}

/** What to do when a sweep met problems: the cleanup line that runs as printed. Pure. */
function cleanupRemedy(resolved: ResolvedConfig): string {
  const advice = resolved.embedded ? null : cleanupAdvice(resolved);
  return advice
    ? `the sweep could not finish, so records of run ${resolved.runTag} may be left on the target; fix: once the server answers well again, run ${advice}`
    : `the sweep could not finish; the embedded reference server went away with the run, and what it held with it`;
}
