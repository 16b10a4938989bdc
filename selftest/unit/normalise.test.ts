/**
 * Unit tests of lib/spec/normalise.ts: the rules the text-rendering recordings need, stated one by
 * one, plus properties that keep the normalisation from drifting (idempotent, plain text kept).
 */
import { test as propertyTest } from '@fast-check/vitest';
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import {
  costNumbers,
  costReflects,
  normaliseText,
  sameBoolean,
  sameDateTime,
  sameText,
  skippedWallClock,
} from '../../lib/spec/normalise.ts';

describe('normaliseText', () => {
  test.each([
    ['Tom &#038; Jerry', 'Tom & Jerry'],
    ['It&#8217;s &#8220;quoted&#8221;', `It's "quoted"`],
    ['&#8216;n&#8217;', "'n'"],
    ['a &#8212; b &#8211; c', 'a - b - c'],
    ['Wait&#8230;', 'Wait...'],
    ['2&#215;3', '2x3'],
    ['<p>line1<br />\nline2</p>\n<p>para2</p>', 'line1 line2 para2'],
    ['<p>&nbsp;x</p>', 'x'],
    ['  two  spaces  ', 'two spaces'],
    ['&amp; &lt;x&gt; &#x27;', "& '"],
    ['<b>bo</b>ld', 'bold'],
    ['a<p>b</p>', 'a b'],
    ['&unknown; &#0;', '&unknown; &#0;'],
    ['Ünïcödé 日本語 😀 café', 'Ünïcödé 日本語 😀 café'],
  ])('%j reads %j', (input, expected) => {
    expect(normaliseText(input)).toBe(expected);
  });

  test('hyphen runs collapse, because the original renders -- and --- alike as an em dash', () => {
    expect(normaliseText('a -- b --- c - d')).toBe(normaliseText('a &#8212; b &#8212; c &#8211; d'));
  });

  test('non-strings: null and undefined are empty, numbers read as digits, objects as JSON', () => {
    expect(normaliseText(undefined)).toBe('');
    expect(normaliseText(null)).toBe('');
    expect(normaliseText(42)).toBe('42');
    expect(normaliseText({ rendered: 'x' })).toBe('{"rendered":"x"}');
  });

  // Property tests through @fast-check/vitest: a failure prints the seed and the shrunk input.
  propertyTest.prop(
    [
      fc.string({
        unit: fc.constantFrom(...'ab <>/&#;x0123-.\'"\n\u2014\u2019\u00d7\u2026'.split(''), 'amp', 'p', 'br', 'lt'),
      }),
    ],
    { numRuns: 500 },
  )('is idempotent on markup and entities', (s) => {
    const once = normaliseText(s);
    expect(normaliseText(once)).toBe(once);
  });

  propertyTest.prop([fc.string({ unit: 'binary' })])('is idempotent on any text', (s) => {
    expect(normaliseText(normaliseText(s))).toBe(normaliseText(s));
  });

  propertyTest.prop([fc.array(fc.stringMatching(/^[A-Za-z0-9]{1,12}$/), { minLength: 1, maxLength: 8 })])(
    'plain ASCII words separated by single spaces come back unchanged',
    (words) => {
      expect(normaliseText(words.join(' '))).toBe(words.join(' '));
    },
  );
});

describe('sameText', () => {
  test('accepts the rendering of the original', () => {
    expect(
      sameText(
        '"Rock \'n\' roll" -- 2x3 ... ok',
        '&#8220;Rock &#8216;n&#8217; roll&#8221; &#8212; 2&#215;3 &#8230; ok',
      ),
    ).toBe(true);
    expect(sameText('line1\nline2\n\npara2', '<p>line1<br />\nline2</p>\n<p>para2</p>')).toBe(true);
  });
  test('rejects different text, other words and non-text', () => {
    expect(sameText('Tom & Jerry', 'Tom and Jerry')).toBe(false);
    expect(sameText('abc', 'ABC')).toBe(false);
    expect(sameText('abc', { rendered: 'abc' })).toBe(false);
    expect(sameText('abc', ['abc'])).toBe(false);
    expect(sameText('abc', undefined)).toBe(false);
  });
  test('an omitted field reads as empty text (venues and organizers omit empty fields)', () => {
    expect(sameText('', undefined)).toBe(true);
    expect(sameText('  ', null)).toBe(true);
  });
  test("two apostrophes read as the double quote wptexturize makes of them (measured on 6.8.0: '' -> &#8221;)", () => {
    expect(sameText("''", '<p>&#8221;</p>')).toBe(true);
    expect(sameText("a ''b'' c", 'a &#8221;b&#8221; c')).toBe(true);
    expect(sameText('``x', '&#8220;x')).toBe(true);
    expect(sameText("''", "'")).toBe(false);
  });
  test('a number reads as its digits', () => {
    expect(sameText('123', 123)).toBe(true);
  });
});

