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

/** How a value is shown in a message: its class and its first characters, escaped. */
export function showFuzz(s: FuzzString): string {
  const head = JSON.stringify(s.value.length > 24 ? `${s.value.slice(0, 24)}...` : s.value);
  return `${s.name} ${head}${s.value.length > 24 ? ` (${s.value.length} characters)` : ''}`;
}

/**
 * One class for each of `slots` (text parameters or fields), turned by the run's seed: every class
 * is sent once before any is sent twice, so a run of at least as many slots as classes sends all of
 * them, and other seeds put each class on other slots. Pure.
 */
export function fuzzAssignment<T>(slots: readonly T[], seed: number): Array<[T, FuzzString]> {
  const n = FUZZ_STRINGS.length;
  const offset = ((seed % n) + n) % n;
  return slots.map((slot, i) => [slot, FUZZ_STRINGS[(offset + i) % n] as FuzzString]);
}
