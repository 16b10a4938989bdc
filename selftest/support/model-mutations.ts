/**
 * Generic mutations of one recorded answer of the target (issue 37, "proof by generic faults"): drop,
 * retype or change one field, swap two list items, change the status or the error code, cut or
 * duplicate a link, change a header. Each mutation is drawn by fast-check from a seed over the
 * compared answers of every route-method, applied to a copy of the answer, and the check's answers
 * are judged again against the model's recorded answers (lib/spec/model/judge.ts judgeCheck): no
 * server, a few milliseconds each.
 */
import fc from 'fast-check';
import type { ShadowCheck, ShadowExchange } from '../../lib/run/shadow.ts';
import { type JudgeContext, type JudgedExchange, judgeCheck } from '../../lib/spec/model/judge.ts';
import type { ModelAnswer } from '../../lib/spec/model/route.ts';

export const OPERATORS = [
  'drop-field',
  'retype-field',
  'change-value',
  'swap-items',
  'change-status',
  'change-code',
  'cut-link',
  'duplicate-link',
  'change-header',
] as const;
export type Operator = (typeof OPERATORS)[number];

export interface Mutation {
  modelCheck: string;
  check: string;
  index: number;
  operator: Operator;
  /** Where: a field path, a header, `status`. */
  at: string;
  /** What it became, short. */
  what: string;
}

export interface MutationOutcome extends Mutation {
  caught: boolean;
  /** The highest level a difference of the mutated answer (or a later one of the check) got. */
  level?: 'must' | 'should';
  /** The first difference found. */
  found?: string;
}

type Json = unknown;
type Path = Array<string | number>;

/** Every path to a value under the body (objects' keys and arrays' items), depth first. */
function paths(v: Json, at: Path = [], out: Path[] = []): Path[] {
  if (Array.isArray(v))
    v.forEach((x, i) => {
      out.push([...at, i]);
      paths(x, [...at, i], out);
    });
  else if (v && typeof v === 'object')
    for (const [k, x] of Object.entries(v)) {
      out.push([...at, k]);
      paths(x, [...at, k], out);
    }
  return out;
}

function getAt(v: Json, p: Path): Json {
  let cur = v as Record<string | number, Json>;
  for (const k of p) cur = cur?.[k] as Record<string | number, Json>;
  return cur;
}

function setAt(v: Json, p: Path, value: Json | typeof DROP): void {
  const parent = getAt(v, p.slice(0, -1)) as Record<string | number, Json> | Json[];
  const k = p[p.length - 1] as string | number;
  if (value === DROP) {
    if (Array.isArray(parent)) parent.splice(k as number, 1);
    else delete (parent as Record<string, Json>)[k as string];
  } else (parent as Record<string | number, Json>)[k] = value;
}
const DROP = Symbol('drop');

const show = (p: Path) =>
  p
    .map((k) => (typeof k === 'number' ? `[${k}]` : `.${k}`))
    .join('')
    .replace(/^\./, '');
const isUrl = (x: Json) => typeof x === 'string' && /^https?:\/\//.test(x);

function retyped(x: Json): Json {
  if (typeof x === 'string') return x.length;
  if (typeof x === 'number') return String(x);
  if (typeof x === 'boolean') return x ? 'true' : 'false';
  if (x === null) return 0;
  if (Array.isArray(x)) return { ...x };
  return [x];
}

function changed(x: Json): Json {
  if (typeof x === 'string') return `${x}-mutated`;
  if (typeof x === 'number') return x + 1;
  if (typeof x === 'boolean') return !x;
  if (x === null) return 'null';
  return x;
}

/**
 * Applies one operator to a copy of the target's answer (`pick` chooses among the candidates),
 * or null when it does not apply to this answer.
 */
