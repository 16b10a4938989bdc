// Compares a record with the model's known fields (text normalised, dates as sent).
import { sameDateTime, sameText } from '../../../lib/spec/normalise.ts';
import type { Field, ModelEvent } from './model.ts';
import type { ApiRecord } from '../../../lib/spec/contract.ts';

export function differences(ev: ModelEvent, rec: ApiRecord, only?: readonly Field[]): string[] {
  const out: string[] = [];
  for (const [field, want] of ev.fields) {
    if (only && !only.includes(field)) continue;
    const got = rec?.[field];
    const same = field === 'start_date' || field === 'end_date' ? sameDateTime(want, got) : sameText(want, got);
    if (!same) out.push(`${field}: expected ${JSON.stringify(want)}, got ${JSON.stringify(got)}`);
  }
  return out;
}
