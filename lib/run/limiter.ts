/**
 * The run's concurrency bound, in one place.
 *
 * `--concurrency c` means at most c requests in flight across the whole run. The checks run in
 * vitest workers (at most `workersFor(c)` of them, never more than c); each worker holds a fixed
 * share of c (`shareOf`, shares sum to exactly c), enforced by one `Limiter` that every client of
 * the worker shares. The run's own client (preflight, sweeps, the after-run probe) sends one
 * request at a time and only before or after the checks.
 *
 * The Limiter is a small FIFO semaphore whose limit can change while it runs (`setLimit`), so an
 * adaptive bound (e.g. AIMD on the target's answers) can drive it later.
 */
import { availableParallelism } from 'node:os';

/** What bounds the requests in flight: a worker's own Limiter, or the run-wide SharedLimiter. */
export interface InFlightBound {
  readonly limit: number;
  readonly inFlight: number;
  setLimit(limit: number): void;
  run<T>(fn: () => Promise<T>): Promise<T>;
  takeChanges(): Array<[number, number]>;
  /** Whether this caller may decrease now (no other decrease within the last `ms`); claims it if so. */
  claimDecrease(ms: number): boolean;
  aimd?: Aimd;
  /** Whether the run was stopped (interrupted): no request may be sent any more. */
  readonly stopped?: boolean;
}

export class Limiter implements InFlightBound {
  private active = 0;
  private readonly waiting: Array<() => void> = [];
  private max: number;
  /** Every change of the bound: [epoch ms, limit], the first at creation (drained by `takeChanges`). */
  private changes: Array<[number, number]> = [];
  /** Set by `adaptive()`: the AIMD controller fed by the client with each answer. */
  aimd?: Aimd;

  constructor(limit: number) {
    this.max = Math.max(1, Math.floor(limit));
    this.changes.push([Date.now(), this.max]);
  }

  /** A limiter of `--concurrency auto`: starts at `start`, moved by AIMD between 1 and `ceiling`. */
  static adaptive(start: number, ceiling: number): Limiter {
    const l = new Limiter(Math.min(start, ceiling));
    l.aimd = new Aimd(l, 1, Math.max(1, ceiling));
    return l;
  }

  /** The changes of the bound since the last call (for the run's concurrency summary). */
  takeChanges(): Array<[number, number]> {
    const out = this.changes;
    this.changes = [];
    return out;
  }

  claimDecrease(): boolean {
    return true;
  }

  get limit(): number {
    return this.max;
  }
  /** Requests running now. */
  get inFlight(): number {
    return this.active;
  }

  /** Change the bound; waiting requests start at once when it grows, running ones finish when it shrinks. */
  setLimit(limit: number): void {
    const next = Math.max(1, Math.floor(limit));
    if (next !== this.max) this.changes.push([Date.now(), next]);
    this.max = next;
    this.drain();
  }

  async run<T>(fn: () => Promise<T>): Promise<T> {
    // A released slot is handed to the first waiter (active is incremented on its behalf).
    if (this.active < this.max) this.active++;
    else {
      this.aimd?.noteWait();
      await new Promise<void>((r) => this.waiting.push(r));
    }
    try {
      return await fn();
    } finally {
      this.active--;
      this.drain();
    }
  }

  private drain(): void {
    while (this.waiting.length && this.active < this.max) {
      this.active++;
      this.waiting.shift()!();
    }
  }
}

// Node 20 has Atomics.waitAsync; the ES2022 lib of this project does not declare it.
export const waitAsync = (
  Atomics as unknown as {
    waitAsync(a: Int32Array, i: number, v: number, ms: number): { async: boolean; value: unknown };
  }
).waitAsync;

/** Where `--concurrency auto` starts, across the run. */
export const AUTO_START = 4;

/** Slots of the run-wide bound's SharedArrayBuffer (Int32). */
const ACTIVE = 0;
const LIMIT = 1;
const RELEASES = 2;
const LAST_DECREASE = 3;
const STOPPED = 4;

