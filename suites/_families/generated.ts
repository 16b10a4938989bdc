/**
 * Generated fields sent by a client: the forged values and the two readings the
 * `*.fields.generated-read-only` checks make (events in suites/events/generated.test.ts, venues and
 * organizers in suites/_families/linked/fields.ts, categories and tags in suites/_families/terms/fields.ts).
 */

/** The sent fields a record holds exactly as sent. */
export const heldAsSent = (rec: Record<string, unknown>, forged: Record<string, unknown>): string[] =>
  Object.entries(forged)
    .filter(([k, v]) => JSON.stringify(rec[k]) === JSON.stringify(v))
    .map(([k]) => k);

/** The `keys` whose values differ between two reads of a record. */
export const changedKeys = (
  before: Record<string, unknown>,
  after: Record<string, unknown>,
  keys: string[],
): string[] => keys.filter((k) => JSON.stringify(after[k]) !== JSON.stringify(before[k]));

/**
 * Every field of a record that reads differently in `after` than in `before` (either side may
 * lack it), as `key: before -> after` (values cut at 100 characters); [] when the two readings
 * agree on every field. Pure.
 */
export function changedFields(before: Record<string, unknown>, after: Record<string, unknown>): string[] {
  const show = (v: unknown) => (v === undefined ? 'nothing' : (JSON.stringify(v) ?? String(v)).slice(0, 100));
  return [...new Set([...Object.keys(before), ...Object.keys(after)])]
    .filter((k) => JSON.stringify(after[k]) !== JSON.stringify(before[k]))
    .map((k) => `${k}: ${show(before[k])} -> ${show(after[k])}`);
}
