// "Did you mean": the nearest of the words a mistake could have meant (environment keys, check IDs,
// feature names). Pure.

/** Levenshtein distance between two words. */
export function distance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    let prev = row[0] as number;
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const cur = row[j] as number;
      row[j] = Math.min((row[j] as number) + 1, (row[j - 1] as number) + 1, prev + (a[i - 1] === b[j - 1] ? 0 : 1));
      prev = cur;
    }
  }
  return row[b.length] as number;
}

/** " (did you mean X?)" for the word of `words` nearest `typed` within `most` edits, else "". */
export function didYouMean(typed: string, words: readonly string[], most = 3): string {
  let best: [string, number] | undefined;
  for (const w of words) {
    const d = distance(typed.toLowerCase(), w.toLowerCase());
    if (!best || d < best[1]) best = [w, d];
  }
  return best && best[1] <= most && best[1] > 0 ? ` (did you mean ${best[0]}?)` : '';
}
