/**
 * One answer of the target against the model's answer to the same request: the status, the error
 * code, the headers the interface defines (content type, totals, pages) and every field of the
 * body at every depth (values, types, list order and membership, links, nested venue, organizer
 * and term records), after the declared normalisation (normalise-rules.ts). Returns the
 * differences, each with its concrete path (`at`) and its field across answers (`field`:
 * record-relative, list indices as `[]`). Pure.
 */
import { isObject } from '../contract.ts';
import {
  type CompareContext,
  defaultEndDatesAgree,
  jsonLdEmailsAgree,
  orderAgreesWithinTies,
  stampsAgree,
  targetId,
  targetString,
  trashedSlugsAgree,
  withoutConcurrent,
} from './normalise-rules.ts';
import { DEFINED_HEADERS, type IdKind, idKindOf, type ModelAnswer } from './route.ts';

export type DifferenceKind =
  | 'status'
  | 'code'
  | 'header'
  | 'body'
  | 'value'
  | 'type'
  | 'missing'
  | 'extra'
  | 'order'
  | 'missing-item'
  | 'extra-item';

export interface FieldDifference {
  kind: DifferenceKind;
  /** Where in this answer: `status`, `header x-wp-total`, `venue.show_map`, `events[3].title`. */
  at: string;
  /** The field across answers: record-relative, indices as `[]` (`show_map` of a list's records is `show_map`). */
  field: string;
  /** The target's value as answered (absent: the target has none). */
  target?: unknown;
  /** The model's value (absent: the model has none). */
  model?: unknown;
}

/** At most this many differences are kept per answer (a wholly different answer is no list of every field). */
export const MAX_PER_ANSWER = 40;

function typeOf(v: unknown): string {
  return v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v;
}

function isError(body: unknown): boolean {
  return isObject(body) && typeof body['code'] === 'string' && !('id' in body);
}

function is2xx(status: number): boolean {
  return status >= 200 && status < 300;
}

/** A header value as compared: content types lower-cased without spaces, others trimmed. */
function headerValue(name: string, v: string | undefined): string | undefined {
  if (v === undefined) return undefined;
  return name === 'content-type' ? v.toLowerCase().replace(/\s+/g, '') : v.trim();
}

const join = (a: string, k: string) => (a ? `${a}.${k}` : k);

class Walk {
  readonly out: FieldDifference[] = [];
  constructor(private readonly ctx: CompareContext) {}

  push(d: FieldDifference): void {
    if (this.out.length < MAX_PER_ANSWER) this.out.push(d);
  }

  /** `listTop`: the top of a list answer, whose array under the resource key holds the records. */
  value(t: unknown, m: unknown, at: string, field: string, key: string, kind: IdKind, listTop = false): void {
    if (this.out.length >= MAX_PER_ANSWER) return;
    if (t === undefined && m === undefined) return;
    if (t === undefined) {
      this.push({ kind: 'missing', at, field, model: m });
      return;
    }
    if (m === undefined) {
      this.push({ kind: 'extra', at, field, target: t });
      return;
    }
    if (typeOf(t) !== typeOf(m)) {
      this.push({ kind: 'type', at, field, target: t, model: m });
      return;
    }
    if (Array.isArray(t) && Array.isArray(m)) {
      this.array(t, m, at, field, kind);
      return;
    }
    if (isObject(t) && isObject(m)) {
      const [tr, mr] = withoutConcurrent(t, m, kind, this.ctx);
      this.record(tr, mr, at, field, kind, listTop);
      return;
    }
    if (this.scalarsAgree(t, m, key, field, kind)) return;
    const code = key === 'code' && !at.includes('.');
    this.push({ kind: code ? 'code' : 'value', at, field, target: t, model: m });
  }

  /** Two records (objects): every key of either. */
  private record(
    t: Record<string, unknown>,
    m: Record<string, unknown>,
    at: string,
    field: string,
    kind: IdKind,
    listTop: boolean,
  ): void {
    const keys = [...Object.keys(m), ...Object.keys(t).filter((k) => !(k in m))];
    for (const k of keys) {
      const childKind: IdKind =
        k === 'venue' || k === 'organizer' ? 'post' : k === 'categories' || k === 'tags' ? 'term' : kind;
      // A list's records: their fields are named as a record's (`title`, not `events[].title`).
      const records = listTop && k === this.ctx.resource && Array.isArray(m[k]);
      this.value(t[k], m[k], join(at, k), records ? '' : join(field, k), k, childKind);
    }
  }

