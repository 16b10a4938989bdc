/**
 * Runs the suites through vitest's programmatic API, in this process, and collects one
 * CheckResult per check from the metadata the check wrapper leaves in task meta.
 * The resolved config reaches the workers through `provide` (never through env: vite owns
 * BASE_URL in workers).
 */
import { loadavg } from 'node:os';
import type { Reporter, TestCase, TestModule, Vitest } from 'vitest/node';
import type { ResolvedConfig } from '../run/config/model.ts';
import { suiteVitestConfig } from '../run/paths.ts';
import { AUTO_START, sharedBound, stopSharedBound, whenIdle, workersFor } from '../run/limiter.ts';
import type { CheckRecord } from '../check/index.ts';
import { listChecks, type ListedCheck, type Selection, selectionOf } from '../check/list.ts';
import { grepsObserve, observe } from './observe.ts';
import type { CheckResult } from '../report/results.ts';
import type { Status } from '../types.ts';
import { KeptThreads } from './kept-threads.ts';
import { isObservationFile, observationEnded, observationGate, openGate } from '../check/gate.ts';
import { notApplicableReason } from '../check/meta.ts';
import { share, summarize, type Learned, type ObservedSummary } from '../run/crawl.ts';

export interface RunOptions {
  /** Only these check IDs (exact). */
  ids?: string[];
  /** Only these suite files (relative to the project root); default: the groups of `ids`. */
  files?: string[];
  /** Regular expression over check IDs (--grep; a test's name is its check ID). */
  grep?: string;
  /** Called as each check finishes (progress output). */
  onResult?: (r: CheckResult) => void;
  /** Progress: checks selected in a suite file once it is collected; a suite file finished. */
  onProgress?: (
    e:
      | { kind: 'files'; count: number }
      | { kind: 'planned'; file: string; checks: number }
      | { kind: 'file-end'; file: string },
  ) => void;
  /** Abort the run (deadline, signal). */
  signal?: AbortSignal;
  /** --har: directory the clients of the run append their exchanges to (lib/tools/har.ts). */
  har?: string;
  /** The shadow model's folder: each check's exchanges, whole (lib/run/shadow.ts). */
  model?: string;
  /** The run's own embedded reference answers in process under this name (lib/run/in-process.ts). */
  inProcess?: string;
  /** The embedded reference tracks quirks by check: each check names itself in its requests (lib/check/context.ts). */
  track?: boolean;
}

export interface RunOutcome {
  checks: CheckResult[];
  errors: string[];
  /** What the observation crawl learned, when observation checks were selected. */
  observed?: ObservedSummary;
  /** Each worker's bound changes ([epoch ms, limit]), for the run's concurrency summary (lib/run/limiter.ts). */
  limits?: Array<Array<[number, number]>>;
  /** Requests and cleanup problems of the files' shared setup outside any check (lib/check/shared.ts). */
  setup?: { requests: number; cleanupErrors: string[] };
}

/** How far past the run's deadline vitest's own per-test timeout lies (a backstop, never reached). */
const DEADLINE_GRACE_MS = 60_000;

/** What a session's vitest instance depends on (its workers, per-file concurrency, timeouts). */
type SessionConfig = Pick<ResolvedConfig, 'concurrency' | 'latencyMs' | 'deadlineS' | 'embedded'>;

/** How long an interrupted run waits for its requests in flight before the sweep. */
const STOP_GRACE_MS = 5000;

/**
 * The status of a check as reported: the one its worker decided (lib/check/outcome.ts). Only a
 * check the worker never finished (killed by vitest's timeout, a file that failed to load) has
 * none: that is `error`. The runner never re-derives a status.
 */
export function statusOf(rec: CheckRecord, state: string): Status {
  if (!rec.status) return 'error';
  // vitest failed a test whose body had finished as a pass: it did not finish in time.
  if (state === 'failed' && rec.status === 'pass') return 'error';
  return rec.status;
}

