/**
 * Issue 29, finding 9 (titles that claim more than the body asserts): the pure judgement the
 * strengthened `<kind>.fields.rename-to-existing` uses to say the other record is "as it was".
 * The strengthened checks themselves are proven by the faults that kill them (fault matrix):
 * linked-duplicate-description-dropped, linked-status-unknown-draft, website-default-permalink-base,
 * patch-non-ascii-mangled, update-markup-stripped, linked-rename-existing-merges,
 * date-text-forms-not-stored. Also the markup comparison of `<resource>.fields.markup-kept`.
 */
import { expect, test } from 'vitest';
import { inlineTags, sameMarkup } from '../../lib/spec/normalise.ts';
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

test('sameMarkup: the same text with the same inline tags as written; block wrappers allowed, stripped or escaped tags not', () => {
  const sent = `s1 Tom & Jerry's "best" <b>show</b> <em>x</em> title`;
  const table: Array<[unknown, boolean]> = [
    [sent, true],
    // The original: entities and typographic quotes, wrapped in a paragraph.
    ['<p>s1 Tom &#038; Jerry&#8217;s &#8220;best&#8221; <b>show</b> <em>x</em> title</p>', true],
    ['s1 Tom &#038; Jerry&#8217;s &#8220;best&#8221; <b>show</b> <em>x</em> title', true],
    // Stripped, escaped, reordered, another tag, other text.
    [`s1 Tom & Jerry's "best" show x title`, false],
    [`s1 Tom &amp; Jerry's "best" &lt;b&gt;show&lt;/b&gt; &lt;em&gt;x&lt;/em&gt; title`, false],
    [`s1 Tom & Jerry's "best" <em>show</em> <b>x</b> title`, false],
    [`s1 Tom & Jerry's "best" <strong>show</strong> <em>x</em> title`, false],
    [`s1 Tom & Jerry's "best" <b>show</b> <em>y</em> title`, false],
    [undefined, false],
    [42, false],
  ];
  for (const [got, want] of table) expect(sameMarkup(sent, got), JSON.stringify(got)).toBe(want);
  expect(inlineTags('<p>a <b>b</b><br /> <EM>c</EM></p>')).toEqual(['<b>', '</b>', '<EM>', '</EM>']);
});