describe('costs', () => {
  const six = (cost: string, values: string[]) => ({
    cost,
    cost_details: { currency_symbol: '', currency_code: '', currency_position: '', values },
  });
  test('costNumbers reads the display string and the values', () => {
    expect(costNumbers(six('$10 – $20', ['10', '20'])).sort((a, b) => a - b)).toEqual([10, 20]);
    expect(costNumbers(six('$5.50', ['5.50']))).toContain(5.5);
    // Whole numbers only (issue 16): "10,20" reads 1020 or 10.20, never 10 and 20 apart.
    expect(costNumbers(six('$10,20', ['1020']))).toEqual(expect.arrayContaining([1020, 10.2]));
    expect(costNumbers(six('$10,20', ['1020']))).not.toContain(20);
    expect(costNumbers(six('$1.15', ['1.15']))).toEqual([1.15]);
    expect(costNumbers({})).toEqual([]);
    expect(costNumbers(null)).toEqual([]);
    expect(costNumbers({ cost: 7, cost_details: { values: [8] } })).toEqual([7, 8]);
  });
  test('costReflects needs every sent number', () => {
    expect(costReflects('10-20', six('$10 – $20', ['10', '20']))).toBe(true);
    expect(costReflects('10-25', six('$10 – $20', ['10', '20']))).toBe(false);
    expect(costReflects(15, six('$15', ['15']))).toBe(true);
    expect(costReflects('5.50', six('$5.50', ['5.50']))).toBe(true);
    expect(costReflects('5.5', six('$5.50', ['5.50']))).toBe(true);
    expect(costReflects('10', six('', []))).toBe(false);
    // A sent number matches a whole number of the record, never a digit group of one.
    expect(costReflects('15', six('$1.15', ['1.15']))).toBe(false);
    expect(costReflects(15, six('$1.15', ['1.15']))).toBe(false);
    expect(costReflects('1', six('$1.15', ['1.15']))).toBe(false);
    expect(costReflects('10,20', six('$10.20', ['10.20']))).toBe(true);
    expect(costReflects('10,20', six('$1020', ['1020']))).toBe(true);
    expect(costReflects('10,20', six('$10 – $20', ['10', '20']))).toBe(true);
  });
  test('a cost of 0 may come back as no cost (the original stores "0" as empty)', () => {
    expect(costReflects('0', six('', []))).toBe(true);
    expect(costReflects(0, { cost: 'Free', cost_details: { values: ['0'] } })).toBe(true);
    expect(costReflects('0', six('$5', ['5']))).toBe(false);
  });
  test('a cost without digits is vacuously reflected', () => {
    expect(costReflects('Free', six('', []))).toBe(true);
  });
});

describe('sameDateTime', () => {
  test('accepts the sent forms with seconds, without seconds, or with a T', () => {
    expect(sameDateTime('2027-05-10 10:00:00', '2027-05-10 10:00:00')).toBe(true);
    expect(sameDateTime('2027-05-10 10:00', '2027-05-10 10:00:00')).toBe(true);
    expect(sameDateTime('2027-05-10T10:00:00', '2027-05-10 10:00:00')).toBe(true);
  });
  test('the record must use YYYY-MM-DD hh:mm:ss and the same wall clock', () => {
    expect(sameDateTime('2027-05-10 10:00:00', '2027-05-10T10:00:00')).toBe(false);
    expect(sameDateTime('2027-05-10 10:00:00', '2027-05-10 10:00')).toBe(false);
    expect(sameDateTime('2027-05-10 10:00:00', '2027-05-10 10:00:01')).toBe(false);
    expect(sameDateTime('2027-05-10 10:00:00', undefined)).toBe(false);
  });
  test('a sent date in another form is a mistake of the check', () => {
    expect(() => sameDateTime('2027-05-10', '2027-05-10 00:00:00')).toThrow(TypeError);
    expect(() => sameDateTime('2027-05-10T10:00:00Z', '2027-05-10 10:00:00')).toThrow(TypeError);
  });
});

describe('skippedWallClock', () => {
  test.each([
    ['2027-03-14 02:02:00', 'America/New_York', true],
    ['2027-03-14 03:02:00', 'America/New_York', false],
    ['2027-03-28 02:30:00', 'Europe/Paris', true],
    ['2027-11-07 01:30:00', 'America/New_York', false],
    ['2027-03-14 02:02:00', 'UTC', false],
    ['2027-03-14 02:02:00', '', false],
    ['2027-03-14 02:02:00', 'Nope/Zone', false],
  ])('%s in %j: %s', (wall, zone, want) => expect(skippedWallClock(wall, zone)).toBe(want));
});

describe('sameBoolean', () => {
  test('booleans only', () => {
    expect(sameBoolean(true, true)).toBe(true);
    expect(sameBoolean(false, false)).toBe(true);
    expect(sameBoolean(true, false)).toBe(false);
    expect(sameBoolean(true, 1)).toBe(false);
    expect(sameBoolean(true, 'true')).toBe(false);
    expect(sameBoolean(false, null)).toBe(false);
  });
});
