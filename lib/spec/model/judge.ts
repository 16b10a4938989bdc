/**
 * One check's exchanges judged against the model, step by step: which requests are in the
 * model's scope (and the model's request for each), then each answer of the target against the
 * model's (pairs learned, differences found and levelled). The replay (lib/certify/model.ts) sends
 * the model's requests between the two steps; the mutation self-test re-judges recorded answers
 * with the same two steps and no server. Pure.
 */
import type { ResourceKey } from '../contract.ts';
import { compareAnswers, type FieldDifference } from './compare.ts';
import { jsonPrefix } from './json-prefix.ts';
import { type DifferenceLevel, type LevelContext, levelOf } from './levels.ts';
import { type CompareContext, type ConcurrentWrites, tieKeyOf } from './normalise-rules.ts';
import { isWrite, learnPairs, listInScope, type OutOfScopeReason, Pairs, translateRequest } from './pairs.ts';
import {
  type ModelAnswer,
  type ModelRequest,
  modelCheckId,
  type Operation,
  operationOf,
  type RouteOf,
} from './route.ts';

/**
 * One exchange of the target as the model judges it (lib/run/shadow.ts ShadowExchange extends it
 * with what the recording adds).
 */
export interface TargetExchange {
  method: string;
  /** Below the namespace root (`/events/12`); the whole URL when it is not below it. */
  route: string;
  /** The raw query string, without `?`. */
  query: string;
  body?: string;
  /** The request headers that shape it (content type, method overrides, a foreign Authorization). */
  headers: Record<string, string>;
  /** Sent with the run's credentials. */
  auth: boolean;
  /** Absent: no HTTP answer. */
  status?: number;
  /** content-type, x-wp-total, x-wp-totalpages, date (lower-case names). */
  answerHeaders?: Record<string, string>;
  /** The parsed answer (absent: not JSON, or dropped as out of every model's scope). */
  json?: unknown;
}

/** What the model knows of one check while its exchanges are judged. */
export interface CheckState {
  pairs: Pairs;
  /** A write got no answer: nothing after it can be compared. */
  desynced: boolean;
  /** A write the model could not replay: the check's lists may hold what the model lacks. */
  listsUnseen: boolean;
  /** Item routes the target answered a DELETE of with 2xx earlier in the check (`/organizers/12`). */
  deletedOnTarget: Set<string>;
  /** The check's own scope word (`CheckContext.scope`), when the recording names it. */
  scope?: string;
}

export function newCheckState(scope?: string): CheckState {
  return {
    pairs: new Pairs(),
    desynced: false,
    listsUnseen: false,
    deletedOnTarget: new Set(),
    ...(scope ? { scope } : {}),
  };
}

export type Scoped =
  | { inScope: false; reason: OutOfScopeReason; modelCheck?: string }
  | { inScope: true; request: ModelRequest; route: RouteOf; operation: Operation; modelCheck: string };

/**
 * The target's answers the model does not judge: the runner's transient trouble (lib/run/client.ts
 * TRANSIENT_STATUSES, held equal by selftest/unit/model-pairs.test.ts), an answer that says "try
 * again later", not "this is wrong". CONTRACT.md: transient trouble is `error` at worst, never
 * `fail`, so the model neither compares it (whatever the model answers) nor lets a later answer of
 * the check be compared after such a write (the target may or may not have done it). Every other
 * 5xx is compared: a 500 where the original answers 2xx is the server's own failure (the runner
 * fails it too), and a must difference where the levels say so (`delete: 2xx`, ...).
 */
export const TRANSIENT_ANSWERS: readonly number[] = [502, 503, 504];

/**
 * Whether the model compares this exchange, and the model's request when it does. An exchange
 * out of scope that wrote marks the check's records it names as changed behind the model's back;
 * a write without an answer, or with a transient one, ends the check's comparison.
 */
