/**
 * The string classes a fuzzer sends to a text parameter (issue 40, "every text parameter fuzzed"):
 * those of Schemathesis's data generation (empty, long, non-ASCII planes, control characters,
 * NUL) and of CATS's fuzzers (very large strings, emojis, zero-width and right-to-left characters,
 * combining marks, SQL and script injection, percent and format strings, path traversal, numbers
 * past their range, JSON as text). Each is a value a server must answer without crashing: a 4xx
 * refusal or a normal answer, never a 5xx. Pure.
 */

export interface FuzzString {
  name: string;
  value: string;
  /** The fuzzer class it stands for. */
  from: string;
}

export const FUZZ_STRINGS: readonly FuzzString[] = [
  { name: 'empty', value: '', from: 'Schemathesis: empty string' },
  { name: 'whitespace', value: ' \t ', from: 'CATS: only whitespace' },
  { name: 'very-long', value: 'x'.repeat(10_000), from: 'CATS: very large string' },
  { name: 'long-non-ascii', value: 'é'.repeat(3_000), from: 'Schemathesis: long non-ASCII text' },
  { name: 'emoji', value: '😀🎉👩‍👩‍👧', from: 'CATS: emojis, with a zero-width joiner' },
  { name: 'right-to-left', value: 'مرحبا\u202Eabc', from: 'CATS: right-to-left override' },
  { name: 'zero-width', value: 'a\u200Bb\uFEFF', from: 'CATS: zero-width characters' },
  { name: 'combining', value: 'e\u0301\u0308', from: 'CATS: combining marks' },
  { name: 'nul', value: 'a\u0000b', from: 'Schemathesis: NUL character' },
  { name: 'control', value: '\u0001\u001f\u007f', from: 'CATS: control characters' },
  { name: 'newlines', value: 'a\r\nb', from: 'CATS: CR LF inside a value' },
  { name: 'sql', value: "' OR '1'='1' -- ", from: 'CATS: SQL injection' },
  { name: 'script', value: '<script>alert(1)</script>', from: 'CATS: XSS payload' },
  { name: 'percent', value: '%00%ZZ%', from: 'CATS: malformed percent encoding (as text)' },
  { name: 'format', value: '%s%n%x%d', from: 'CATS: format string' },
  { name: 'traversal', value: '../../../../etc/passwd', from: 'CATS: path traversal' },
  { name: 'json', value: '{"a":[1]}', from: 'Schemathesis: JSON as text' },
  { name: 'huge-number', value: '1e309', from: 'CATS: number past its range' },
  { name: 'big-integer', value: '99999999999999999999999', from: 'CATS: integer past 64 bits' },
];

/**
 * The longest a value may be in a URL, percent-encoded: a request line past about 8 KB is refused by
 * the front web server before the interface sees it (Apache's LimitRequestLine 8,190 bytes, nginx 8
 * KB buffers; PHP's built-in server in front of 4.6.8 closed the connection on an 18 KB path,
 * 2026-11-28), so a URL carries the long classes cut to this, the body carries them whole.
 */
export const URL_VALUE_MAX = 4000;

/** A class as a URL carries it: cut (by whole characters) to at most URL_VALUE_MAX encoded bytes. Pure. */
export function forUrl(f: FuzzString): FuzzString {
  if (encodeURIComponent(f.value).length <= URL_VALUE_MAX) return f;
  const chars = [...f.value];
  let n = chars.length;
  while (n > 0 && encodeURIComponent(chars.slice(0, n).join('')).length > URL_VALUE_MAX) n = Math.floor(n * 0.9);
  return { ...f, value: chars.slice(0, n).join('') };
}

/** How a value is shown in a message: its class and its first characters, escaped. */
export function showFuzz(s: FuzzString): string {
  const head = JSON.stringify(s.value.length > 24 ? `${s.value.slice(0, 24)}...` : s.value);
  return `${s.name} ${head}${s.value.length > 24 ? ` (${s.value.length} characters)` : ''}`;
}

/**
 * Where the original itself answers a class with a 5xx: the must ("never a 5xx") holds only where
 * every original version answers without one, so these pairs are never sent. Each with its
 * measurement.
 */
export const ORIGINAL_CRASHES: ReadonlyArray<{ slot: string; classes: readonly string[]; measured: string }> = [
  {
    slot: 'categories name',
    classes: ['very-long', 'long-non-ascii'],
    measured:
      '4.6.8, 2026-11-28: POST /tags with a 10,000-character name answers 500 db_insert_error "Could not insert term into the database" (a term name is at most 200 characters in the database; WordPress core, as on 6.8.0)',
  },
  { slot: 'tags name', classes: ['very-long', 'long-non-ascii'], measured: 'as categories name (the same term table)' },
  {
    slot: 'categories slug',
    classes: ['very-long', 'long-non-ascii'],
    measured: 'as categories name (slug: 200 characters)',
  },
  {
    slot: 'tags slug',
    classes: ['very-long', 'long-non-ascii'],
    measured: 'as categories name (slug: 200 characters)',
  },
];

/**
 * One class for each of `slots` (text parameters or fields), turned by the run's seed: every class
 * is sent once before any is sent twice, so a run of at least as many slots as classes sends all of
 * them, and other seeds put each class on other slots. A slot the original crashes on for a class
 * (`ORIGINAL_CRASHES`, by the slot's name `nameOf(slot)`) gets the next class instead. Pure.
 */
export function fuzzAssignment<T>(
  slots: readonly T[],
  seed: number,
  nameOf: (slot: T) => string = String,
): Array<[T, FuzzString]> {
  const n = FUZZ_STRINGS.length;
  const offset = ((seed % n) + n) % n;
  const refused = (slot: T, f: FuzzString) =>
    ORIGINAL_CRASHES.some((c) => c.slot === nameOf(slot) && c.classes.includes(f.name));
  const out: Array<[T, FuzzString]> = [];
  let k = offset;
  for (const slot of slots) {
    // The class due here, or (where the original crashes on it) the first one after it that it answers.
    let tries = 0;
    while (refused(slot, FUZZ_STRINGS[k % n] as FuzzString) && tries++ < n) k++;
    out.push([slot, FUZZ_STRINGS[k % n] as FuzzString]);
    k++;
  }
  return out;
}