export function mutate(
  x: ShadowExchange,
  operator: Operator,
  pick: number,
): { exchange: ShadowExchange; at: string; what: string } | null {
  const json = x.json === undefined ? undefined : structuredClone(x.json);
  const out: ShadowExchange = { ...x, json, answerHeaders: { ...(x.answerHeaders ?? {}) } };
  const all = json === undefined ? [] : paths(json);
  const choose = <T>(xs: T[]): T | undefined => (xs.length ? xs[pick % xs.length] : undefined);
  switch (operator) {
    case 'drop-field':
    case 'retype-field':
    case 'change-value': {
      // A field (an object's key); a changed value is a leaf's (an added key would be a field the
      // model does not know: an extension, never a fault).
      const fields = all.filter((q) => typeof q[q.length - 1] === 'string');
      const leaves = fields.filter((q) => {
        const v = getAt(json, q);
        return v === null || typeof v !== 'object';
      });
      const p = choose(operator === 'change-value' ? leaves : fields);
      if (!p) return null;
      const old = getAt(json, p);
      const now = operator === 'drop-field' ? DROP : operator === 'retype-field' ? retyped(old) : changed(old);
      setAt(json, p, now);
      return { exchange: out, at: show(p), what: now === DROP ? '(dropped)' : JSON.stringify(now).slice(0, 60) };
    }
    case 'swap-items': {
      const lists = all.filter((q) => {
        const a = getAt(json, q);
        return Array.isArray(a) && a.length >= 2 && JSON.stringify(a[0]) !== JSON.stringify(a[1]);
      });
      const top = Array.isArray(json) && json.length >= 2 ? [[] as Path] : [];
      const p = choose([...top, ...lists]);
      if (!p) return null;
      const a = (p.length ? getAt(json, p) : json) as Json[];
      const i = pick % (a.length - 1);
      [a[i], a[i + 1]] = [a[i + 1], a[i]];
      return { exchange: out, at: show(p) || '(body)', what: `items ${i} and ${i + 1} swapped` };
    }
    case 'change-status': {
      const s = x.status ?? 0;
      const options = s >= 200 && s < 300 ? [s === 200 ? 201 : 200, 400, 404] : [s === 400 ? 404 : 400, 200];
      out.status = options[pick % options.length];
      return { exchange: out, at: 'status', what: `${s} -> ${out.status}` };
    }
    case 'change-code': {
      const code = (json as { code?: unknown } | undefined)?.code;
      if (typeof code !== 'string') return null;
      (json as { code: string }).code = code === 'rest_invalid_param' ? 'rest_post_invalid_id' : 'rest_invalid_param';
      return { exchange: out, at: 'code', what: (json as { code: string }).code };
    }
    case 'cut-link': {
      const p = choose(all.filter((q) => isUrl(getAt(json, q))));
      if (!p) return null;
      const url = getAt(json, p) as string;
      const cut = url.replace(/\/[^/]*\/?$/, '/');
      setAt(json, p, cut === url ? `${url.slice(0, -1)}` : cut);
      return { exchange: out, at: show(p), what: JSON.stringify(getAt(json, p)).slice(0, 60) };
    }
    case 'duplicate-link': {
      const links = all.filter((q) => isUrl(getAt(json, q)));
      const p = choose(links);
      if (!p) return null;
      const other = links.find((q) => getAt(json, q) !== getAt(json, p));
      // Another link of the answer in its place, or the link listed twice where links are listed.
      const parent = getAt(json, p.slice(0, -1));
      if (Array.isArray(parent)) parent.push(getAt(json, p));
      else if (other) setAt(json, p, getAt(json, other));
      else return null;
      return { exchange: out, at: show(p), what: Array.isArray(parent) ? 'listed twice' : `= ${show(other!)}` };
    }
    case 'change-header': {
      const names = ['x-wp-total', 'x-wp-totalpages', 'content-type'];
      const name = names[pick % names.length] as string;
      const h = out.answerHeaders as Record<string, string>;
      h[name] =
        name === 'content-type'
          ? 'text/html; charset=UTF-8'
          : h[name] === undefined
            ? '7'
            : String(Number(h[name]) + 1);
      return { exchange: out, at: `header ${name}`, what: h[name] as string };
    }
  }
}