/** What a result says of its check as declared: its metadata and where it lives. */
function declared(rec: CheckRecord, file: string) {
  return {
    id: rec.id,
    title: rec.title,
    file,
    ...(rec.source ? { source: rec.source } : {}),
    level: rec.level,
    tags: rec.tags,
    requirements: rec.requirements,
    spec: rec.spec,
  };
}

/** The suite files of a stopped run that vitest never collected (their checks never started). */
function uncollected(collector: Collector, specFiles: string[]): string[] {
  const seen = new Set(collector.collectedFiles());
  return specFiles.filter((f) => !seen.has(f));
}

/** The checks of suite files a stopped run never reached, from a collection of those files alone. */
async function notStartedIn(files: string[]): Promise<ListedCheck[]> {
  if (!files.length) return [];
  try {
    return await listChecks(files);
  } catch {
    return [];
  }
}

class Collector implements Reporter {
  readonly checks: CheckResult[] = [];
  readonly errors: string[] = [];
  readonly limits = new Map<number, Array<[number, number]>>();
  readonly setup = { requests: 0, cleanupErrors: [] as string[] };
  constructor(
    private readonly onResult?: (r: CheckResult) => void,
    private readonly onProgress?: RunOptions['onProgress'],
    private readonly selected?: RegExp,
  ) {}

  /** Every suite file collected in this run: the checks a stopped run never finished are found here. */
  private readonly modules: TestModule[] = [];

  collectedFiles(): string[] {
    return this.modules.map((m) => m.moduleId);
  }

  onTestModuleCollected(testModule: TestModule): void {
    this.modules.push(testModule);
    if (!this.onProgress) return;
    let n = 0;
    for (const tc of testModule.children.allTests()) if (!this.selected || this.selected.test(tc.fullName)) n++;
    this.onProgress({ kind: 'planned', file: testModule.relativeModuleId, checks: n });
  }

  onTestCaseResult(testCase: TestCase): void {
    const rec = testCase.meta().calcert;
    if (!rec) return;
    const result = testCase.result();
    // Tests filtered out by id/grep are reported as skipped without an outcome: not part of the run.
    if (result.state === 'skipped' && rec.status !== 'n/a') return;
    if (result.state === 'pending') return;
    if (rec.limits) {
      const seen = this.limits.get(rec.limits.worker) ?? [];
      seen.push(...rec.limits.changes);
      this.limits.set(rec.limits.worker, seen);
    }
    const status = statusOf(rec, result.state);
    let message = rec.message;
    if (status === 'error' && rec.status !== 'error') {
      message = `the check did not finish: ${result.errors?.[0]?.message ?? 'unknown error'}`;
    }
    const diagnostic = testCase.diagnostic();
    const r: CheckResult = {
      ...declared(rec, testCase.module.relativeModuleId),
      status,
      duration: Math.round(diagnostic?.duration ?? 0),
      ...(diagnostic?.startTime ? { started: Math.round(diagnostic.startTime) } : {}),
      ...(message && status !== 'pass' ? { message } : {}),
      ...(status !== 'pass' && status !== 'n/a' && rec.request
        ? { request: rec.request, responseExcerpt: rec.responseExcerpt, curl: rec.curl }
        : {}),
      ...(status !== 'pass' && status !== 'n/a' && rec.exchanges?.length ? { exchanges: rec.exchanges } : {}),
      ...(status !== 'pass' && status !== 'n/a' && rec.exchangesOmitted
        ? { exchangesOmitted: rec.exchangesOmitted }
        : {}),
      ...(rec.transport && status !== 'pass' ? { transport: rec.transport } : {}),
      ...(rec.unjudged && status === 'error' ? { unjudged: rec.unjudged } : {}),
      ...(rec.runsNeeded ? { runs: rec.runs ?? 0, runsNeeded: rec.runsNeeded } : {}),
      ...(rec.seed !== undefined && rec.tags.includes('property') ? { seed: rec.seed } : {}),
      requests: rec.requests ?? 0,
      ...(rec.assertions !== undefined && status !== 'n/a' ? { assertions: rec.assertions } : {}),
      ...(rec.setupAssertions && status !== 'n/a' ? { setupAssertions: rec.setupAssertions } : {}),
      ...(rec.cleanupErrors ? { cleanupErrors: rec.cleanupErrors } : {}),
      ...(rec.retries ? { retries: rec.retries } : {}),
      ...(rec.setAside?.length ? { setAside: rec.setAside } : {}),
      ...(rec.traffic ? { traffic: rec.traffic } : {}),
    };
    this.checks.push(r);
    this.onResult?.(r);
  }

