/**
 * One check's exchanges judged against the model, step by step: which requests are in the
 * model's scope (and the model's request for each), then each answer of the target against the
 * model's (pairs learned, differences found and levelled). The replay (lib/certify/model.ts) sends
 * the model's requests between the two steps; the mutation self-test re-judges recorded answers
 * with the same two steps and no server. Pure.
 */
import type { ResourceKey } from '../contract.ts';
import { compareAnswers, type FieldDifference } from './compare.ts';
import { type DifferenceLevel, levelOf } from './levels.ts';
import type { CompareContext } from './normalise-rules.ts';
import { isWrite, learnPairs, listInScope, type OutOfScopeReason, Pairs, translateRequest } from './pairs.ts';
import {
  type ModelAnswer,
  type ModelRequest,
  modelCheckId,
  type Operation,
  operationOf,
  type RouteOf,
} from './route.ts';

/** One exchange of the target as recorded (lib/run/shadow.ts ShadowExchange has this shape). */
export interface TargetExchange {
  method: string;
  route: string;
  query: string;
  body?: string;
  headers: Record<string, string>;
  auth: boolean;
  /** Absent: no HTTP answer. */
  status?: number;
  answerHeaders?: Record<string, string>;
  json?: unknown;
}

/** What the model knows of one check while its exchanges are judged. */
export interface CheckState {
  pairs: Pairs;
  /** A write got no answer: nothing after it can be compared. */
  desynced: boolean;
  /** A write the model could not replay: the check's lists may hold what the model lacks. */
  listsUnseen: boolean;
}

export function newCheckState(): CheckState {
  return { pairs: new Pairs(), desynced: false, listsUnseen: false };
}

export type Scoped =
  | { inScope: false; reason: OutOfScopeReason; modelCheck?: string }
  | { inScope: true; request: ModelRequest; route: RouteOf; operation: Operation; modelCheck: string };

/**
 * Whether the model compares this exchange, and the model's request when it does. An exchange
 * out of scope that wrote marks the check's records it names as changed behind the model's back.
 */
export function scopeOf(x: TargetExchange, state: CheckState, runTag: string): Scoped {
  const write = isWrite(x.method);
  if (x.status === undefined) {
    if (write) state.desynced = true;
    return { inScope: false, reason: 'no-answer' };
  }
  if (state.desynced) return { inScope: false, reason: 'desynced' };
  const request: ModelRequest = {
    method: x.method,
    route: x.route,
    query: x.query,
    ...(x.body !== undefined ? { body: x.body } : {}),
    ...(x.headers['content-type'] ? { contentType: x.headers['content-type'] } : {}),
    auth: x.auth,
  };
  const tr = translateRequest(request, state.pairs, runTag);
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
): LevelledDifference[] {
  const resource: ResourceKey = scoped.route.resource;
  const target = targetAnswer(x);
  const ok = (s: number) => s >= 200 && s < 300;
  if (scoped.operation !== 'list' && ok(target.status) && ok(model.status))
    learnPairs(resource, target.body, model.body, state.pairs);
  const diffs = compareAnswers(target, model, { ...ctx, resource, pairs: state.pairs });
  return diffs.map((d) => {
    const { level, row } = levelOf(d, {
      method: x.method,
      route: scoped.route,
      operation: scoped.operation,
      ...(x.body !== undefined ? { body: x.body } : {}),
      ...(x.headers['content-type'] ? { contentType: x.headers['content-type'] } : {}),
      targetStatus: target.status,
      modelStatus: model.status,
    });
    return { ...d, level, ...(row ? { row } : {}) };
  });
}