export function scopeOf(x: TargetExchange, state: CheckState, runTag: string): Scoped {
  const write = isWrite(x.method);
  if (x.status === undefined || TRANSIENT_ANSWERS.includes(x.status)) {
    if (write) state.desynced = true;
    return { inScope: false, reason: x.status === undefined ? 'no-answer' : 'transient' };
  }
  if (state.desynced) return { inScope: false, reason: 'desynced' };
  // Keys set one by one in this order (a key after conditional spreads costs more, per exchange).
  const request: ModelRequest = { method: x.method, route: x.route, query: x.query } as ModelRequest;
  if (x.body !== undefined) request.body = x.body;
  if (x.headers['content-type']) request.contentType = x.headers['content-type'];
  request.auth = x.auth;
  // A made-up slug names no record only while every write of the check was replayed (one that was
  // not may have made a record with it).
  const tr = translateRequest(request, state.pairs, runTag, state.listsUnseen ? undefined : state.scope);
  const operation = tr.route ? operationOf(x.method, tr.route) : null;
  const modelCheck = tr.route && operation ? modelCheckId(tr.route.resource, operation) : undefined;
  if (!tr.ok || !operation || !modelCheck) {
    if (write) {
      for (const [kind, id] of tr.names) state.pairs.taint(kind, id);
      state.listsUnseen = true;
    }
    return { inScope: false, reason: tr.ok ? 'not-a-record-route' : tr.reason, ...(modelCheck ? { modelCheck } : {}) };
  }
  if (operation === 'list') {
    if (state.listsUnseen) return { inScope: false, reason: 'changed-unseen', modelCheck };
    const reason = listInScope(tr.route.resource, x.json, state.pairs);
    if (reason) return { inScope: false, reason, modelCheck };
  }
  return { inScope: true, request: tr.request, route: tr.route, operation, modelCheck };
}

export interface LevelledDifference extends FieldDifference {
  level: DifferenceLevel;
  /** The LEVELS.md row that makes it a must. */
  row?: string;
}

/** What comparing needs besides the pairs: both sites, the run tag, the run window and zone. */
export type JudgeContext = Omit<CompareContext, 'resource' | 'pairs'>;

/** The target's answer as compared. */
export function targetAnswer(x: TargetExchange): ModelAnswer {
  return { status: x.status ?? 0, headers: x.answerHeaders ?? {}, body: x.json };
}

/**
 * The target's answer against the model's: the pairs of a record answer learned first (a create
 * is compared with its own record paired), then every difference with its level.
 */
export function judgeAnswer(
  x: TargetExchange,
  scoped: Extract<Scoped, { inScope: true }>,
  model: ModelAnswer,
  state: CheckState,
  ctx: JudgeContext,
  check?: string,
): LevelledDifference[] {
  const resource: ResourceKey = scoped.route.resource;
  const target = targetAnswer(x);
  const againOnTarget = learnAnswer(x, scoped, model, state);
  const tieKey = tieKeyOf(resource, scoped.operation === 'list', x.query);
  // Object.assign, not `{ ...ctx, resource, pairs }`: the same object, but in Node 20's V8 a
  // property added to an object a spread made costs microseconds (a slow path per new key), and
  // this runs for every answer compared.
  const compareCtx: CompareContext = Object.assign({}, ctx, { resource, pairs: state.pairs });
  if (tieKey) compareCtx.tieKey = tieKey;
  const diffs = compareAnswers(target, model, compareCtx);
  if (!diffs.length) return [];
  // What a level depends on besides the difference: the same for every difference of the answer.
  const c: LevelContext = {
    method: x.method,
    route: scoped.route,
    operation: scoped.operation,
    targetStatus: target.status,
    modelStatus: model.status,
  };
  if (x.body !== undefined) c.body = x.body;
  if (x.headers['content-type']) c.contentType = x.headers['content-type'];
  if (againOnTarget) c.deletedBefore = true;
  if (check !== undefined) c.check = check;
  // Each difference is the walk's own new object: it gets its level (and row) itself, after its
  // other keys as the copy `{ ...d, level, row }` had them (a copy per difference, and a slow one:
  // keys added after a spread, see above).
  const out = diffs as LevelledDifference[];
  for (const d of out) {
    const { level, row } = levelOf(d, c);
    d.level = level;
    if (row) d.row = row;
  }
  return out;
}

