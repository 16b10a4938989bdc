/**
 * Property-based payload generators for venues and organizers (fast-check).
 *  - valid: the name plus a random subset of the optional fields of the spec's table, text in
 *    non-ASCII words (no markup, no `--` or `...`: those are rendered typographically and only
 *    compare after normalisation, which the text contract already covers);
 *  - invalid: the name missing or empty (the original rejects both; it accepts every other type
 *    mistake the reference could make, so no wrong-type cases are generated).
 * A payload is a function of the check's scope, so every generated record is run-tagged and unique.
 */
import fc from 'fast-check';
import type { Params } from '../../types.ts';
import type { LinkedDef } from '../resources.ts';

const WORDS = [
  'Zürich',
  'Ærøskøbing',
  'Łódź',
  '東京',
  'Ñandú',
  'café',
  'Straße',
  'Ōsaka',
  'Δελφοί',
  'Москва',
  'München',
  'São',
  'Paulo',
  'Kraków',
  'İzmir',
  'Reykjavík',
  'hall',
  'Nº',
  '7',
];

const NON_ASCII = WORDS.filter((w) => /[^\x00-\x7f]/.test(w));

/** One to four words, the first always non-ASCII. */
const text = fc
  .tuple(fc.constantFrom(...NON_ASCII), fc.array(fc.constantFrom(...WORDS), { maxLength: 3 }))
  .map(([first, rest]) => [first, ...rest].join(' '));

/** A past publication date with seconds (the original schedules future-dated posts). */
const pastDateTime = fc
  .record({
    y: fc.integer({ min: 2015, max: 2023 }),
    mo: fc.integer({ min: 1, max: 12 }),
    d: fc.integer({ min: 1, max: 28 }),
    h: fc.integer({ min: 0, max: 23 }),
    mi: fc.integer({ min: 0, max: 59 }),
    s: fc.integer({ min: 0, max: 59 }),
  })
  .map(
    ({ y, mo, d, h, mi, s }) =>
      `${y}-${String(mo).padStart(2, '0')}-${String(d).padStart(2, '0')} ${String(h).padStart(2, '0')}:${String(mi).padStart(2, '0')}:${String(s).padStart(2, '0')}`,
  );

/** What a generated payload holds before it is bound to a scope. */
interface LinkedDraft {
  name: string;
  fields: Params;
}

function optionalFields(d: LinkedDef): fc.Arbitrary<Params> {
  const model: Record<string, fc.Arbitrary<unknown>> = {
    description: text,
    status: fc.constantFrom('publish', 'draft'),
    date: pastDateTime,
  };
  for (const f of d.textFields) {
    if (f === 'email') model[f] = fc.constantFrom('box', 'info', 'hello').map((u) => `${u}@example.org`);
    else if (f === 'zip') model[f] = fc.integer({ min: 10000, max: 99999 }).map(String);
    else if (f === 'phone') model[f] = fc.integer({ min: 1000000, max: 9999999 }).map((n) => `+33 1 ${n}`);
    else model[f] = text;
  }
  model.website = fc.constantFrom('https://example.org/', 'https://example.com/venue', 'http://example.net/a');
  if (d.kind === 'venue') {
    model.show_map = fc.constantFrom('true', 'false');
    model.show_map_link = fc.constantFrom('true', 'false');
  }
  return fc.record(model, { requiredKeys: [] }) as fc.Arbitrary<Params>;
}

/** A valid create payload: the name and a random subset of the optional fields. */
export function validLinked(d: LinkedDef): fc.Arbitrary<LinkedDraft> {
  return fc.record({ name: text, fields: optionalFields(d) });
}

/** An invalid create payload: the name missing or empty; optional fields as in valid ones. */
export function invalidLinked(d: LinkedDef): fc.Arbitrary<{ name: string | undefined; fields: Params }> {
  return fc.record({ name: fc.constantFrom(undefined, ''), fields: optionalFields(d) });
}

/** Binds a draft to the check: the name carries the scope and a run counter. */
export function bind(
  d: LinkedDef,
  scope: string,
  n: number,
  draft: { name: string | undefined; fields: Params },
): Params {
  const p: Params = { ...draft.fields };
  if (draft.name !== undefined) p[d.nameField] = draft.name === '' ? '' : `${scope} ${n} ${draft.name}`;
  return p;
}
