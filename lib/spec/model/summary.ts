/**
 * The model comparison of a run, summed up: answers compared, identical, out of scope (by
 * reason), every difference with its check, request, field, level and both values, and the
 * differences grouped by field across the run ("`cost_details.values` differs in 14 answers").
 * results.json's `model` block (CONTRACT.md) and the report section "where this server differs
 * from the original" are made of it. Pure.
 */
import type { DifferenceLevel } from './levels.ts';
import type { JudgedExchange, LevelledDifference } from './judge.ts';
import type { OutOfScopeReason } from './pairs.ts';

export type { JudgedExchange } from './judge.ts';

/** One difference as results.json lists it (CONTRACT.md `model.differences[]`). */
export interface ModelDifference {
  check: string;
  method: string;
  path: string;
  field: string;
  /** Where in the answer (`events[2].venue.show_map`). */
  at: string;
  kind: LevelledDifference['kind'];
  level: Exclude<DifferenceLevel, 'info'>;
  /** The LEVELS.md row a must difference breaks. */
  row?: string;
  target?: unknown;
  model?: unknown;
  /** The model check that judges it. */
  modelCheck: string;
}

export interface ModelReport {
  /** The quirks of the original the model runs with (`original` = every quirk of the variant). */
  quirks: string[];
  /** The model's variant and the target's site zone it took. */
  variant: string;
  zone: string;
  /** Answers compared with the model. */
  compared: number;
  /** Of them, identical after normalisation (fields the model does not know aside). */
  identical: number;
  /** Of them, differing only where the original deviates from the spec and the target follows the spec. */
  specReading: number;
  outOfScope: { count: number; reasons: Partial<Record<OutOfScopeReason, number>> };
  /** Every difference (the first MAX_LISTED). */
  differences: ModelDifference[];
  differencesOmitted?: number;
  /** Differences grouped by field across the run, most answers first. */
  byField: Array<{ field: string; answers: number; level: Exclude<DifferenceLevel, 'info'>; modelChecks: string[] }>;
  /** Fields of the target the model does not know: reported, never failed. */
  unknownFields: Array<{ field: string; answers: number }>;
}

/** A difference as a finding or a side-by-side row. */
export interface ModelFinding {
  method: string;
  path: string;
  field: string;
  at: string;
  kind: string;
  level: 'must' | 'should';
  row?: string;
  target?: unknown;
  model?: unknown;
  check?: string;
  modelCheck?: string;
  curl?: string;
  targetExcerpt?: string;
  modelExcerpt?: string;
}

/** results.json lists at most this many differences (byField counts them all). */
export const MAX_LISTED = 300;

/** A difference for reports: values cut to a readable length. */
function shown(v: unknown): unknown {
  if (v === undefined) return undefined;
  const s = JSON.stringify(v);
  return s !== undefined && s.length > 300 ? `${s.slice(0, 297)}...` : v;
}

export function summarise(
  judged: readonly JudgedExchange[],
  about: { quirks: string[]; variant: string; zone: string },
): ModelReport {
  const reasons: Partial<Record<OutOfScopeReason, number>> = {};
  let out = 0;
  let compared = 0;
  let identical = 0;
  let specReading = 0;
  const differences: ModelDifference[] = [];
  let listed = 0;
  const fields = new Map<string, { answers: number; level: 'must' | 'should'; checks: Set<string> }>();
  const unknown = new Map<string, number>();
  for (const j of judged) {
    if (j.outOfScope) {
      out++;
      reasons[j.outOfScope] = (reasons[j.outOfScope] ?? 0) + 1;
      continue;
    }
    if (!j.differences) continue;
    compared++;
    const real = j.differences.filter((d) => d.level !== 'info');
    if (!real.length && j.specReading) specReading++;
    else if (!real.length) identical++;
    const seenField = new Set<string>();
    for (const d of j.differences) {
      if (d.level === 'info') {
        if (!seenField.has(`+${d.field}`)) unknown.set(d.field, (unknown.get(d.field) ?? 0) + 1);
        seenField.add(`+${d.field}`);
        continue;
      }
      if (listed < MAX_LISTED)
        differences.push({
          check: j.check,
          method: j.method,
          path: j.path,
          field: d.field,
          at: d.at,
          kind: d.kind,
          level: d.level,
          ...(d.row ? { row: d.row } : {}),
          ...(d.target !== undefined ? { target: shown(d.target) } : {}),
          ...(d.model !== undefined ? { model: shown(d.model) } : {}),
          modelCheck: j.modelCheck ?? '',
        });
      listed++;
      if (seenField.has(d.field)) continue;
      seenField.add(d.field);
      const f = fields.get(d.field) ?? { answers: 0, level: 'should' as const, checks: new Set<string>() };
      f.answers++;
      if (d.level === 'must') f.level = 'must';
      if (j.modelCheck) f.checks.add(j.modelCheck);
      fields.set(d.field, f);
    }
  }
  return {
    quirks: about.quirks,
    variant: about.variant,
    zone: about.zone,
    compared,
    identical,
    specReading,
    outOfScope: { count: out, reasons },
    differences,
    ...(listed > MAX_LISTED ? { differencesOmitted: listed - MAX_LISTED } : {}),
    byField: [...fields]
      .map(([field, f]) => ({ field, answers: f.answers, level: f.level, modelChecks: [...f.checks].sort() }))
      .sort((a, b) => b.answers - a.answers || a.field.localeCompare(b.field)),
    unknownFields: [...unknown]
      .map(([field, answers]) => ({ field, answers }))
      .sort((a, b) => b.answers - a.answers || a.field.localeCompare(b.field)),
  };
}