const ok2xx = (s: number) => s >= 200 && s < 300;

/**
 * What the check's state learns from one answer of each side, compared or not: the pairs of a
 * record answer, and a DELETE the target answered 2xx. Returns whether the target had answered a
 * DELETE of the route with 2xx before. Comparing reads the pairs and changes no state.
 */
function learnAnswer(
  x: TargetExchange,
  scoped: Extract<Scoped, { inScope: true }>,
  model: ModelAnswer,
  state: CheckState,
): boolean {
  const status = x.status ?? 0;
  if (scoped.operation !== 'list' && ok2xx(status) && ok2xx(model.status))
    learnPairs(scoped.route.resource, x.json, model.body, state.pairs);
  const isDelete = x.method.toUpperCase() === 'DELETE';
  const againOnTarget = isDelete && state.deletedOnTarget.has(x.route);
  if (isDelete && ok2xx(status)) state.deletedOnTarget.add(x.route);
  return againOnTarget;
}

/** One exchange of the run as the model saw it. */
export interface JudgedExchange {
  check: string;
  /** Its place among the check's exchanges. */
  index: number;
  method: string;
  /** The request as sent to the target, below the namespace root (`/events/12?x=1`). */
  path: string;
  modelCheck?: string;
  outOfScope?: OutOfScopeReason;
  /** Compared: the differences (empty: identical after normalisation). */
  differences?: LevelledDifference[];
  /** Differences set aside: there the original deviates from the spec (a quirk) and the target answers the spec's reading. */
  specReading?: number;
  curl?: string;
  /** Both answers, their first characters (for the model checks' side-by-side view). */
  targetExcerpt?: string;
  modelExcerpt?: string;
  /** The model's answer, kept when asked (the mutation self-test re-judges with it). */
  modelAnswer?: ModelAnswer;
}

/** An answer's first 600 characters of JSON text (its text written only that far: json-prefix.ts). */
function excerpt(v: unknown): string {
  const s = v === undefined ? '(not JSON)' : (jsonPrefix(v, 600) as string);
  return s.length > 600 ? `${s.slice(0, 597)}...` : s;
}

/** Both answers of an exchange that differs, their first characters (JudgedExchange targetExcerpt, modelExcerpt). */
export function excerptsOf(
  x: TargetExchange & { text?: string },
  model: ModelAnswer,
): { targetExcerpt: string; modelExcerpt: string } {
  return { targetExcerpt: excerpt(x.json ?? x.text), modelExcerpt: excerpt(model.body) };
}

/** One check's exchanges, as recorded (lib/run/shadow.ts ShadowCheck has this shape). */
export interface TargetCheck {
  check: string;
  /** The check's scope word (names and slugs it made carry it). */
  scope?: string;
  exchanges: ReadonlyArray<TargetExchange & { text?: string; curl?: string; at?: number; ms?: number }>;
}

/**
 * The exchanges of a check in flight while the check had a write of an event or of a term in flight
 * too (rule concurrent-writes: the check sent both at once, the cleanup's deletes in batches), with
 * those writes: each spans from when the client took it (`at - ms`) to its answer (`at`); a
 * recording without `ms` has no span, no overlap.
 */