/** The buffer of a run-wide bound of `limit`, created by the runner and provided to every worker. */
export function sharedBound(limit: number): SharedArrayBuffer {
  const sab = new SharedArrayBuffer(5 * Int32Array.BYTES_PER_ELEMENT);
  Atomics.store(new Int32Array(sab), LIMIT, Math.max(1, Math.floor(limit)));
  return sab;
}

/**
 * Stop the run (runner side, on an interruption): from now on no worker sends a request, so that
 * nothing the run writes can reach the target after the run-tag sweep that follows.
 */
export function stopSharedBound(sab: SharedArrayBuffer): void {
  const cells = new Int32Array(sab);
  Atomics.store(cells, STOPPED, 1);
  Atomics.add(cells, RELEASES, 1);
  Atomics.notify(cells, RELEASES);
}

/**
 * Wait until no request of the run is in flight (runner side, after stopSharedBound), at most
 * `capMs`: a worker that ended mid-request never releases its slot.
 */
export async function whenIdle(sab: SharedArrayBuffer, capMs: number): Promise<void> {
  const cells = new Int32Array(sab);
  const until = Date.now() + capMs;
  while (Atomics.load(cells, ACTIVE) > 0 && Date.now() < until) {
    const seen = Atomics.load(cells, RELEASES);
    const w = waitAsync(cells, RELEASES, seen, 20);
    if (w.async) await w.value;
  }
}

/** Thrown instead of sending when the run was stopped (lib/run/limiter.ts stopSharedBound). */
export class RunStopped extends Error {
  override name = 'RunStopped';
}

/**
 * The run's bound shared by all workers: a counting semaphore in a SharedArrayBuffer (the runner
 * creates it, vitest's `provide` hands the same memory to every worker thread). A request takes a
 * slot with compare-and-swap while fewer than the limit are taken, else waits for a release
 * (Atomics.waitAsync, re-checked at least every 50 ms). So at most `limit` requests are in
 * flight across the whole run, and a worker with work uses the slots another worker leaves idle.
 */
export class SharedLimiter implements InFlightBound {
  private readonly cells: Int32Array;
  private changes: Array<[number, number]> = [];
  aimd?: Aimd;

  constructor(buffer: SharedArrayBuffer) {
    this.cells = new Int32Array(buffer);
    this.changes.push([Date.now(), this.limit]);
  }

  /** A run-wide bound of `--concurrency auto`: moved by AIMD between 1 and `ceiling`. */
  static adaptive(buffer: SharedArrayBuffer, ceiling: number): SharedLimiter {
    const l = new SharedLimiter(buffer);
    l.aimd = new Aimd(l, 1, Math.max(1, ceiling));
    return l;
  }

  get limit(): number {
    return Atomics.load(this.cells, LIMIT);
  }
  get inFlight(): number {
    return Atomics.load(this.cells, ACTIVE);
  }
  get stopped(): boolean {
    return Atomics.load(this.cells, STOPPED) === 1;
  }

  setLimit(limit: number): void {
    const next = Math.max(1, Math.floor(limit));
    if (Atomics.exchange(this.cells, LIMIT, next) !== next) this.changes.push([Date.now(), next]);
    this.wake();
  }

  takeChanges(): Array<[number, number]> {
    const out = this.changes;
    this.changes = [];
    return out;
  }

  claimDecrease(ms: number): boolean {
    const now = Math.floor(Date.now() / 10) & 0x7fffffff;
    const last = Atomics.load(this.cells, LAST_DECREASE);
    if (last && (now - last) * 10 < ms) return false;
    return Atomics.compareExchange(this.cells, LAST_DECREASE, last, now) === last;
  }

  private tryAcquire(): boolean {
    for (;;) {
      const active = Atomics.load(this.cells, ACTIVE);
      if (active >= Atomics.load(this.cells, LIMIT)) return false;
      if (Atomics.compareExchange(this.cells, ACTIVE, active, active + 1) === active) return true;
    }
  }

