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

export class Limiter {
  private active = 0;
  private readonly waiting: Array<() => void> = [];
  private max: number;

  constructor(limit: number) {
    this.max = Math.max(1, Math.floor(limit));
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
    this.max = Math.max(1, Math.floor(limit));
    this.drain();
  }

  async run<T>(fn: () => Promise<T>): Promise<T> {
    // A released slot is handed to the first waiter (active is incremented on its behalf).
    if (this.active < this.max) this.active++;
    else await new Promise<void>((r) => this.waiting.push(r));
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

/** How many vitest workers a run of concurrency c uses: never more than c, nor than the machine can keep busy. */
export function workersFor(concurrency: number, cores: number = availableParallelism()): number {
  return Math.max(1, Math.min(concurrency, cores + 1));
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