  private scalarsAgree(t: unknown, m: unknown, key: string, field: string, kind: IdKind): boolean {
    if (t === m) return true;
    if (key === 'id') return targetId(kind, t, this.ctx.pairs) === m;
    if (key === 'parent' && kind === 'term') return targetId('term', t, this.ctx.pairs) === m;
    if (key === 'term_taxonomy_id') return targetId('tt', t, this.ctx.pairs) === m;
    // An error naming a record: `data.term_id` and `additional_data` of term_exists, an ID in a message.
    if (key === 'term_id' || field.endsWith('additional_data[]'))
      return targetId(idKindOf(this.ctx.resource), t, this.ctx.pairs) === m;
    if (key === 'message' && typeof t === 'string')
      return (
        t.replace(/\b\d+\b/g, (n) => String(targetId(idKindOf(this.ctx.resource), Number(n), this.ctx.pairs))) === m
      );
    if (typeof t === 'string') {
      if (stampsAgree(key, t, m, this.ctx)) return true;
      if (jsonLdEmailsAgree(key, field, t, m)) return true;
      if (trashedSlugsAgree(key, t, m)) return true;
      const s = targetString(t, this.ctx);
      if (s === m) return true;
      if (typeof m === 'string' && defaultEndDatesAgree(key, s, m, this.ctx)) return true;
      // A term named after a paired ID (6.x links a new tag named after the ID sent): its name, slug, url.
      return kind === 'term' && s.replace(/\b\d+\b/g, (n) => String(targetId('term', Number(n), this.ctx.pairs))) === m;
    }
    return false;
  }

  /** Records (objects with an integer `id`) by ID: order, then membership, then each record; other arrays by position. */
  private array(t: unknown[], m: unknown[], at: string, field: string, kind: IdKind): void {
    const item = field ? `${field}[]` : `${this.ctx.resource}[]`;
    const ids = (a: unknown[], translate: boolean) =>
      a.every((r) => isObject(r) && Number.isInteger(r['id']))
        ? a.map((r) => {
            const id = (r as Record<string, unknown>)['id'] as number;
            return translate ? (targetId(kind, id, this.ctx.pairs) as number) : id;
          })
        : null;
    const tIds = t.length ? ids(t, true) : [];
    const mIds = m.length ? ids(m, false) : [];
    if (!tIds || !mIds || (!t.length && !m.length)) {
      for (let i = 0; i < Math.max(t.length, m.length); i++) {
        // An item one side lacks is an item of the list, never a field the model does not know.
        if (i >= m.length) this.push({ kind: 'extra-item', at: `${at}[${i}]`, field: item, target: t[i] });
        else if (i >= t.length) this.push({ kind: 'missing-item', at: `${at}[${i}]`, field: item, model: m[i] });
        else this.value(t[i], m[i], `${at}[${i}]`, item, String(i), kind);
      }
      return;
    }
    const mSet = new Set(mIds);
    const tSet = new Set(tIds);
    const common = tIds.filter((id) => mSet.has(id));
    const mCommon = mIds.filter((id) => tSet.has(id));
    if (common.join(',') !== mCommon.join(',') && !this.tiesOnly(t, tIds, common, mCommon, field))
      this.push({ kind: 'order', at, field: `${item} order`, target: t.map(idOf), model: m.map(idOf) });
    tIds.forEach((id, i) => {
      if (!mSet.has(id)) this.push({ kind: 'extra-item', at: `${at}[${i}]`, field: item, target: idOf(t[i]) });
    });
    mIds.forEach((id, j) => {
      if (!tSet.has(id)) this.push({ kind: 'missing-item', at: `${at}[${j}]`, field: item, model: idOf(m[j]) });
    });
    tIds.forEach((id, i) => {
      const j = mIds.indexOf(id);
      if (j >= 0) this.value(t[i], m[j], `${at}[${i}]`, field, String(i), kind);
    });
  }

  /** Whether the two orders differ only among the list's records that tie on its sort key (rule sort-key-ties). */
  private tiesOnly(t: unknown[], tIds: number[], common: number[], mCommon: number[], field: string): boolean {
    const key = this.ctx.tieKey;
    if (!key || field !== '') return false;
    const keys = new Map(tIds.map((id, i) => [id, (t[i] as Record<string, unknown>)[key]]));
    return orderAgreesWithinTies(common, mCommon, (id) => keys.get(id));
  }
}

function idOf(r: unknown): unknown {
  return isObject(r) ? r['id'] : r;
}

/** The differences between the target's answer and the model's (empty: the same after normalisation). */
export function compareAnswers(target: ModelAnswer, model: ModelAnswer, ctx: CompareContext): FieldDifference[] {
  const w = new Walk(ctx);
  if (target.status !== model.status)
    w.push({ kind: 'status', at: 'status', field: 'status', target: target.status, model: model.status });
  for (const h of DEFINED_HEADERS) {
    const tv = headerValue(h, target.headers[h]);
    const mv = headerValue(h, model.headers[h]);
    if (tv !== mv) w.push({ kind: 'header', at: `header ${h}`, field: `header ${h}`, target: tv, model: mv });
  }
  const tb = target.body;
  const mb = model.body;
  if (tb === undefined || mb === undefined) {
    if (tb !== mb)
      w.push({
        kind: 'body',
        at: 'body',
        field: 'body',
        target: tb === undefined ? '(not JSON)' : typeOf(tb),
        model: mb === undefined ? '(not JSON)' : typeOf(mb),
      });
    return w.out;
  }
  // An error against a record (or the other way round): the status says it; a field walk would be noise.
  if (is2xx(target.status) !== is2xx(model.status) || isError(tb) !== isError(mb)) {
    const tc = isObject(tb) ? tb['code'] : undefined;
    const mc = isObject(mb) ? mb['code'] : undefined;
    if (tc !== mc) w.push({ kind: 'code', at: 'code', field: 'code', target: tc, model: mc });
    return w.out;
  }
  w.value(tb, mb, '', '', '', idKindOf(ctx.resource), true);
  return w.out;
}
