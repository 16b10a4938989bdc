/**
 * The model's verdicts in a run's results (issue 37, LEVELS.md "Differences from the model"):
 * one result per model check (`<resource>.<operation>.model`: pass when every answer of its
 * route-method compared was the model's, warn when one differed, both answers side by side), and
 * each difference as a finding of the check that sent the request: a `must` difference fails a
 * must-check that passed (warns a should-check), a `should` difference is listed on it. Pure.
 */
import { answerElements, sentElements } from '../coverage/traffic.ts';
import type { CheckResult } from '../report/results.ts';
import type { ShadowCheck, ShadowExchange } from '../run/shadow.ts';
import { MODEL_CHECKS, MODEL_CHECKS_SOURCE, type ModelCheckDef } from '../spec/model/checks.ts';
import type { LevelledDifference } from '../spec/model/judge.ts';
import type { JudgedExchange, ModelFinding } from '../spec/model/summary.ts';

/** Findings listed on a sending check, and differences shown on a model check. */
const FINDINGS_SHOWN = 5;
const SIDE_BY_SIDE_SHOWN = 10;

function short(v: unknown): string {
  if (v === undefined) return '(none)';
  const s = JSON.stringify(v);
  return s.length > 80 ? `${s.slice(0, 77)}...` : s;
}

function finding(j: JudgedExchange, d: LevelledDifference, full: boolean): ModelFinding {
  return {
    method: j.method,
    path: j.path,
    field: d.field,
    at: d.at,
    kind: d.kind,
    level: d.level as 'must' | 'should',
    ...(d.row ? { row: d.row } : {}),
    ...(d.target !== undefined ? { target: d.target } : {}),
    ...(d.model !== undefined ? { model: d.model } : {}),
    ...(full
      ? {
          check: j.check,
          ...(j.modelCheck ? { modelCheck: j.modelCheck } : {}),
          ...(j.curl ? { curl: j.curl } : {}),
          ...(j.targetExcerpt ? { targetExcerpt: j.targetExcerpt } : {}),
          ...(j.modelExcerpt ? { modelExcerpt: j.modelExcerpt } : {}),
        }
      : {}),
  };
}

/** One line for a difference: `GET /events/12: venue.show_map: target true, model false`. */
export function differenceLine(f: Pick<ModelFinding, 'method' | 'path' | 'at' | 'target' | 'model'>): string {
  return `${f.method} ${f.path}: ${f.at}: target ${short(f.target)}, model ${short(f.model)}`;
}

const realOf = (j: JudgedExchange) => (j.differences ?? []).filter((d) => d.level !== 'info');

/** The sending checks' results with the model's findings (and a must difference's failure). */
export function withFindings(checks: readonly CheckResult[], judged: readonly JudgedExchange[]): CheckResult[] {
  const byCheck = new Map<string, Array<{ j: JudgedExchange; d: LevelledDifference }>>();
  for (const j of judged)
    for (const d of realOf(j)) {
      const list = byCheck.get(j.check) ?? [];
      list.push({ j, d });
      byCheck.set(j.check, list);
    }
  return checks.map((c) => {
    const found = byCheck.get(c.id);
    if (!found?.length) return c;
    const must = found.filter((f) => f.d.level === 'must');
    const out: CheckResult = {
      ...c,
      modelDifferences: found.length,
      modelFindings: [...must, ...found.filter((f) => f.d.level !== 'must')]
        .slice(0, FINDINGS_SHOWN)
        .map((f) => finding(f.j, f.d, false)),
    };
    if (must.length && c.status === 'pass') {
      const first = must[0]!;
      out.status = c.level === 'must' ? 'fail' : 'warn';
      out.message = `the answer differs from the original's model where the levels make it a must (docs/requirements.md#model: ${first.d.row}): ${differenceLine(finding(first.j, first.d, false))}${must.length > 1 ? ` (and ${must.length - 1} more)` : ''}`;
      out.curl = first.j.curl;
    }
    return out;
  });
}

/** Whether a model check is part of this run (a full run: all; else those the selection names). */
export type ModelSelection = (id: string) => boolean;

const EXTENDED_ONLY = 'extended variant only';

