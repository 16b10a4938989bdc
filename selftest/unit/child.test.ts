/**
 * A child record (one with a parent) read by its parent's path (lib/spec/oracle/child.ts): the
 * refusal of a listed record's slug is set aside only when a read through a listed record's slug
 * as parent serves the record itself and a read through a parent no record has does not. Rows as
 * measured on the populated original (6.8.0 and 4.6.8, 2026-11-28), and the faults it must not
 * excuse: every slug refused, a 5xx, a refusal, any `<x>/<slug>` served.
 */
import { describe, expect, test } from 'vitest';
import { type ChildVerdict, childPath, childVerdict, parentCandidates } from '../../lib/spec/oracle/child.ts';
import type { ItemRead } from '../../lib/spec/oracle/moved.ts';
import type { ApiRecord } from '../../lib/spec/contract.ts';

const rec: ItemRead = { kind: 'record', rec: { id: 6661, slug: 'calcert-fixture-child-event' } };
const gone = (status = 400): ItemRead => ({ kind: 'gone', status });

describe('childVerdict', () => {
  test.each<[string, ItemRead, ItemRead | undefined, ItemRead | undefined, ChildVerdict['kind']]>([
    ['the original: 400 alone, the parent path serves it, a made-up parent 400', gone(), rec, gone(), 'child'],
    [
      'a 404 alone (newer versions), the parent path serves it, a made-up parent 404',
      gone(404),
      rec,
      gone(404),
      'child',
    ],
    ['every slug refused: no parent path serves it', gone(), gone(), undefined, 'holds'],
    ['every slug refused: no listed record to try as parent', gone(), undefined, undefined, 'holds'],
    ['any <x>/<slug> served: the made-up parent serves it too', gone(), rec, rec, 'holds'],
    ['the parent path served it, no control read made', gone(), rec, undefined, 'holds'],
    ['a 5xx alone is no child', { kind: 'other', status: 500 }, rec, gone(), 'holds'],
    ['a refusal alone (401/403) is no child', { kind: 'refused', status: 403 }, rec, gone(), 'holds'],
    ['the parent path answers a 5xx', gone(), { kind: 'other', status: 502 }, gone(), 'holds'],
    ['the parent path refuses it', gone(), { kind: 'refused', status: 401 }, gone(), 'holds'],
  ])('%s', (_, lone, via, control, kind) => {
    expect(childVerdict(lone, via, control).kind).toBe(kind);
  });
});

describe('parentCandidates', () => {
  const r = (id: number, slug?: unknown): ApiRecord => ({ id, slug });
  test.each<[string, ApiRecord[], ApiRecord, number[]]>([
    [
      'lower IDs first, the nearest first, then the higher',
      [r(3, 'a'), r(9, 'b'), r(5, 'c'), r(12, 'd')],
      r(8, 'x'),
      [5, 3, 9, 12],
    ],
    ['never the record itself', [r(6660, 'parent'), r(6661, 'child')], r(6661, 'child'), [6660]],
    ['records without a slug (drafts) name no path', [r(1, ''), r(2), r(3, null), r(4, 'ok')], r(10, 'x'), [4]],
    ['nothing listed', [], r(1, 'x'), []],
  ])('%s', (_, listed, child, ids) => {
    expect(parentCandidates(listed, child).map((x) => x.id)).toEqual(ids);
  });
});

test('the parent path is one segment once encoded (the original answers 404 rest_no_route to a raw slash)', () => {
  expect(encodeURIComponent(childPath('calcert-fixture-parent-event', 'calcert-fixture-child-event'))).toBe(
    'calcert-fixture-parent-event%2Fcalcert-fixture-child-event',
  );
});
