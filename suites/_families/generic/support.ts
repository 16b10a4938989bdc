/**
 * Pieces the generic resource family shares: creating a record of any of the five resources from
 * its definition (lib/spec/resources.ts), and comparing sent fields with an answer.
 */
import type { CheckContext } from '../../../lib/check/index.ts';
import type { Params } from '../../../lib/types.ts';
import { type ApiRecord, isInteger, isObject, showIds } from '../../../lib/spec/contract.ts';
import { linkedIds } from '../../events/support.ts';
import { costReflects, sameBoolean, sameDateTime, sameText } from '../../../lib/spec/normalise.ts';
import { NEW_RECORD, type ResourceDef, type SentField } from '../../../lib/spec/resources.ts';

/** Create a record as setup (blocked if the create fails): the resource's name, its required fields, `extra`. */
export function make(
  t: CheckContext,
  r: ResourceDef,
  label: string,
  extra: Params = {},
  days = 30,
): Promise<ApiRecord> {
  return t.create(r.plural, { [r.nameField]: t.name(label), ...r.required(days), ...extra });
}

/** The sent fields with each NEW_RECORD replaced by the ID of a record made for the check. */
export async function resolve(
  t: CheckContext,
  r: ResourceDef,
  sent: readonly SentField[],
  label: string,
): Promise<SentField[]> {
  const out: SentField[] = [];
  for (const f of sent)
    out.push(f.value === NEW_RECORD ? { ...f, value: (await make(t, r, `${label} ${f.field}`)).id } : f);
  return out;
}

/** The sent fields as a request body (NEW_RECORD resolved first). */
export function bodyOf(sent: readonly SentField[]): Params {
  return Object.fromEntries(
    sent.map((f) => {
      if (f.value === NEW_RECORD)
        throw new Error(`bodyOf: ${f.field} still stands for a new record (resolve it first)`);
      return [f.field, f.value];
    }),
  );
}

/** One sent field matches the record's value, compared as the field's definition says. */
function reflects(f: SentField, record: ApiRecord): boolean {
  const got = record[f.field];
  switch (f.compare) {
    case 'text':
      return sameText(String(f.value), got);
    case 'exact':
      return got === f.value;
    case 'date-time':
      return sameDateTime(String(f.value), got);
    case 'boolean':
      return sameBoolean(Boolean(f.value), got);
    case 'cost':
      return costReflects(typeof f.value === 'number' ? f.value : String(f.value), record);
    case 'id':
      return Number(got) === Number(f.value);
  }
}

/** The sent fields the record does not reflect, as `field=value (sent ...)` for a message. */
export function mismatches(sent: readonly SentField[], record: ApiRecord): string[] {
  return sent
    .filter((f) => !reflects(f, record))
    .map((f) => `${f.field}=${JSON.stringify(record[f.field])?.slice(0, 120)} (sent ${JSON.stringify(f.value)})`);
}

/**
 * What must stay the same of a field's value between two reads: the IDs of linked records (a
 * venue, terms, an image: their own counters and dates may move), else the value itself.
 */
export function valueKey(v: unknown): string {
  const linked = (x: unknown) => isObject(x) && isInteger(x.id);
  if (linked(v) || (Array.isArray(v) && v.length > 0 && v.every(linked))) return `linked ${showIds(linkedIds(v))}`;
  return JSON.stringify(v) ?? 'nothing';
}