/** Whether an operator has something to change in an answer (cheap: no copy). */
export function applies(x: ShadowExchange, operator: Operator): boolean {
  const json = x.json;
  switch (operator) {
    case 'change-status':
    case 'change-header':
      return true;
    case 'change-code':
      return typeof (json as { code?: unknown } | undefined)?.code === 'string';
    case 'swap-items':
    case 'cut-link':
    case 'duplicate-link':
    case 'drop-field':
    case 'retype-field':
    case 'change-value':
      return json !== undefined && mutate(x, operator, 0) !== null;
  }
}

/** The candidates: answers compared and identical to the model's, by model check. */
export function candidates(judged: readonly JudgedExchange[]): Map<string, JudgedExchange[]> {
  const out = new Map<string, JudgedExchange[]>();
  for (const j of judged) {
    if (!j.modelCheck || !j.modelAnswer || !j.differences) continue;
    if (j.differences.some((d) => d.level !== 'info')) continue;
    const list = out.get(j.modelCheck) ?? [];
    list.push(j);
    out.set(j.modelCheck, list);
  }
  return out;
}

/** `n` mutations drawn from `seed`, the model checks in turn (each route-method gets its share). */
export function drawMutations(
  pool: Map<string, JudgedExchange[]>,
  shadow: readonly ShadowCheck[],
  n: number,
  seed: number,
): Array<Mutation & { exchange: ShadowExchange }> {
  const byCheck = new Map(shadow.map((c) => [c.check, c]));
  const modelChecks = [...pool.keys()].sort();
  const draws = fc.sample(fc.record({ j: fc.nat(), op: fc.constantFrom(...OPERATORS), pick: fc.nat() }), {
    seed,
    numRuns: n * 2,
  });
  const out: Array<Mutation & { exchange: ShadowExchange }> = [];
  const exchangeOf = (j: JudgedExchange) => byCheck.get(j.check)?.exchanges[j.index];
  let turn = 0;
  for (const d of draws) {
    if (out.length >= n) break;
    const modelCheck = modelChecks[turn % modelChecks.length] as string;
    const list = pool.get(modelCheck) as JudgedExchange[];
    // The drawn operator over the answers it applies to; else the next operator that applies to one.
    for (let k = 0; k < OPERATORS.length; k++) {
      const operator = OPERATORS[(OPERATORS.indexOf(d.op) + k) % OPERATORS.length] as Operator;
      const fit = list.filter((j) => {
        const x = exchangeOf(j);
        return !!x && applies(x, operator);
      });
      if (!fit.length) continue;
      const j = fit[d.j % fit.length] as JudgedExchange;
      const m = mutate(exchangeOf(j) as ShadowExchange, operator, d.pick);
      if (!m) continue;
      turn++;
      out.push({ modelCheck, check: j.check, index: j.index, operator, at: m.at, what: m.what, exchange: m.exchange });
      break;
    }
  }
  return out;
}

/** The check judged again with one answer mutated, against the model's recorded answers. */
export async function judgeMutation(
  m: Mutation & { exchange: ShadowExchange },
  shadow: readonly ShadowCheck[],
  answers: ReadonlyMap<string, ModelAnswer>,
  ctx: JudgeContext,
): Promise<MutationOutcome> {
  const check = shadow.find((c) => c.check === m.check) as ShadowCheck;
  const exchanges = check.exchanges.map((x, i) => (i === m.index ? m.exchange : x));
  const judged = await judgeCheck(
    { check: check.check, exchanges },
    async (_s, i) => answers.get(`${m.check}#${i}`),
    ctx,
  );
  const found = judged
    .filter((j) => j.index >= m.index)
    .flatMap((j) => (j.differences ?? []).filter((d) => d.level !== 'info').map((d) => ({ j, d })));
  const { exchange: _x, ...row } = m;
  if (!found.length) return { ...row, caught: false };
  const level = found.some((f) => f.d.level === 'must') ? 'must' : 'should';
  const first = found[0]!;
  return { ...row, caught: true, level, found: `#${first.j.index} ${first.d.kind} ${first.d.at}` };
}