  private wake(): void {
    Atomics.add(this.cells, RELEASES, 1);
    Atomics.notify(this.cells, RELEASES);
  }

  async run<T>(fn: () => Promise<T>): Promise<T> {
    let waited = false;
    for (;;) {
      if (this.stopped) throw new RunStopped('not sent: the run was interrupted');
      if (this.tryAcquire()) break;
      if (!waited) this.aimd?.noteWait();
      waited = true;
      const seen = Atomics.load(this.cells, RELEASES);
      if (this.tryAcquire()) break;
      const w = waitAsync(this.cells, RELEASES, seen, 50);
      if (w.async) await w.value;
    }
    try {
      return await fn();
    } finally {
      Atomics.sub(this.cells, ACTIVE, 1);
      this.wake();
    }
  }
}

/** A target whose fastest preflight answer took at least this long keeps workers waiting on the network. */
export const SLOW_TARGET_MS = 20;
/** The workers of a run against a slow target (issue 15: latency hiding), when the bound allows them. */
export const SLOW_TARGET_WORKERS = 8;

/**
 * The selected checks one worker is worth starting for (a thread's start-up, about a CPU-second,
 * against some 20 ms of a check's own CPU): a full run of ~700 checks keeps cores + 1 workers, a
 * --grep of a few checks runs on one.
 */
export const CHECKS_PER_WORKER = 100;

/**
 * How many vitest workers a run of concurrency c uses: never more than c. Against a fast target
 * (the embedded reference, a server on loopback) the checks' own CPU is the limit: no more than
 * the machine can keep busy. Against a slow one (`latencyMs`, the preflight's fastest answer, at
 * least SLOW_TARGET_MS) a worker mostly waits: more workers keep more files' request chains in
 * flight, since a file's longest check (a property's sequential runs) bounds how soon it ends.
 * Not on a machine with no idle core (`load`, the 1-minute load average, at least `cores`): there
 * a slow answer is as likely the machine's own queue as the network's, and each extra worker
 * (a thread's start-up, about a CPU-second) only lengthens that queue. A run that selects `checks`
 * (--grep, --expect's IDs) against a fast target: one worker per CHECKS_PER_WORKER of them.
 * The `embedded` reference server answers from this process's main thread (lib/certify/steps.ts
 * resolveConfig): it keeps a core busy, so its runs get at most cores - 1 workers (one on a 2-core
 * machine). Each worker more pays its own start-up, module loading, JIT and schema compiles (issue
 * 39: an extended certification, 2 cores at a load of 16-17, 22.3 CPU-s on 3 workers, 15.4 on one,
 * the same verdicts in about the same wall time). Pure.
 */
export function workersFor(
  concurrency: number,
  cores: number = availableParallelism(),
  latencyMs = 0,
  load = 0,
  checks?: number,
  embedded = false,
): number {
  const slow = latencyMs >= SLOW_TARGET_MS && load < cores && !embedded;
  // The embedded reference answers on this process's main thread, which takes a core of its own.
  const busy = embedded ? Math.max(1, cores - 1) : cores + 1;
  const cap = slow
    ? Math.max(cores + 1, SLOW_TARGET_WORKERS)
    : Math.min(busy, checks === undefined ? Number.POSITIVE_INFINITY : Math.ceil(checks / CHECKS_PER_WORKER));
  return Math.max(1, Math.min(concurrency, cap));
}

/**
 * The share of worker `poolId` (1..workers) of a run bound of c: c split as evenly as possible,
 * the shares summing to exactly c (each at least 1, since workers <= c).
 */
export function shareOf(concurrency: number, workers: number, poolId: number): number {
  const c = Math.max(1, concurrency);
  const w = Math.max(1, Math.min(workers, c));
  if (!Number.isInteger(poolId) || poolId < 1 || poolId > w) return 1;
  return Math.floor(c / w) + (poolId <= c % w ? 1 : 0);
}

