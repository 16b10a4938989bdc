/**
 * Term names sorted by name (rule `collation`: lib/spec/judge/rules.ts). Measured on 6.8.0 and
 * 4.6.8 (LEVELS.md term order/orderby): `orderby=name` sorts ASCII names case-insensitively
 * (alpha, Bravo, Charlie, delta). MySQL's collation of other scripts, of accents and of
 * punctuation is not measured: names with anything but ASCII letters, digits and spaces are left
 * out of the judgement (the check says which, and why), and the order of the others among
 * themselves is judged (a sorted list stays sorted when some of its names are left out). A name
 * left out never makes the check n/a; with fewer than two names left to compare it judged nothing
 * (`error`). Pure.
 */

/** Names whose order the original was measured on: ASCII letters, digits and spaces. */
export function measuredName(name: string): boolean {
  return /^[A-Za-z0-9 ]+$/.test(name);
}

export interface NameOrder {
  /** The names judged, in the order listed. */
  judged: string[];
  /** Names left out of the judgement, with why. */
  leftOut: string[];
  /** The first pair out of order, or null. */
  wrong: string | null;
}

/** The order of `names` (as listed) under `order`, on the names of the measured collation. */
export function nameOrder(names: readonly string[], order: 'asc' | 'desc'): NameOrder {
  const judged = names.filter(measuredName);
  const leftOut = names.filter((n) => !measuredName(n));
  const key = (n: string) => n.toLowerCase();
  for (let i = 1; i < judged.length; i++) {
    const a = key(judged[i - 1] as string);
    const b = key(judged[i] as string);
    if (order === 'asc' ? a > b : a < b)
      return { judged, leftOut, wrong: `${JSON.stringify(judged[i - 1])} comes before ${JSON.stringify(judged[i])}` };
  }
  return { judged, leftOut, wrong: null };
}

/** The sentence naming the names left out, or ''. */
export function leftOutLine(leftOut: readonly string[]): string {
  if (!leftOut.length) return '';
  const shown = leftOut.slice(0, 10).map((n) => JSON.stringify(n));
  return `left out of the order: ${shown.join(', ')}${leftOut.length > 10 ? ` and ${leftOut.length - 10} more` : ''} (punctuation and scripts beyond ASCII letters and digits sort by a collation not measured on the original)`;
}