/**
 * The model checks of a run stopped (a signal or its deadline) before the model compared its
 * answers: each selected one is in the report as unjudged (`error`, interrupted, never started),
 * never a failure; n/a where the variant rules it out. Pure.
 */
export function unjudgedModelChecks(opts: { variant: 'base' | 'extended'; selected: ModelSelection }): CheckResult[] {
  return MODEL_CHECKS.filter((def) => opts.selected(def.id)).map((def) =>
    def.tags.includes('extended') && opts.variant !== 'extended'
      ? { ...declared(def), status: 'n/a', duration: 0, message: EXTENDED_ONLY, requests: 0 }
      : {
          ...declared(def),
          status: 'error',
          duration: 0,
          message:
            "the suite could not judge: the run was stopped (deadline or interruption) before the model compared the run's answers",
          unjudged: 'interrupted',
          notStarted: true,
          requests: 0,
        },
  );
}

/**
 * The checks that sent requests to the target yet left no recording for the model (every check
 * that sends one writes its exchanges: 684 of 684 in an embedded extended run, 2026-11-29). A
 * recording folder removed mid-run lost the first 414 checks of a 6.8.0 run that day, and the model
 * then compared only the rest without a word. Pure.
 */
export function unrecordedChecks(checks: readonly CheckResult[], recorded: readonly string[]): string[] {
  const has = new Set(recorded);
  return checks.filter((c) => (c.requests ?? 0) > 0 && !has.has(c.id)).map((c) => c.id);
}

/** The interface elements a compared exchange exercised: its request's and its answer's (a model check's traffic). Pure. */
export function exchangeElements(
  j: Pick<JudgedExchange, 'path'>,
  x: Pick<ShadowExchange, 'method' | 'body' | 'headers' | 'json'>,
  site: { baseUrl: string; namespace: string },
): string[] {
  const url = `${site.baseUrl.replace(/\/+$/, '')}/${site.namespace}${j.path}`;
  return [
    ...sentElements({
      method: x.method,
      url,
      body: x.body,
      contentType: x.headers['content-type'],
      namespace: site.namespace,
    }),
    ...answerElements(url, site.namespace, x.json),
  ];
}

/**
 * The results of the model checks of a run. With `unrecorded` checks (unrecordedChecks) the model
 * saw part of the run only: a model check that found no difference is unjudged (`error`), never a
 * pass; one that found differences still warns on them.
 */
