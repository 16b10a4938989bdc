/**
 * A recording of a run's shadow model (issue 37, developer tool): every exchange of the target the
 * model saw (lib/run/shadow.ts), with the model's answer to each compared request and what the
 * replay needs (variant, features, namespace, base URL, run tag, the target's zone and site URL).
 * `calcert certify` writes one when CALCERT_KEEP_SHADOW names a folder; scripts/model-rejudge.ts
 * replays it on the current model and normalisation offline (seconds instead of a certification).
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ShadowCheck } from '../run/shadow.ts';
import type { JudgeContext, JudgedExchange } from '../spec/model/judge.ts';
import type { ModelAnswer } from '../spec/model/route.ts';
import { type ModelOptions, runModel } from './model.ts';

export interface ShadowRecording {
  format: 1;
  recordedAt: string;
  resolved: ModelOptions['resolved'];
  zone: string;
  siteUrl: string;
  checks: ShadowCheck[];
  /** The model's answer to each compared exchange when recorded, by `<check> #<index>`. */
  modelAnswers: Record<string, ModelAnswer>;
}

/** Writes the recording of a run into `dir` (`<variant>-<run tag>.shadow.json`); its path. */
export function writeRecording(
  dir: string,
  resolved: ModelOptions['resolved'],
  shadow: readonly ShadowCheck[],
  judged: readonly JudgedExchange[],
  ctx: JudgeContext,
): string {
  const modelAnswers: Record<string, ModelAnswer> = {};
  for (const j of judged) if (j.modelAnswer) modelAnswers[`${j.check} #${j.index}`] = j.modelAnswer;
  const rec: ShadowRecording = {
    format: 1,
    recordedAt: new Date().toISOString(),
    resolved: {
      resolvedVariant: resolved.resolvedVariant,
      features: resolved.features,
      namespace: resolved.namespace,
      baseUrl: resolved.baseUrl,
      runTag: resolved.runTag,
      ...(resolved.fixtures ? { fixtures: resolved.fixtures } : {}),
    },
    zone: ctx.zone ?? 'UTC',
    siteUrl: ctx.target.siteUrl ?? '',
    checks: [...shadow],
    modelAnswers,
  };
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `${resolved.resolvedVariant}-${resolved.runTag}.shadow.json`);
  writeFileSync(file, JSON.stringify(rec));
  return file;
}

export function readRecording(file: string): ShadowRecording {
  const rec = JSON.parse(readFileSync(file, 'utf8')) as ShadowRecording;
  if (rec.format !== 1 || !Array.isArray(rec.checks)) throw new Error(`${file}: not a shadow recording (format 1)`);
  return rec;
}

/** The recording's exchanges judged again by the current model (answers kept on each exchange). */
export function rejudge(rec: ShadowRecording, only?: RegExp): Promise<JudgedExchange[]> {
  const checks = only ? rec.checks.filter((c) => only.test(c.check)) : rec.checks;
  return runModel(checks, {
    resolved: rec.resolved,
    zone: rec.zone,
    siteUrl: rec.siteUrl,
    quirks: ['original'],
    keep: true,
  });
}
