// A pool property's counterexample names what its run sent (issue 23 point 8): a run of
// events.list.date-filters-property sends every parameter alone, then the drawn combination; the
// counterexample showed only the combination (params: ["start_date"]) while the failing request
// used ends_after. Every parameter of every query a run sends is named by the run.
import fc from 'fast-check';
import { expect, test } from 'vitest';
import { type Combos, poolRun, runShapes } from '../../lib/spec/arbitraries/dates.ts';

const PARAMS = ['start_date', 'end_date', 'starts_after', 'starts_before', 'ends_after', 'ends_before'];

test.each(['must', 'same-side', 'inverted'] as Combos[])('%s: every query of a run is named by the run', (combos) => {
  for (const run of fc.sample(poolRun({ params: PARAMS, poolSize: 6, days: 30, strict: true, combos }), {
    seed: 7,
    numRuns: 200,
  })) {
    const shapes = runShapes(run, combos);
    expect(shapes.length).toBeGreaterThan(0);
    const named = new Set([...run.alone, ...run.combination]);
    for (const s of shapes) for (const p of s.params) expect(named.has(p), `${p} in ${JSON.stringify(run)}`).toBe(true);
    if (combos === 'must') expect([...run.alone].sort()).toEqual([...PARAMS].sort());
  }
});