  /**
   * A run stopped by its deadline or a signal: every selected check that reported nothing is
   * `error` (unjudged, 'interrupted'), so the verdict and the footer's incomplete line name it;
   * one its variant or features rule out is `n/a` as it would have been.
   */
  addUnfinished(config: ResolvedConfig, neverStarted: ListedCheck[] = []): void {
    const reported = new Set(this.checks.map((c) => c.id));
    // The checks of suite files the run never reached: known from a collection of those files alone.
    // A check the run stopped: n/a when its tags rule it out, else unjudged (interrupted).
    const stopped = (rec: Parameters<typeof declared>[0], file: string, started: boolean) => {
      const na = notApplicableReason(rec.tags, config);
      const r: CheckResult = {
        ...declared(rec, file),
        status: na ? 'n/a' : 'error',
        duration: 0,
        message:
          na ??
          `the suite could not judge: the run was stopped (deadline or interruption) before the check ${started ? 'ended' : 'started'}`,
        ...(na ? {} : { unjudged: 'interrupted' as const, ...(started ? {} : { notStarted: true as const }) }),
        requests: 0,
      };
      reported.add(rec.id);
      this.checks.push(r);
      this.onResult?.(r);
    };
    for (const rec of neverStarted)
      if (!reported.has(rec.id) && !(this.selected && !this.selected.test(rec.id))) stopped(rec, rec.file, false);
    for (const m of this.modules)
      for (const tc of m.children.allTests()) {
        const rec = tc.meta().calcert;
        if (!rec || reported.has(rec.id) || (this.selected && !this.selected.test(tc.fullName))) continue;
        stopped(rec, m.relativeModuleId, true);
      }
  }

  onTestModuleEnd(testModule: TestModule): void {
    const shared = testModule.meta().calcertSetup;
    if (shared) {
      this.setup.requests += shared.requests;
      this.setup.cleanupErrors.push(...shared.cleanupErrors.map((e) => `${testModule.relativeModuleId}: ${e}`));
    }
    for (const e of testModule.errors()) this.errors.push(`${testModule.relativeModuleId}: ${e.message}`);
    this.onProgress?.({ kind: 'file-end', file: testModule.relativeModuleId });
  }
}

/**
 * One vitest instance that can run the suites several times in a row against different targets
 * (the fault matrix runs ~150 short runs; creating vitest for each costs more than the checks).
 */
export class RunSession {
  private vitest: Vitest | undefined;
  private workers = 0;
  private perFile = 0;
  private timeoutMs = 0;
  private collector = new Collector();
  /** The current run's hook on each suite file's end (the observation gate). */
  private onModuleEnd: ((m: TestModule) => void) | undefined;

  /**
   * `maxWorkers`: at most this many worker threads per run (else workersFor decides).
   * `keepWorkers`: the threads outlive a run (lib/certify/kept-threads.ts); vitest would end them
   * with each run, and a thread's start-up is most of a short run's CPU (the self-tests' matrices).
   */
  constructor(private readonly options: { maxWorkers?: number; keepWorkers?: boolean } = {}) {
    this.kept = options.keepWorkers ? new KeptThreads() : undefined;
  }
  readonly kept: KeptThreads | undefined;

