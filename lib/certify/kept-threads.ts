/**
 * A vitest pool of worker threads that outlive a run, for a RunSession that runs many short runs
 * in one process (the self-tests' fault, busy and soak matrices: about 700 runs).
 *
 * Why: vitest ends a run's workers with the run, so every run pays a worker's start-up: Node's
 * bootstrap of the thread, vitest's runtime, undici, ajv, luxon, fast-check and the check library.
 * Measured on the fault matrix (issue 31): about 0.4 s of CPU per run, most of the matrix's cost.
 *
 * How: vitest 4's custom pool interface (`pool: { name, createPoolWorker }`). The thread runs
 * vitest's own worker runtime (`vitest/worker`: init, runBaseTests, setupEnvironment, as vitest's
 * threads pool does), with one difference: "stop" ends vitest's session in the thread (teardown,
 * its RPC channel detached) but not the thread, which goes back to the session's idle list with
 * its loaded modules; the next run's "start" takes it from there. The test files themselves are
 * evaluated again on every run (vitest invalidates them), the library they import is not.
 *
 * What it asks of the check library: module-level state must be keyed on the run (run tag,
 * target), as lib/check/worker-client.ts and suites/observe/support.ts do; a thread never serves
 * two runs at once. `calcert certify` (one run per process) keeps vitest's own threads pool.
 */
import { Worker } from 'node:worker_threads';
import type { PoolOptions, PoolWorker, WorkerRequest } from 'vitest/node';

type Listener = (arg: unknown) => void;

const POOL_NAME = 'calcert-kept-threads';

/**
 * The thread's entry: vitest's threads worker (vitest/dist/workers/threads.js) with a teardown
 * that detaches only the session's listeners (its RPC channel), not the one that takes the next
 * "start". A data: URL, so that the packed tool needs no extra file; vitest/worker is imported by
 * its resolved file URL (a data: module cannot resolve a package name).
 */
function entrySource(vitestWorker: string): string {
  return `
import { parentPort } from 'node:worker_threads';
import { init, runBaseTests, setupEnvironment } from ${JSON.stringify(vitestWorker)};
let dispatcher;
const session = new Set();
init({
  post: (response) => parentPort.postMessage(response),
  on: (callback) => {
    if (dispatcher === undefined) dispatcher = callback;
    else session.add(callback);
    parentPort.on('message', callback);
  },
  off: (callback) => {
    session.delete(callback);
    parentPort.off('message', callback);
  },
  teardown: () => {
    for (const callback of session) parentPort.off('message', callback);
    session.clear();
  },
  runTests: (state, traces) => runBaseTests('run', state, traces),
  collectTests: (state, traces) => runBaseTests('collect', state, traces),
  setup: setupEnvironment,
});
`;
}

/** The idle threads of one session, and every thread it started (to end them at close). */
export class KeptThreads {
  private readonly idle: Worker[] = [];
  private readonly all = new Set<Worker>();
  private entry: URL | undefined;
  /** The number of threads started so far (selftest/kept-threads.test.ts: one serves many runs). */
  started = 0;

  /**
   * The pool to give vitest (`pool:` of createVitest). An instance of a class, not a plain object:
   * vitest deep-merges plain objects into the config file's `pool: 'threads'` and the string wins.
   */
  pool(): KeptPool {
    return new KeptPool(this);
  }

  take(options: PoolOptions): Worker {
    for (let w = this.idle.pop(); w; w = this.idle.pop()) if (this.all.has(w)) return w;
    this.entry ??= new URL(
      `data:text/javascript,${encodeURIComponent(entrySource(import.meta.resolve('vitest/worker')))}`,
    );
    const thread = new Worker(this.entry, { env: options.env, execArgv: options.execArgv, stdout: true, stderr: true });
    this.started++;
    this.all.add(thread);
    // A thread that ends (a crash, or terminate) is never handed out again.
    thread.once('exit', () => this.all.delete(thread));
    return thread;
  }

  give(thread: Worker): void {
    if (this.all.has(thread)) this.idle.push(thread);
  }

  /** End every thread (the session's end). */
  async close(): Promise<void> {
    const threads = [...this.all];
    this.all.clear();
    this.idle.length = 0;
    await Promise.all(threads.map((t) => t.terminate()));
  }
}

/** vitest's custom pool (PoolRunnerInitializer) over a session's kept threads. */
class KeptPool {
  readonly name = POOL_NAME;
  readonly createPoolWorker: (options: PoolOptions) => PoolWorker;
  constructor(threads: KeptThreads) {
    this.createPoolWorker = (options) => new KeptThread(threads, options);
  }
}

/** vitest's PoolWorker over a kept thread: start takes one, stop gives it back. */
class KeptThread implements PoolWorker {
  readonly name = POOL_NAME;
  private thread: Worker | undefined;
  private readonly listeners: Array<[string, Listener]> = [];
  /** The thread answered "stopped" to vitest's "stop": its session ended, it may serve another. */
  private ended = false;
  private readonly stdout: NodeJS.WritableStream;
  private readonly stderr: NodeJS.WritableStream;

  constructor(
    private readonly threads: KeptThreads,
    private readonly options: PoolOptions,
  ) {
    this.stdout = options.project.vitest.logger.outputStream;
    this.stderr = options.project.vitest.logger.errorStream;
  }

  private get live(): Worker {
    if (!this.thread) throw new Error('calcert-kept-threads: the worker thread is not started');
    return this.thread;
  }

  on(event: string, callback: Listener): void {
    this.listeners.push([event, callback]);
    this.live.on(event, callback);
  }

  off(event: string, callback: Listener): void {
    const i = this.listeners.findIndex(([e, c]) => e === event && c === callback);
    if (i >= 0) this.listeners.splice(i, 1);
    this.live.off(event, callback);
  }

  send(message: WorkerRequest): void {
    this.live.postMessage(message);
  }

  deserialize(data: unknown): unknown {
    return data;
  }

  async start(): Promise<void> {
    if (this.thread) return;
    const thread = this.threads.take(this.options);
    this.thread = thread;
    this.ended = false;
    thread.on('message', this.watch);
    // As vitest's threads pool does: one more pipe into the run's output streams.
    for (const [from, to] of this.streams(thread)) {
      to.setMaxListeners(1 + to.getMaxListeners());
      from.pipe(to, { end: false });
    }
  }

  /** The thread's output streams and the run's they are piped into. */
  private streams(thread: Worker): Array<[NodeJS.ReadableStream, NodeJS.WritableStream]> {
    return [
      [thread.stdout, this.stdout],
      [thread.stderr, this.stderr],
    ];
  }

  private readonly watch = (message: unknown): void => {
    if ((message as { type?: unknown } | null)?.type === 'stopped') this.ended = true;
  };

  async stop(): Promise<void> {
    const thread = this.thread;
    if (!thread) return;
    this.thread = undefined;
    // vitest's PoolRunner has detached its own listeners from its emitter, not from the thread.
    for (const [event, callback] of this.listeners.splice(0)) thread.off(event, callback);
    thread.off('message', this.watch);
    for (const [from, to] of this.streams(thread)) {
      from.unpipe(to);
      to.setMaxListeners(to.getMaxListeners() - 1);
    }
    // A thread whose session did not end ("stop" was forced: a cancelled run, a worker error) may
    // still be running checks: it is ended, never handed to the next run.
    if (this.ended) this.threads.give(thread);
    else await thread.terminate();
  }
}
