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
  type Addresses,
  addressesOf,
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
import type { Pairs } from './pairs.ts';
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
    // The model's keys, then the target's others (no key list built: this runs on every record compared).
    for (const k of Object.keys(m)) this.field(t, m, k, at, field, kind, listTop);
    for (const k of Object.keys(t)) if (!(k in m)) this.field(t, m, k, at, field, kind, listTop);
  }

  /** One key of two records. */
  private field(
    t: Record<string, unknown>,
    m: Record<string, unknown>,
    k: string,
    at: string,
    field: string,
    kind: IdKind,
    listTop: boolean,
  ): void {
    const tv = t[k];
    const mv = m[k];
    // The same scalar on both sides is no difference whatever its key (scalarsAgree's first test):
    // most fields of an answer, compared without their paths built.
    if (tv === mv && (typeof tv !== 'object' || tv === null)) return;
    const childKind: IdKind =
      k === 'venue' || k === 'organizer' ? 'post' : k === 'categories' || k === 'tags' ? 'term' : kind;
    // A list's records: their fields are named as a record's (`title`, not `events[].title`).
    const records = listTop && k === this.ctx.resource && Array.isArray(mv);
    this.value(tv, mv, join(at, k), records ? '' : join(field, k), k, childKind);
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
      const s = translated(t, this.ctx);
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
    const tIds = t.length ? idsOf(t, kind, this.ctx.pairs) : [];
    const mIds = m.length ? idsOf(m, null, this.ctx.pairs) : [];
    if (!tIds || !mIds || (!t.length && !m.length)) {
      for (let i = 0; i < Math.max(t.length, m.length); i++) {
        // An item one side lacks is an item of the list, never a field the model does not know.
        if (i >= m.length) this.push({ kind: 'extra-item', at: `${at}[${i}]`, field: item, target: t[i] });
        else if (i >= t.length) this.push({ kind: 'missing-item', at: `${at}[${i}]`, field: item, model: m[i] });
        // The same scalar: no difference (value's own answer), without the item's path built.
        else if (t[i] !== m[i] || (typeof t[i] === 'object' && t[i] !== null))
          this.value(t[i], m[i], `${at}[${i}]`, item, String(i), kind);
      }
      return;
    }
    const mSet = new Set(mIds);
    const tSet = new Set(tIds);
    const common = tIds.filter((id) => mSet.has(id));
    const mCommon = mIds.filter((id) => tSet.has(id));
    if (!sameIds(common, mCommon) && !this.tiesOnly(t, tIds, common, mCommon, field))
      this.push({ kind: 'order', at, field: `${item} order`, target: t.map(idOf), model: m.map(idOf) });
    for (let i = 0; i < tIds.length; i++)
      if (!mSet.has(tIds[i] as number))
        this.push({ kind: 'extra-item', at: `${at}[${i}]`, field: item, target: idOf(t[i]) });
    for (let j = 0; j < mIds.length; j++)
      if (!tSet.has(mIds[j] as number))
        this.push({ kind: 'missing-item', at: `${at}[${j}]`, field: item, model: idOf(m[j]) });
    // Each ID's first place in the model's list (indexOf's answer, without a scan per record).
    const mAt = new Map<number, number>();
    for (let j = mIds.length - 1; j >= 0; j--) mAt.set(mIds[j] as number, j);
    for (let i = 0; i < tIds.length; i++) {
      const j = mAt.get(tIds[i] as number);
      if (j !== undefined) this.value(t[i], m[j], `${at}[${i}]`, field, String(i), kind);
    }
  }

  /** Whether the two orders differ only among the list's records that tie on its sort key (rule sort-key-ties). */
  private tiesOnly(t: unknown[], tIds: number[], common: number[], mCommon: number[], field: string): boolean {
    const key = this.ctx.tieKey;
    if (!key || field !== '') return false;
    const keys = new Map(tIds.map((id, i) => [id, (t[i] as Record<string, unknown>)[key]]));
    return orderAgreesWithinTies(common, mCommon, (id) => keys.get(id));
  }
}

/**
 * targetString, kept per check's pairs while no pair is made: a check's answers repeat their
 * strings (a record's links in every answer about it: 13,595 of the 18,539 strings translated
 * replaying an extended run came again under the same pairs), and a translation reads the string,
 * the two sites' addresses (addressesOf: one object per pair of sites) and the pairs alone.
 */
function translated(s: string, ctx: CompareContext): string {
  const a = addressesOf(ctx);
  let memo = translations.get(ctx.pairs);
  if (memo?.version !== ctx.pairs.version || memo.a !== a) {
    memo = { version: ctx.pairs.version, a, strings: new Map() };
    translations.set(ctx.pairs, memo);
  }
  let out = memo.strings.get(s);
  if (out === undefined) {
    out = targetString(s, ctx);
    memo.strings.set(s, out);
  }
  return out;
}
const translations = new WeakMap<Pairs, { version: number; a: Addresses; strings: Map<string, string> }>();

function idOf(r: unknown): unknown {
  return isObject(r) ? r['id'] : r;
}

/**
 * The IDs of a list of records (objects with an integer `id`), the target's translated to the
 * model's (`kind`; null: the model's, as they are), or null when an item is no such record. A
 * function of the module, not a closure per list compared (esbuild's keepNames names each closure
 * made: a property defined per call).
 */
function idsOf(a: unknown[], kind: IdKind | null, pairs: CompareContext['pairs']): number[] | null {
  const out: number[] = [];
  for (const r of a) {
    if (!isObject(r) || !Number.isInteger(r['id'])) return null;
    const id = r['id'] as number;
    out.push(kind ? (targetId(kind, id, pairs) as number) : id);
  }
  return out;
}

/** Two lists of integer IDs in the same order (what comparing their comma-joined text told). */
function sameIds(a: readonly number[], b: readonly number[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** The differences between the target's answer and the model's (empty: the same after normalisation). */
export function compareAnswers(target: ModelAnswer, model: ModelAnswer, ctx: CompareContext): FieldDifference[] {
  const w = new Walk(ctx);
  if (target.status !== model.status)
    w.push({ kind: 'status', at: 'status', field: 'status', target: target.status, model: model.status });
  for (const h of DEFINED_HEADERS) {
    // The same text on both sides normalises alike: no difference, nothing to normalise.
    if (target.headers[h] === model.headers[h]) continue;
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
