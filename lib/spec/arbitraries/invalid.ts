/**
 * Generators of invalid parameter and field values (fast-check), pure: no I/O, no context. Each
 * arbitrary draws only values the original refuses (reference-behavior.md: bad date strings,
 * unknown IDs, non-boolean flags, page/per_page that are not positive integers are 400), so a
 * check may demand a refusal for every draw. Kinds:
 *  - `malformedDate`: `YYYY-MM-DD hh:mm:ss` shapes with an impossible month, day or hour (PHP's
 *    strtotime accepts many words, e.g. "now" or a single letter as a military zone: none are drawn);
 *  - `unknownId`: an integer far above any real post or term ID;
 *  - `nonNumeric`, `negative`, `empty`: the classic bad values of an integer parameter;
 *  - `nonBoolean`: strings no boolean parser reads as true or false;
 *  - `unknownStatus`: a lower-case word that is no post status;
 *  - `arrayForScalar`: an array where a scalar is expected.
 */
import fc from 'fast-check';

const pad = (n: number) => String(n).padStart(2, '0');

export const malformedDate: fc.Arbitrary<string> = fc.oneof(
  fc
    .tuple(fc.integer({ min: 2000, max: 2099 }), fc.integer({ min: 13, max: 99 }), fc.integer({ min: 1, max: 28 }))
    .map(([y, m, d]) => `${y}-${pad(m)}-${pad(d)} 10:00:00`),
  fc
    .tuple(fc.integer({ min: 2000, max: 2099 }), fc.integer({ min: 1, max: 12 }), fc.integer({ min: 32, max: 99 }))
    .map(([y, m, d]) => `${y}-${pad(m)}-${pad(d)} 10:00:00`),
  fc.constantFrom('garbage-date', 'not a date at all', '2027-02-30T99:99:99', '31/31/2027'),
);

export const unknownId: fc.Arbitrary<number> = fc.integer({ min: 900_000_000, max: 999_999_999 });

export const nonNumeric: fc.Arbitrary<string> = fc.constantFrom('abc', 'one', 'x1', '1x', '1.5', '--', 'NaN');

export const negative: fc.Arbitrary<number> = fc.integer({ min: -1000, max: -1 });

export const empty: fc.Arbitrary<string> = fc.constant('');

export const nonBoolean: fc.Arbitrary<string> = fc.constantFrom('maybe', 'sometimes', '2', 'tru', 'nope', '-1');

export const unknownStatus: fc.Arbitrary<string> = fc.constantFrom('bogus', 'published', 'archived', 'deleted', 'live');

/** An array wrapping a valid-looking scalar, for parameters typed as one value. */
export function arrayForScalar<T>(scalar: fc.Arbitrary<T>): fc.Arbitrary<T[]> {
  return fc.array(scalar, { minLength: 2, maxLength: 3 });
}

/** A bad value of a positive-integer parameter (page, per_page): non-numeric, negative, zero, empty. */
export const badPositiveInt: fc.Arbitrary<string | number> = fc.oneof(nonNumeric, negative, fc.constant(0), empty);

/** One invalid case: the field or parameter name, the value sent, and what kind of mistake it is. */
interface InvalidCase {
  name: string;
  value: unknown;
  kind: string;
}

/**
 * One invalid case of every `name x kind` of a table `name -> kind -> arbitrary`, values drawn
 * afresh on each run: every kind of mistake is sent on every run, so a server that accepts a single
 * kind is caught whatever the seed.
 */
export function invalidCases(
  table: Record<string, Record<string, fc.Arbitrary<unknown>>>,
): fc.Arbitrary<InvalidCase[]> {
  const all = Object.entries(table).flatMap(([name, kinds]) =>
    Object.entries(kinds).map(([kind, arb]) => arb.map((value): InvalidCase => ({ name, value, kind }))),
  );
  return fc.tuple(...all);
}
