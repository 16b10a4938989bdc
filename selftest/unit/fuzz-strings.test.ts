// The string classes a fuzzer sends (lib/spec/arbitraries/fuzz-strings.ts): every class once before
// any twice, whatever the seed; the seed moves them to other slots; messages show them escaped.
import { expect, test } from 'vitest';
import {
  FUZZ_STRINGS,
  forUrl,
  fuzzAssignment,
  ORIGINAL_CRASHES,
  showFuzz,
  URL_VALUE_MAX,
} from '../../lib/spec/arbitraries/fuzz-strings.ts';

const slots = (n: number) => Array.from({ length: n }, (_, i) => i);

test.each([0, 1, 7, 18, 19, 123456789, -5])(
  'seed %i: every class on some slot when there are as many slots',
  (seed) => {
    const drawn = fuzzAssignment(slots(FUZZ_STRINGS.length), seed).map(([, f]) => f.name);
    expect(new Set(drawn).size).toBe(FUZZ_STRINGS.length);
    const more = fuzzAssignment(slots(FUZZ_STRINGS.length + 6), seed).map(([, f]) => f.name);
    expect(new Set(more).size).toBe(FUZZ_STRINGS.length);
  },
);

test('another seed puts the classes on other slots', () => {
  const a = fuzzAssignment(slots(5), 1).map(([, f]) => f.name);
  const b = fuzzAssignment(slots(5), 2).map(([, f]) => f.name);
  expect(a).not.toEqual(b);
});

test('the classes: distinct names, the ones the fuzzers name', () => {
  expect(new Set(FUZZ_STRINGS.map((f) => f.name)).size).toBe(FUZZ_STRINGS.length);
  for (const name of ['empty', 'very-long', 'emoji', 'nul', 'control', 'sql', 'script', 'huge-number'])
    expect(FUZZ_STRINGS.some((f) => f.name === name)).toBe(true);
});

test.each([
  [{ name: 'nul', value: 'a\u0000b', from: '' }, 'nul "a\\u0000b"'],
  [{ name: 'very-long', value: 'x'.repeat(30), from: '' }, `very-long "${'x'.repeat(24)}..." (30 characters)`],
])('showFuzz(%j)', (f, shown) => {
  expect(showFuzz(f)).toBe(shown);
});

// 4.6.8 answers a term name of 10,000 characters with a 500: that pair is never sent, its class
// goes to the next slot, and every class is still sent when the slots allow.
test.each([0, 3, 17, 18])('seed %i: no slot gets a class the original crashes on; every class still sent', (seed) => {
  const names = [
    'events title',
    'tags name',
    'tags slug',
    'categories name',
    ...Array.from({ length: 20 }, (_, i) => `x ${i}`),
  ];
  const drawn = fuzzAssignment(names, seed, (s) => s);
  for (const [slot, f] of drawn)
    expect(
      ORIGINAL_CRASHES.some((c) => c.slot === slot && c.classes.includes(f.name)),
      `${slot} ${f.name}`,
    ).toBe(false);
  expect(new Set(drawn.map(([, f]) => f.name)).size).toBe(FUZZ_STRINGS.length);
});

test('in a URL a long class is cut to URL_VALUE_MAX encoded bytes, by whole characters; a short one is whole', () => {
  for (const f of FUZZ_STRINGS) {
    const u = forUrl(f);
    expect(encodeURIComponent(u.value).length).toBeLessThanOrEqual(URL_VALUE_MAX);
    expect(f.value.startsWith(u.value)).toBe(true);
    if (encodeURIComponent(f.value).length <= URL_VALUE_MAX) expect(u).toBe(f);
    else expect(encodeURIComponent(u.value).length).toBeGreaterThan(URL_VALUE_MAX * 0.8);
  }
});
