// The run's concurrency bound (lib/run/limiter.ts): worker shares sum to exactly --concurrency, the
// pool never has more workers than that, and the Limiter holds its bound, also when it changes.
import { expect, test } from 'vitest';
import {
  CHECKS_PER_WORKER,
  concurrencyOver,
  Limiter,
  RunStopped,
  SharedLimiter,
  SLOW_TARGET_MS,
  SLOW_TARGET_WORKERS,
  shareOf,
  sharedBound,
  stopSharedBound,
  whenIdle,
  workersFor,
} from '../../lib/run/limiter.ts';

test('worker shares sum to exactly the bound, each at least 1', () => {
  for (const c of [1, 2, 3, 4, 5, 7, 16, 32]) {
    for (const [cores, latencyMs] of [1, 2, 8, 64].flatMap((n) => [0, 5, 50, 300].map((ms) => [n, ms] as const))) {
      const w = workersFor(c, cores, latencyMs);
      expect(w).toBeLessThanOrEqual(c);
      const shares = Array.from({ length: w }, (_, i) => shareOf(c, w, i + 1));
      expect(
        shares.reduce((a, b) => a + b, 0),
        `c=${c} cores=${cores}`,
      ).toBe(c);
      expect(Math.min(...shares)).toBeGreaterThanOrEqual(1);
    }
  }
  // A fast target keeps the workers to what the cores can keep busy; a slow one gets more of them.
  expect(workersFor(16, 2, 3)).toBe(3);
  expect(workersFor(16, 2, SLOW_TARGET_MS)).toBe(SLOW_TARGET_WORKERS);
  expect(workersFor(4, 2, 300)).toBe(4);
  expect(workersFor(32, 64, 300)).toBe(32);
  // A machine with no idle core: a slow answer may be its own queue; extra workers only add to it.
  expect(workersFor(16, 2, 300, 1.5)).toBe(SLOW_TARGET_WORKERS);
  expect(workersFor(16, 2, 300, 2)).toBe(3);
  expect(workersFor(16, 2, 300, 15)).toBe(3);
  expect(workersFor(2, 2, 300, 15)).toBe(2);
  // The embedded reference answers on the main thread: it keeps a core, the workers get the rest.
  expect(workersFor(16, 2, 0, 0, undefined, true)).toBe(1);
  expect(workersFor(16, 1, 0, 0, undefined, true)).toBe(1);
  expect(workersFor(16, 8, 0, 0, undefined, true)).toBe(7);
  expect(workersFor(16, 8, 300, 0, undefined, true)).toBe(7);
  expect(workersFor(16, 8, 0, 0, 150, true)).toBe(2);
  // A run of a few selected checks against a fast target: one worker per CHECKS_PER_WORKER of them.
  expect(workersFor(16, 2, 3, 0, 7)).toBe(1);
  expect(workersFor(16, 2, 3, 0, CHECKS_PER_WORKER)).toBe(1);
  expect(workersFor(16, 2, 3, 0, CHECKS_PER_WORKER + 1)).toBe(2);
  expect(workersFor(16, 2, 3, 0, 700)).toBe(3);
  expect(workersFor(16, 2, 3, 0, 0)).toBe(1);
  // Against a slow target the checks wait on the network: the count does not lower the workers.
  expect(workersFor(16, 2, 300, 0, 7)).toBe(SLOW_TARGET_WORKERS);
  expect(shareOf(4, 3, 1)).toBe(2);
  expect(shareOf(4, 3, 3)).toBe(1);
});

test('the limiter never runs more than its limit, and follows setLimit', async () => {
  const limiter = new Limiter(3);
  let active = 0;
  let max = 0;
  const release: Array<() => void> = [];
  const job = () =>
    limiter.run(async () => {
      active++;
      max = Math.max(max, active);
      await new Promise<void>((r) => release.push(r));
      active--;
    });
  const jobs = Array.from({ length: 10 }, job);
  await new Promise((r) => setTimeout(r, 5));
  expect(active).toBe(3);
  limiter.setLimit(5);
  await new Promise((r) => setTimeout(r, 5));
  expect(active).toBe(5);
  limiter.setLimit(1);
  while (release.length || active) {
    release.shift()?.();
    await new Promise((r) => setTimeout(r, 1));
    if (active > 1) expect(limiter.inFlight).toBe(active); // shrinking lets running jobs finish
  }
  await Promise.all(jobs);
  expect(max).toBe(5);
  expect(limiter.inFlight).toBe(0);
});

