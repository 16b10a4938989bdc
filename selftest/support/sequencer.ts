/**
 * The order in which vitest dispatches the self-test files: the long ones first, by a fixed list
 * (measured 2026-11-28, after the run sessions kept their worker threads), then the rest in
 * vitest's own order. On a fresh clone vitest has no durations of earlier runs and sorts by file
 * size, which put the short files that drive the longest runs (the fault matrices, the soak: a
 * few lines each) last, so that the run ended on them alone. Longest first lets the two workers
 * finish together.
 */
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** The longest self-test files, longest first (per-file durations of a whole `npm test`). */
export const LONGEST = [
  'selftest/safety/chaos.test.ts',
  'selftest/cli/packaging.test.ts',
  'selftest/safety/residue.test.ts',
  'selftest/tolerance.test.ts',
  'selftest/certify.test.ts',
  'selftest/safety/neighbours.test.ts',
  'selftest/cli/child-event.test.ts',
  'selftest/fault-matrix-ro-sizes.test.ts',
  'selftest/safety/in-flight.test.ts',
  'selftest/safety/slow-property.test.ts',
  'selftest/regression.test.ts',
  'selftest/fault-matrix-1.test.ts',
  'selftest/safety/twin-runs.test.ts',
  'selftest/cli/command-line.test.ts',
  'selftest/fault-matrix-0.test.ts',
  'selftest/soak-extended.test.ts',
  'selftest/soak-base.test.ts',
  'selftest/cli/partial.test.ts',
  'selftest/kept-threads.test.ts',
];

/** `files` with the LONGEST first in that order, the others after in their given order. Pure. */
export function longestFirst<T extends { moduleId: string }>(files: readonly T[]): T[] {
  const rank = (f: T) => {
    const i = LONGEST.findIndex((name) => f.moduleId.endsWith(`/${name}`));
    return i < 0 ? LONGEST.length : i;
  };
  return files
    .map((f, i) => ({ f, i }))
    .sort((a, b) => rank(a.f) - rank(b.f) || a.i - b.i)
    .map(({ f }) => f);
}

export class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    return longestFirst(await super.sort(files));
  }
}
