// Command: list the run's events (search by the run's token): every live event whose dates are
// known is listed (they lie 30-300 days ahead, inside the default window); no deleted one is.
import type fc from 'fast-check';
import type { Model, Real } from './model.ts';

export class ListCommand implements fc.AsyncCommand<Model, Real> {
  check(): boolean {
    return true;
  }
  async run(m: Model, r: Real): Promise<void> {
    const res = await r.t.api.get('/events', { search: m.token, per_page: 50 });
    let ids: number[] = [];
    if (!(res.status === 404 && !r.t.extended && res.json !== undefined)) {
      r.t.expectStatus(res, '2xx', "listing the run's events");
      const body = r.t.json(res, 'the event list');
      r.t.assert(Array.isArray(body?.events), 'the event list has no events array', res);
      ids = body.events.map((e: any) => e?.id);
    }
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
