/**
 * The shadow model replayed in a worker thread of its own while the checks run (issue 37). The
 * main thread serves the embedded target and runs the CLI; the vitest worker runs the checks; on
 * 2 cores the main thread was about half idle during the checks, and the model (about 2.6 CPU-s)
 * ran after them on one core. The replay on the main thread itself (model-live.ts alone) delayed
 * the target's answers; in a thread of its own, at a lower priority (nice), it takes the CPU the
 * checks leave.
 *
 * The thread (model-thread-entry.ts) hosts a LiveModel over the run's shadow folder: it reads the
 * lines the workers append, replays and judges them exactly as runModel would after the run (the
 * end checks the clock skew and run window, and replays again if in doubt), and answers `finish`
 * with data: the judged exchanges, how the replay went, the elements of each compared exchange,
 * the recorded check IDs (and under `keep` the recordings and the judge's context).
 *
 * It costs more CPU than the replay after the checks (its start: a thread and its modules, about
 * 0.5 CPU-s compiled, 1 through tsx in the repository; and the replay runs cold in a fresh V8
 * isolate: a full run's, 2.7 CPU-s cold against 1.7 warm), so certify uses it in a full run on a
 * machine with a core to spare only (certify.ts modelReplayOf), never in the self-tests' small runs.
 * A poke is one message per check (687 in a full run: 2 ms of the main thread, 9 ms in all),
 * cheaper than a thread polling the folder, which reads it after each replayed check anyway.
 */
import { Worker } from 'node:worker_threads';
import type { ShadowCheck } from '../run/shadow.ts';
import type { JudgeContext, JudgedExchange } from '../spec/model/judge.ts';
import type { LiveStats } from './model-live.ts';
import type { ModelOptions } from './model.ts';

/** What the thread gets at its start (structured-clone data: no signal, no hook). */
export interface ThreadData {
  dir: string;
  options: Omit<ModelOptions, 'signal' | 'onContext'>;
}

export type ThreadIn = { type: 'poke' } | { type: 'abort' } | { type: 'finish' };

export interface ThreadDone {
  type: 'done';
  judged: JudgedExchange[];
  stats: LiveStats;
  /** Per judged exchange (same order): the elements it sent and was judged on when compared, else null. */
  elements: Array<string[] | null>;
  /** The check IDs that left a recording. */
  recorded: string[];
  /** The thread that replayed (worker_threads threadId). */
  threadId: number;
  /** Its CPU time (Linux), ms. */
  cpuMs?: number;
  /** Under `keep`: the recordings (check ID order) and how the answers were compared. */
  shadow?: ShadowCheck[];
  context?: JudgeContext;
}

export type ThreadOut = { type: 'ready' } | ThreadDone | { type: 'failed'; message: string };

/** What certify takes from the model's replay, wherever it ran. */
export interface ModelOutcome {
  judged: JudgedExchange[];
  stats: LiveStats;
  recorded: string[];
  elementsOf: (j: JudgedExchange) => readonly string[] | undefined;
  shadow?: ShadowCheck[];
  context?: JudgeContext;
  /** Replayed in a thread of its own: its threadId and CPU time (Linux), ms. */
  thread?: { id: number; cpuMs?: number };
}

/** The thread's niceness above the process's (Linux: per thread): the checks' threads come first, the model takes what they leave. */
export const MODEL_THREAD_NICE = 10;

/**
 * The module the thread runs: the compiled model-thread-entry.js beside this file in the packed
 * tool; in the repository, a bootstrap that registers tsx in the thread (a worker inherits no
 * module hooks) and imports model-thread-entry.ts. Either lowers the thread's priority first, so
 * that the threads it starts (tsx's hooks) inherit it.
 */
