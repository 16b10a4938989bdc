/**
 * Issue 29, finding 9 (titles that claim more than the body asserts): the pure judgement the
 * strengthened `<kind>.fields.rename-to-existing` uses to say the other record is "as it was".
 * The strengthened checks themselves are proven by the faults that kill them (fault matrix):
 * linked-duplicate-description-dropped, linked-status-unknown-draft, website-default-permalink-base,
 * patch-non-ascii-mangled, linked-rename-existing-merges, date-text-forms-not-stored.
 */
import { expect, test } from 'vitest';
import { changedFields } from '../../suites/_families/generated.ts';

test('changedFields names every field two readings of a record disagree on, either side missing', () => {
  const table: Array<[Record<string, unknown>, Record<string, unknown>, string[]]> = [
    [{ id: 1, venue: 'A', description: 'x' }, { id: 1, venue: 'A', description: 'x' }, []],
    [{ id: 1, description: 'x' }, { id: 1, description: 'y' }, ['description: "x" -> "y"']],
    [{ id: 1, city: 'c' }, { id: 1 }, ['city: "c" -> nothing']],
    [{ id: 1 }, { id: 1, phone: '1' }, ['phone: nothing -> "1"']],
    [{ id: 1, image: { id: 2 } }, { id: 1, image: { id: 2 } }, []],
    [{ id: 1, image: { id: 2 } }, { id: 1, image: false }, ['image: {"id":2} -> false']],
    [{ a: 'z'.repeat(150) }, { a: '' }, [`a: ${JSON.stringify('z'.repeat(150)).slice(0, 100)} -> ""`]],
  ];
  for (const [before, after, want] of table) expect(changedFields(before, after)).toEqual(want);
});
