// Command: update a live event by POST, PUT or PATCH, sending a subset of the fields.
import type fc from 'fast-check';
import { differences } from './compare.ts';
import { FIELDS, live, pick, type Field, type Model, type Real } from './model.ts';
import { at } from '../../../lib/spec/contract.ts';

type UpdateMethod = 'POST' | 'PUT' | 'PATCH';
export type UpdatePart = 'title' | 'description' | 'dates';

export class UpdateCommand implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly method: UpdateMethod,
    readonly index: number,
    readonly parts: UpdatePart[],
    readonly day: number,
  ) {}
  check(m: Readonly<Model>): boolean {
    return live(m as Model).length > 0;
  }
  async run(m: Model, r: Real): Promise<void> {
    const ev = pick(live(m), this.index)!;
    const n = r.next();
    const body: Partial<Record<Field, string>> = {};
    if (this.parts.includes('title')) body.title = `${m.token} updated ${n} 'x'`;
    if (this.parts.includes('description')) body.description = `described ${n} — ok`;
    if (this.parts.includes('dates')) {
      body.start_date = at(this.day, 0, 600 + n);
      body.end_date = at(this.day, 0, 660 + n);
    }
    const res = await r.t.api.request({ method: this.method, path: `/events/${ev.id}`, json: body });
    r.t.expectStatus(res, '2xx', `${this.method} /events/${ev.id}`);
    for (const f of FIELDS) {
      if (body[f] !== undefined) ev.fields.set(f, body[f]!);
      else if (m.mode === 'must' && f !== 'title') ev.fields.delete(f);
    }
    const rec = r.t.record(res, 'the update answer');
    const diff = differences(ev, rec, m.mode === 'should' ? undefined : (Object.keys(body) as Field[]));
    if (diff.length)
      r.t.fail(
        `${this.method} /events/${ev.id} with ${JSON.stringify(body)} did not apply the sent fields or changed unsent ones: ${diff.join('; ')}`,
        res,
      );
  }
  toString(): string {
    return `${this.method.toLowerCase()}(#${this.index}, ${this.parts.join('+')})`;
  }
}
