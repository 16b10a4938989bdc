// The run's concurrency bound (lib/limiter.ts): worker shares sum to exactly --concurrency, the
// pool never has more workers than that, and the Limiter holds its bound, also when it changes.
import { expect, test } from 'vitest';
import { Limiter, shareOf, workersFor } from '../../lib/limiter.ts';

test('worker shares sum to exactly the bound, each at least 1', () => {
  for (const c of [1, 2, 3, 4, 5, 7, 16, 32]) {
    for (const cores of [1, 2, 8, 64]) {
      const w = workersFor(c, cores);
      expect(w).toBeLessThanOrEqual(c);
      const shares = Array.from({ length: w }, (_, i) => shareOf(c, w, i + 1));
      expect(
        shares.reduce((a, b) => a + b, 0),
        `c=${c} cores=${cores}`,
      ).toBe(c);
      expect(Math.min(...shares)).toBeGreaterThanOrEqual(1);
    }
  }
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
