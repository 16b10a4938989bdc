// Command: delete a live event (DELETE /events/{id}).
import type fc from 'fast-check';
import { live, pick, type Model, type Real } from './model.ts';

export class DeleteCommand implements fc.AsyncCommand<Model, Real> {
  constructor(readonly index: number) {}
  check(m: Readonly<Model>): boolean {
    return live(m as Model).length > 0;
  }
  async run(m: Model, r: Real): Promise<void> {
    const ev = pick(live(m), this.index)!;
    const res = await r.t.api.delete(`/events/${ev.id}`);
    r.t.expectStatus(res, '2xx', `DELETE /events/${ev.id}`);
    ev.deleted = true;
  }
  toString(): string {
    return `delete(#${this.index})`;
  }
}