test('the shared bound holds across its users, and follows setLimit', async () => {
  const buffer = sharedBound(3);
  // Two limiters on the same memory stand for two workers.
  const a = new SharedLimiter(buffer);
  const b = new SharedLimiter(buffer);
  let active = 0;
  let max = 0;
  const job = (l: SharedLimiter) =>
    l.run(async () => {
      active++;
      max = Math.max(max, active);
      await new Promise((r) => setTimeout(r, 2));
      active--;
    });
  await Promise.all(Array.from({ length: 40 }, (_, i) => job(i % 2 ? a : b)));
  expect(max).toBe(3);
  a.setLimit(5);
  max = 0;
  await Promise.all(Array.from({ length: 40 }, (_, i) => job(i % 2 ? a : b)));
  expect(max).toBe(5);
  expect(b.limit).toBe(5);
  expect(a.inFlight).toBe(0);
});

test('AIMD: raises the bound while answers stay flat and requests wait, halves it on 429/503, stays within 1..ceiling', () => {
  const l = SharedLimiter.adaptive(sharedBound(4), 6);
  const aimd = l.aimd!;
  for (let round = 0; round < 20; round++) {
    aimd.noteWait();
    for (let i = 0; i < 8; i++) aimd.noteAnswer(10, 200);
  }
  expect(l.limit).toBe(6); // additive increase, capped by the ceiling
  for (let i = 0; i < 8; i++) aimd.noteAnswer(10, 503);
  expect(l.limit).toBe(3); // multiplicative decrease
  const slow = Limiter.adaptive(8, 8);
  for (let i = 0; i < 8; i++) slow.aimd!.noteAnswer(10, 200);
  for (let i = 0; i < 8; i++) slow.aimd!.noteAnswer(100, 200);
  expect(slow.limit).toBe(6); // answers slowed down: 3/4
  for (let r = 0; r < 10; r++) for (let i = 0; i < 8; i++) slow.aimd!.noteAnswer(10, 429);
  expect(slow.limit).toBe(1);
});

test('the run concurrency summary sums the workers bounds over time', () => {
  // Worker 0 at 2 from t=0, worker 1 at 2 from t=10, raised to 6 at t=60; the run ends at t=110.
  const s = concurrencyOver(
    [
      [[0, 2]],
      [
        [10, 2],
        [60, 6],
      ],
    ],
    0,
    110,
  );
  expect(s).toEqual({ min: 4, max: 8, mean: 6 });
});

test('a stopped run sends nothing more: RunStopped before any request, and the runner waits for those in flight', async () => {
  const sab = sharedBound(4);
  const limiter = new SharedLimiter(sab);
  let release!: () => void;
  const inFlight = limiter.run(() => new Promise<string>((r) => (release = () => r('answered'))));
  await new Promise((r) => setTimeout(r, 5));
  expect(limiter.inFlight).toBe(1);
  stopSharedBound(sab);
  expect(limiter.stopped).toBe(true);
  let sent = false;
  await expect(
    limiter.run(async () => {
      sent = true;
    }),
  ).rejects.toBeInstanceOf(RunStopped);
  expect(sent).toBe(false);
  // whenIdle returns once the request in flight has ended, not before.
  let idle = false;
  const waiting = whenIdle(sab, 5000).then(() => {
    idle = true;
  });
  await new Promise((r) => setTimeout(r, 60));
  expect(idle).toBe(false);
  release();
  await expect(inFlight).resolves.toBe('answered');
  await waiting;
  expect(idle).toBe(true);
  // A slot never released (a worker that ended mid-request) costs at most the cap.
  const stuck = sharedBound(2);
  void new SharedLimiter(stuck).run(() => new Promise(() => {}));
  const from = Date.now();
  await whenIdle(stuck, 100);
  expect(Date.now() - from).toBeLessThan(1000);
});