export function overlappingWrites(
  exchanges: ReadonlyArray<{ method: string; route: string; at?: number; ms?: number }>,
): Map<number, ConcurrentWrites> {
  const out = new Map<number, { events: boolean; terms: Set<number> }>();
  const spans = exchanges.map((x) => (x.at === undefined ? null : ([x.at - (x.ms ?? 0), x.at] as const)));
  spans.forEach((a, i) => {
    if (!a) return;
    spans.forEach((b, j) => {
      if (!b || i === j || !(a[0] < b[1] && b[0] < a[1]) || !isWrite(exchanges[j]!.method)) return;
      const w = /^\/(events|categories|tags)(?:\/(\d+))?(\/|$)/.exec(exchanges[j]!.route);
      if (!w) return;
      const seen = out.get(i) ?? { events: false, terms: new Set<number>() };
      if (w[1] === 'events') seen.events = true;
      else if (w[2]) seen.terms.add(Number(w[2]));
      out.set(i, seen);
    });
  });
  return out;
}

/**
 * Judges one check's exchanges in order: each in scope gets the model's answer from `answerOf`
 * (the replay sends the model's request; a re-judgement reads a recorded answer; undefined: no
 * answer, the exchange is left out as `desynced`), learns its pairs and is compared.
 *
 * `only`: the exchanges whose differences are wanted (the spec's reading, asked only where the
 * original's model differs: lib/certify/model.ts). The others up to the last of them get the
 * model's answer and teach the check's state as when compared, but are not compared (no
 * `differences`, no excerpts); those after it are not judged at all (an exchange's judgement
 * depends on the exchanges before it alone). The judged exchanges of `only` are the same as
 * without it. `excerpts`: false, the exchanges that differ get no excerpts (excerptsOf; default:
 * none with `only`).
 */
export async function judgeCheck(
  check: TargetCheck,
  answerOf: (scoped: Extract<Scoped, { inScope: true }>, index: number) => Promise<ModelAnswer | undefined>,
  ctx: JudgeContext,
  keep = false,
  only?: ReadonlySet<number>,
  excerpts = !only,
): Promise<JudgedExchange[]> {
  const state = newCheckState(check.scope);
  const out: JudgedExchange[] = [];
  const concurrent = overlappingWrites(check.exchanges);
  const last = only ? Math.max(-1, ...only) : Number.POSITIVE_INFINITY;
  const exchanges = check.exchanges;
  for (let index = 0; index < exchanges.length; index++) {
    if (index > last) break;
    const x = exchanges[index] as TargetCheck['exchanges'][number];
    // The judged exchange's keys in a fixed order (check, index, method, path, curl, then what the
    // judgement adds), set one by one on a literal: no `{ ...base, key }` per exchange (keys added
    // after a spread: see judgeAnswer).
    const j: JudgedExchange = {
      check: check.check,
      index,
      method: x.method,
      path: x.query ? `${x.route}?${x.query}` : x.route,
    };
    if (x.curl) j.curl = x.curl;
    out.push(j);
    const scoped = scopeOf(x, state, ctx.runTag);
    if (!scoped.inScope) {
      j.outOfScope = scoped.reason;
      if (scoped.modelCheck) j.modelCheck = scoped.modelCheck;
      continue;
    }
    const answer = await answerOf(scoped, index);
    if (!answer) {
      j.outOfScope = 'desynced';
      j.modelCheck = scoped.modelCheck;
      continue;
    }
    j.modelCheck = scoped.modelCheck;
    if (only && !only.has(index)) {
      learnAnswer(x, scoped, answer, state);
      if (keep) j.modelAnswer = answer;
      continue;
    }
    const writes = concurrent.get(index);
    const at = writes ? { ...ctx, concurrentWrite: writes } : ctx;
    const differences = judgeAnswer(x, scoped, answer, state, at, check.check);
    j.differences = differences;
    if (excerpts && differences.some((d) => d.level !== 'info')) {
      const e = excerptsOf(x, answer);
      j.targetExcerpt = e.targetExcerpt;
      j.modelExcerpt = e.modelExcerpt;
    }
    if (keep) j.modelAnswer = answer;
  }
  return out;
}
