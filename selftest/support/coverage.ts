/**
 * The coverage map's self-test on a certification of the embedded reference server (issue 32),
 * called by selftest/certify.test.ts on its runs (no run of its own): declared against measured
 * (no check cites a requirement none of its requests sent, but the justified exceptions of
 * lib/coverage/declared.ts); extended judges at least 95% of its elements; every element LEVELS.md
 * makes a must is judged at must, and nothing else is left unjudged, but the documented gaps of
 * lib/coverage/gaps.ts (each in the README).
 */
import { expect } from 'vitest';
import { unexcused } from '../../lib/coverage/declared.ts';
import { allElements, mustByLevels } from '../../lib/coverage/elements.ts';
import { gapIds, JUDGED_AT_SHOULD_ONLY, LEFT_UNJUDGED } from '../../lib/coverage/gaps.ts';
import type { RunReport } from '../../lib/report/results.ts';

export function expectCoverage(report: RunReport): void {
  const map = report.coverage;
  expect(map, 'results.json has no coverage map').toBeDefined();
  if (!map) return;
  expect(unexcused(map.mislabelled), 'checks citing requirements none of their requests sent').toEqual([]);
  if (map.variant === 'extended') expect(map.judgedShare).toBeGreaterThanOrEqual(95);
  const counted = map.elements.filter((e) => e.reason !== 'variant' && e.reason !== 'feature off');
  const unjudged = gapIds(LEFT_UNJUDGED);
  const atShould = gapIds(JUDGED_AT_SHOULD_ONLY);
  const must = new Set(
    allElements()
      .filter(mustByLevels)
      .map((e) => e.id),
  );
  expect(
    counted
      .filter((e) => !e.status.startsWith('judged') && !unjudged.has(e.id))
      .map((e) => `${e.id} ${e.status} ${e.reason ?? ''}`),
    'elements left unjudged that lib/coverage/gaps.ts does not document',
  ).toEqual([]);
  expect(
    counted
      .filter((e) => must.has(e.id) && e.status !== 'judged-must' && !unjudged.has(e.id) && !atShould.has(e.id))
      .map((e) => `${e.id} ${e.status}`),
    'elements LEVELS.md makes a must that are not judged at must',
  ).toEqual([]);
}