export function threadEntry(nice = MODEL_THREAD_NICE, here = import.meta.url): URL {
  const compiled = here.endsWith('.js');
  const entry = new URL(compiled ? './model-thread-entry.js' : './model-thread-entry.ts', here).href;
  const lines = [
    `import { getPriority, setPriority } from 'node:os';`,
    `try { setPriority(Math.min(19, getPriority() + ${nice})); } catch {}`,
    ...(compiled
      ? []
      : [`const { register } = await import(${JSON.stringify(import.meta.resolve('tsx/esm/api'))});`, 'register();']),
    `await import(${JSON.stringify(entry)});`,
  ];
  return new URL(`data:text/javascript,${encodeURIComponent(lines.join('\n'))}`);
}

/** The thread failed (did not load, threw, ended): its message says why, in one line. */
export class ModelThreadError extends Error {
  override name = 'ModelThreadError';
}

export class ModelThread {
  private readonly worker: Worker;
  private readonly outcome: Promise<ThreadDone>;
  private settled = false;
  private readonly onAbort = () => this.send({ type: 'abort' });

  constructor(
    dir: string,
    private readonly opts: ModelOptions,
    entry: URL = threadEntry(),
  ) {
    const { signal: _s, onContext: _c, ...options } = opts;
    const data: ThreadData = { dir, options: { ...options, resolved: pickResolved(options.resolved) } };
    this.worker = new Worker(entry, { workerData: data, stdout: false, stderr: false });
    // Never what keeps the process alive: certify closes it, and an exit ends it.
    this.worker.unref();
    this.outcome = new Promise<ThreadDone>((resolve, reject) => {
      const fail = (why: string) => {
        this.settled = true;
        reject(new ModelThreadError(why));
      };
      this.worker.on('message', (m: ThreadOut) => {
        if (m.type === 'done') {
          this.settled = true;
          resolve(m);
        } else if (m.type === 'failed') fail(m.message);
      });
      this.worker.on('error', (e) => fail(firstLine(e)));
      this.worker.on('messageerror', (e) => fail(`a message did not arrive whole (${firstLine(e)})`));
      this.worker.on('exit', (code) => fail(`the thread ended (exit code ${code}) before it answered`));
    });
    // A failure is read at finish(); until then it must not be an unhandled rejection.
    this.outcome.catch(() => undefined);
    opts.signal?.addEventListener('abort', this.onAbort, { once: true });
  }

  private send(m: ThreadIn): void {
    if (!this.settled) this.worker.postMessage(m);
  }

  /** A check ended: the thread reads the folder and replays what is new. */
  poke(): void {
    this.send({ type: 'poke' });
  }

  /** The whole run judged (the replay finished in the thread); throws ModelThreadError when the thread failed. */
  async finish(): Promise<ModelOutcome> {
    if (this.opts.signal?.aborted) this.onAbort();
    this.send({ type: 'finish' });
    const done = await this.outcome;
    const elements = new Map<JudgedExchange, readonly string[]>();
    done.judged.forEach((j, i) => {
      const e = done.elements[i];
      if (e) elements.set(j, e);
    });
    return {
      judged: done.judged,
      stats: done.stats,
      recorded: done.recorded,
      elementsOf: (j) => elements.get(j),
      thread: { id: done.threadId, ...(done.cpuMs !== undefined ? { cpuMs: done.cpuMs } : {}) },
      ...(done.shadow ? { shadow: done.shadow } : {}),
      ...(done.context ? { context: done.context } : {}),
    };
  }

  /** Ends the thread (the models it started go with it). */
  async close(): Promise<void> {
    this.opts.signal?.removeEventListener('abort', this.onAbort);
    this.settled = true;
    await this.worker.terminate();
  }
}

/** The resolved configuration's parts the model reads (ResolvedConfig holds more than a thread needs). */
function pickResolved(r: ModelOptions['resolved']): ModelOptions['resolved'] {
  return {
    resolvedVariant: r.resolvedVariant,
    features: r.features,
    namespace: r.namespace,
    baseUrl: r.baseUrl,
    runTag: r.runTag,
    ...(r.fixtures ? { fixtures: r.fixtures } : {}),
  };
}

function firstLine(e: unknown): string {
  const text = e instanceof Error ? `${e.name === 'Error' ? '' : `${e.name}: `}${e.message}` : String(e);
  return text.split('\n')[0] ?? text;
}