export function modelCheckResults(
  judged: readonly JudgedExchange[],
  shadow: readonly ShadowCheck[],
  opts: {
    variant: 'base' | 'extended';
    baseUrl: string;
    namespace: string;
    selected: ModelSelection;
    unrecorded?: readonly string[];
    /** The elements of a compared exchange when already known (exchangeElements, while the checks ran). */
    elementsOf?: (j: JudgedExchange) => readonly string[] | undefined;
  },
): CheckResult[] {
  const lost = opts.unrecorded ?? [];
  const lostWhy = lost.length
    ? `; ${lost.length} check(s) sent requests but left no recording for the model (e.g. ${lost.slice(0, 3).join(', ')}): the model saw part of the run only`
    : '';
  const exchangeOf = new Map(shadow.map((c) => [c.check, c.exchanges]));
  // Each model check's exchanges, gathered once (a full run judges thousands).
  const byModelCheck = new Map<string, JudgedExchange[]>();
  for (const j of judged)
    if (j.modelCheck) {
      const list = byModelCheck.get(j.modelCheck) ?? [];
      list.push(j);
      byModelCheck.set(j.modelCheck, list);
    }
  return MODEL_CHECKS.filter((def) => opts.selected(def.id)).map((def) => {
    const base = declared(def);
    if (def.tags.includes('extended') && opts.variant !== 'extended')
      return { ...base, status: 'n/a', duration: 0, message: EXTENDED_ONLY, requests: 0 };
    const routed = byModelCheck.get(def.id) ?? [];
    const mine = routed.filter((j) => j.differences);
    const differing = mine.filter((j) => realOf(j).length);
    const sent = new Set<string>();
    for (const j of mine) {
      const known = opts.elementsOf?.(j);
      const x = known ? undefined : exchangeOf.get(j.check)?.[j.index];
      for (const e of known ?? (x ? exchangeElements(j, x, opts) : [])) sent.add(e);
    }
    const traffic = { sent: [...sent], judged: [...sent] };
    if (!mine.length)
      return {
        ...base,
        status: 'error',
        duration: 0,
        unjudged: 'no-evidence',
        message: `no answer of the run's own records on this route-method was compared with the model (${routed.length} out of scope)${lostWhy}`,
        requests: 0,
        assertions: 0,
      };
    const rows = differing.flatMap((j) => realOf(j).map((d) => finding(j, d, true)));
    const fields = new Map<string, number>();
    for (const j of differing)
      for (const f of new Set(realOf(j).map((d) => d.field))) fields.set(f, (fields.get(f) ?? 0) + 1);
    const first = rows[0];
    if (!first && lost.length)
      return {
        ...base,
        status: 'error',
        duration: 0,
        unjudged: 'no-evidence',
        message: `${mine.length} answers compared, none differs${lostWhy}`,
        requests: 0,
        assertions: mine.length,
        model: { compared: mine.length, differing: 0, differences: [] },
        traffic,
      };
    return {
      ...base,
      status: differing.length ? 'warn' : 'pass',
      duration: 0,
      ...(first
        ? {
            message: `${differing.length} of ${mine.length} answers differ from the original's model: ${[...fields]
              .sort((a, b) => b[1] - a[1])
              .slice(0, 6)
              .map(([f, n]) => `${f} (${n})`)
              .join(', ')}; first: ${differenceLine(first)} (sent by ${first.check})${lostWhy}`,
            ...(first.curl ? { curl: first.curl } : {}),
          }
        : {}),
      requests: 0,
      assertions: mine.length,
      model: { compared: mine.length, differing: differing.length, differences: rows.slice(0, SIDE_BY_SIDE_SHOWN) },
      traffic,
    };
  });
}

function declared(def: ModelCheckDef): Omit<CheckResult, 'status' | 'duration'> {
  return {
    id: def.id,
    title: def.title,
    file: 'lib/spec/model/checks.ts',
    source: MODEL_CHECKS_SOURCE,
    level: def.level,
    tags: def.tags,
    requirements: def.requirements,
    spec: def.spec,
  };
}

/** How a run uses the model: whether it runs, which model checks it reports, what else it must run. */
export interface ModelPlan {
  on: boolean;
  selected: ModelSelection;
  /** The run's check IDs with the model checks' feeders (an ID list that names a model check). */
  ids?: string[];
  /** The runner's pattern with the feeders (a --grep that selects a model check). */
  grep?: string;
  /** The feeders added (their files join the run's when it names its files). */
  feeders?: string[];
}

function escapeRegex(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * The model's part in a run: every full run that writes; a run limited by IDs or --grep when it
 * selects a model check (its feeders then run too); never a read-only run (no records of its own). Pure.
 */
export function modelPlan(run: {
  readOnly: boolean;
  ids?: string[];
  grep?: string;
  /** Force the model on or off (self-tests). */
  model?: boolean;
}): ModelPlan {
  const off: ModelPlan = { on: false, selected: () => false };
  if (run.readOnly || run.model === false) return off;
  let chosen: ModelCheckDef[];
  if (run.ids?.length) chosen = MODEL_CHECKS.filter((c) => run.ids!.includes(c.id));
  else if (run.grep) {
    let re: RegExp;
    try {
      re = new RegExp(run.grep);
    } catch {
      return off;
    }
    chosen = MODEL_CHECKS.filter((c) => re.test(c.id));
  } else return { on: true, selected: () => true };
  if (!chosen.length) return run.model ? { on: true, selected: () => false } : off;
  const names = new Set(chosen.map((c) => c.id));
  const feeders = [...new Set(chosen.flatMap((c) => c.feeders))];
  const plan: ModelPlan = { on: true, selected: (id) => names.has(id) };
  if (run.ids?.length) plan.ids = [...run.ids.filter((id) => !names.has(id)), ...feeders];
  else plan.grep = `(?:${run.grep})|^(?:${feeders.map(escapeRegex).join('|')})$`;
  plan.feeders = feeders;
  return plan;
}