  async run(config: ResolvedConfig, options: RunOptions = {}): Promise<RunOutcome> {
    const { pattern, files, checks } = await selectionOf(options);
    const selected = pattern === undefined ? undefined : new RegExp(pattern);
    const collector = new Collector(options.onResult, options.onProgress, selected);
    this.collector = collector;
    // Only the suite files that hold the selected checks (a worker that loads a file pays for its
    // modules even when the pattern skips every check in it), on as few workers as they need.
    const vitest = await this.instance(config, checks);
    vitest.provide('calcert', config);
    vitest.provide('calcertWorkers', this.workers);
    vitest.provide('calcertHar', options.har ?? '');
    vitest.provide('calcertModel', options.model ?? '');
    vitest.provide('calcertInProcess', options.inProcess ?? '');
    vitest.provide('calcertTrack', options.track ?? false);
    vitest.provide('calcertModelSeq', options.model ? new SharedArrayBuffer(4) : null);
    // One run-wide bound in shared memory: auto starts at 4, a number is fixed.
    const bound = sharedBound(
      config.concurrencyMode === 'auto' ? Math.min(AUTO_START, config.concurrency) : config.concurrency,
    );
    vitest.provide('calcertBound', bound);
    if (pattern === undefined) vitest.resetGlobalTestNamePattern();
    else vitest.setGlobalTestNamePattern(pattern);
    const onAbort = () => {
      // No worker sends another request (a check still running gets RunStopped): nothing the
      // run writes may reach the target after the run-tag sweep that follows.
      stopSharedBound(bound);
      void vitest.cancelCurrentRun('keyboard-input');
    };
    options.signal?.addEventListener('abort', onAbort, { once: true });
    let observed: ObservedSummary | undefined;
    let specFiles: string[] = [];
    try {
      if (!options.signal?.aborted) {
        const specs = await this.specifications(vitest, files);
        specFiles = specs.map((x) => x.moduleId);
        options.onProgress?.({ kind: 'files', count: specs.length });
        // Observation checks read the target's data while no check writes, from one crawl made
        // here (a --grep run leaves the crawl to the workers).
        const first = specs.filter(isObservationFile);
        let learned: Learned | null = null;
        // A --grep that cannot select an observation check leaves the crawl to the workers (if any).
        if (first.length && (!options.grep || (await grepsObserve(options.grep)))) {
          learned = await observe(config, options);
          observed = summarize(learned);
        }
        // Shared memory, not the records: vitest copies a provided value into every file's task.
        vitest.provide('calcertObserved', learned ? share(learned) : null);
        // One vitest run: the observation files are dispatched first (lib/certify/sequencer.ts) and the
        // other checks wait at the gate until the last of them ended (lib/check/gate.ts). A
        // read-only run writes nothing, so nothing can disturb the learned data: no gate.
        const gate = observationGate(config.readOnly ? 0 : first.length);
        vitest.provide('calcertGate', gate);
        this.onModuleEnd = (m) => {
          if (isObservationFile(m)) observationEnded(gate);
        };
        try {
          if (specs.length && !options.signal?.aborted) {
            const result = await vitest.runTestSpecifications(specs, true);
            for (const e of result.unhandledErrors ?? [])
              collector.errors.push(`unhandled error: ${(e as { message?: string })?.message ?? String(e)}`);
          }
        } finally {
          openGate(gate);
          this.onModuleEnd = undefined;
        }
      }
    } finally {
      options.signal?.removeEventListener('abort', onAbort);
      // The requests already in flight when the run was stopped land before the sweep.
      if (options.signal?.aborted) await whenIdle(bound, STOP_GRACE_MS);
    }
    if (options.signal?.aborted) collector.addUnfinished(config, await notStartedIn(uncollected(collector, specFiles)));
    return {
      checks: collector.checks,
      errors: collector.errors,
      limits: [...collector.limits.values()],
      ...(observed ? { observed } : {}),
      setup: collector.setup,
    };
  }

  /** The suite files' specifications by the files asked, for the current vitest instance. */
  private specs = new Map<string, Awaited<ReturnType<Vitest['globTestSpecifications']>>>();

  /**
   * vitest's specifications of these suite files, made once per instance: vitest filters its whole
   * list of test files by each name on every call (~1-2 ms and ~0.8 MB a run of the self-tests'
   * matrices, which run the same files hundreds of times). A specification holds no run state.
   */
  private async specifications(vitest: Vitest, files: string[] | undefined) {
    const key = JSON.stringify(files ?? null);
    let specs = this.specs.get(key);
    if (!specs) {
      specs = await vitest.globTestSpecifications(files);
      this.specs.set(key, specs);
    }
    return [...specs];
  }