/**
 * Additive increase, multiplicative decrease of a Limiter's bound (`--concurrency auto`), driven
 * by the answers it sees. Rounds of at least max(limit, 8) answers: a round with a 429 or 503
 * halves the bound; a round whose mean response time exceeds twice the flat time (the lowest
 * round mean seen lately) plus 5 ms lowers it to 3/4; a round where requests waited for a slot
 * and the time stayed flat raises it by one. Never below `min`, never above `ceiling`.
 */
export class Aimd {
  private n = 0;
  private sumMs = 0;
  private overloaded = false;
  private waited = false;
  /** The flat response time: the lowest round mean of the recent rounds. */
  private flatMs = Number.POSITIVE_INFINITY;
  private roundsSinceFlat = 0;

  constructor(
    private readonly limiter: InFlightBound,
    readonly min: number,
    readonly ceiling: number,
  ) {}

  /** A request had to wait for a slot (the bound is what holds the run back). */
  noteWait(): void {
    this.waited = true;
  }

  /** An answer (status) arrived after `ms`; a request without answer counts as slow. */
  noteAnswer(ms: number, status: number | undefined): void {
    this.n++;
    this.sumMs += ms;
    if (status === 429 || status === 503 || status === undefined) this.overloaded = true;
    if (this.n < Math.max(this.limiter.limit, 8)) return;
    const mean = this.sumMs / this.n;
    const limit = this.limiter.limit;
    // The flat time decays slowly, so a target that got slower for good becomes the new flat.
    if (mean < this.flatMs || ++this.roundsSinceFlat > 20) {
      this.flatMs = mean;
      this.roundsSinceFlat = 0;
    }
    // Several workers may share the bound (SharedLimiter): one decrease per round trip, not one per worker.
    const decrease = (to: number) => {
      if (this.limiter.claimDecrease(2 * this.flatMs + 20)) this.limiter.setLimit(Math.max(this.min, to));
    };
    if (this.overloaded) decrease(Math.floor(limit / 2));
    else if (mean > 2 * this.flatMs + 5) decrease(Math.floor((limit * 3) / 4));
    else if (this.waited && limit < this.ceiling) this.limiter.setLimit(limit + 1);
    this.n = 0;
    this.sumMs = 0;
    this.overloaded = false;
    this.waited = false;
  }
}

/**
 * The run's concurrency over time from every worker's bound changes ([epoch ms, limit] per
 * worker, the first at the worker's start): the sum of the workers' bounds as a step function
 * between `from` and `to`, summarised as its minimum, maximum and time-weighted mean.
 */
export function concurrencyOver(
  perWorker: ReadonlyArray<ReadonlyArray<readonly [number, number]>>,
  from: number,
  to: number,
): { min: number; max: number; mean: number } | null {
  const events: Array<{ t: number; w: number; limit: number }> = [];
  perWorker.forEach((changes, w) => {
    for (const [t, limit] of changes) events.push({ t: Math.max(from, t), w, limit });
  });
  const workers = perWorker.filter((c) => c.length).length;
  if (!events.length) return null;
  events.sort((a, b) => a.t - b.t);
  // Summed only while every worker has its bound (workers start one after another).
  const current = new Map<number, number>();
  const total = () => [...current.values()].reduce((a, b) => a + b, 0);
  let min = Number.POSITIVE_INFINITY;
  let max = 0;
  let area = 0;
  let start: number | undefined;
  let at = 0;
  for (let i = 0; i < events.length; ) {
    const t = events[i]!.t;
    if (start !== undefined) area += total() * (t - at);
    while (i < events.length && events[i]!.t === t) {
      current.set(events[i]!.w, events[i]!.limit);
      i++;
    }
    at = t;
    if (current.size === workers) {
      start ??= t;
      min = Math.min(min, total());
      max = Math.max(max, total());
    }
  }
  const end = Math.max(to, at);
  area += total() * (end - at);
  const span = end - (start ?? end);
  return { min, max, mean: span > 0 ? Math.round((area / span) * 10) / 10 : max };
}
