// Command: list the run's events (search by the run's token): every live event whose dates are
// known is listed (they lie 30-300 days ahead, inside the default window); no deleted one is.
import type fc from 'fast-check';
import { readList } from '../../../lib/spec/contract.ts';
import type { Model, Real } from './model.ts';

export class ListCommand implements fc.AsyncCommand<Model, Real> {
  check(): boolean {
    return true;
  }
  async run(m: Model, r: Real): Promise<void> {
    const res = await r.t.api.get('/events', { search: m.token, per_page: 50 });
    const { ids } = readList(r.t, res, 'events', { what: "listing the run's events" });
    const missing = m.events
      .filter((e) => !e.deleted && e.fields.has('start_date') && e.fields.has('end_date') && !ids.includes(e.id))
      .map((e) => e.id);
    const deleted = m.events.filter((e) => e.deleted && ids.includes(e.id)).map((e) => e.id);
    if (missing.length || deleted.length) {
      r.t.fail(
        `GET /events?search=${m.token}: ${missing.length ? `live events ${missing.join(', ')} missing` : ''}${missing.length && deleted.length ? '; ' : ''}${deleted.length ? `deleted events ${deleted.join(', ')} still listed` : ''} (listed ${ids.join(', ') || 'none'})`,
        res,
      );
    }
  }
  toString(): string {
    return 'list';
  }
}