  /**
   * Start vitest (module loading, the worker pool's configuration) ahead of the run, so that it
   * overlaps the run-tag sweep and the observation crawl (issue 15: time to the first check).
   */
  warm(config: SessionConfig, selection: Selection = {}): Promise<void> {
    // create(): instance() would wait for `creating`, this very chain (it waited for itself).
    const before = this.creating ?? Promise.resolve();
    this.creating = before
      .then(() => selectionOf(selection))
      .then(({ checks }) => this.create(config, checks))
      .then(
        () => undefined,
        () => undefined,
      );
    return this.creating;
  }
  private creating: Promise<void> | undefined;

  /** `checks`: how many checks the run selects, when it selects (a few need fewer workers). */
  private async instance(config: SessionConfig, checks?: number): Promise<Vitest> {
    // A warm-up under way finishes first (one vitest at a time).
    if (this.creating) {
      const pending = this.creating;
      this.creating = undefined;
      await pending;
    }
    return this.create(config, checks);
  }

  /** The vitest instance for this configuration: the one there is when it fits, or a new one. */
  private async create(config: SessionConfig, checks?: number): Promise<Vitest> {
    // The pool never has more workers than the run's bound (each worker holds a share >= 1).
    const workers = Math.min(
      workersFor(config.concurrency, undefined, config.latencyMs, loadavg()[0], checks, config.embedded === true),
      this.options.maxWorkers ?? Number.POSITIVE_INFINITY,
    );
    // Concurrent checks per file: up to the whole bound (one worker may use every slot the others leave idle).
    const perFile = Math.max(1, config.concurrency);
    // No check has a clock of its own: waiting for a slot or a slow answer never counts against it.
    // The one wall-clock limit is the run's --deadline-s (lib/certify/certify.ts stops the run at it); the
    // per-test timeout sits past it, only to end a run whose deadline could not stop it.
    const timeoutMs = config.deadlineS * 1000 + DEADLINE_GRACE_MS;
    if (this.vitest && this.workers === workers && this.perFile === perFile && this.timeoutMs === timeoutMs)
      return this.vitest;
    await this.shutdown();
    this.specs.clear();
    this.workers = workers;
    this.perFile = perFile;
    this.timeoutMs = timeoutMs;
    const { createVitest } = await import('vitest/node');
    // vitest's logger exits the process on SIGINT/SIGTERM; the CLI parent owns signals
    // (lib/run/signals.ts: stop, sweep, partial report, 130), so the listeners vitest adds are removed.
    const before = new Map((['SIGINT', 'SIGTERM'] as const).map((sig) => [sig, new Set(process.listeners(sig))]));
    // The reporter forwards to whichever collector the current run uses.
    const forward: Reporter = {
      onTestCaseResult: (tc) => this.collector.onTestCaseResult(tc),
      onTestModuleEnd: (m) => {
        this.onModuleEnd?.(m);
        this.collector.onTestModuleEnd(m);
      },
      onTestModuleCollected: (m) => this.collector.onTestModuleCollected(m),
    };
    const suite = await suiteVitestConfig();
    this.vitest = await createVitest(
      'test',
      {
        ...suite.options,
        watch: false,
        reporters: [forward],
        provide: { calcert: config, calcertWorkers: workers },
        maxWorkers: workers,
        maxConcurrency: perFile,
        testTimeout: timeoutMs,
        hookTimeout: timeoutMs,
        passWithNoTests: true,
        ...(this.kept ? { pool: this.kept.pool() } : {}),
      } as never,
      { ...suite.overrides, logLevel: 'silent' } as never,
    );
    for (const [sig, had] of before) for (const l of process.listeners(sig)) if (!had.has(l)) process.off(sig, l);
    return this.vitest;
  }

  async close(): Promise<void> {
    await this.creating;
    await this.shutdown();
  }

  private async shutdown(): Promise<void> {
    await this.vitest?.close();
    this.vitest = undefined;
    await this.kept?.close(); // a kept thread serves the vitest instance that started it
  }
}
