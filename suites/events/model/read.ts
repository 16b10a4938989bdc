// Command: read an event. Live: the authenticated read reflects the model; deleted: an
// anonymous read gives no record (LEVELS.md: deleted records gone from anonymous reads).
import type fc from 'fast-check';
import { differences } from './compare.ts';
import { pick, type Model, type Real } from './model.ts';

export class ReadCommand implements fc.AsyncCommand<Model, Real> {
  constructor(readonly index: number) {}
  check(m: Readonly<Model>): boolean {
    return m.events.length > 0;
  }
  async run(m: Model, r: Real): Promise<void> {
    const ev = pick(m.events, this.index)!;
    if (ev.deleted) {
      const res = await r.t.anon.get(`/events/${ev.id}`);
      // No record, and no server error (a 5xx is no refusal); the model created and read the event before.
      r.t.assert(
        (res.status < 200 || res.status >= 300) && res.status < 500,
        `an anonymous GET /events/${ev.id} of a deleted event answered ${res.status}; expected no record (4xx)`,
        res,
      );
      return;
    }
    const res = await r.t.api.get(`/events/${ev.id}`);
    r.t.expectStatus(res, '2xx', `GET /events/${ev.id}`);
    const diff = differences(ev, r.t.record(res, 'the event read'));
    if (diff.length) r.t.fail(`GET /events/${ev.id} does not read what was written: ${diff.join('; ')}`, res);
  }
  toString(): string {
    return `read(#${this.index})`;
  }
}
