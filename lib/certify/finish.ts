/**
 * The end of a certification run, pure: the report (header, checks, footer with counts and
 * verdict) and the exit code, from what the steps (lib/certify/steps.ts) found.
 */
import { createRequire } from 'node:module';
import { foundTotal, type SweepResult } from '../run/cleanup.ts';
import { cleanupAdvice } from '../run/config/replay.ts';
import { publicConfig, secretsOf, type Config, type ResolvedConfig } from '../run/config/model.ts';
import { concurrencyOver } from '../run/limiter.ts';
import type { PreflightResult } from '../run/preflight.ts';
import { writeReports } from '../report/write.ts';
import {
  strictShortfall,
  countResults,
  incompleteOf,
  inconclusiveWhy,
  snapshotHeader,
  THIN_PASS,
  thinPassesOf,
  verdictOf,
  type CheckResult,
  type RunReport,
} from '../report/results.ts';
import type { RunOutcome } from './runner.ts';
import { buildCoverageMap } from '../coverage/map.ts';
import { declaredSetAsides } from '../spec/judge/refusal.ts';

/** The tool's version, as reports and HAR files name it. */
export const TOOL_VERSION = (createRequire(import.meta.url)('../../package.json') as { version: string }).version;

/** The header's cleanup summary from the sweeps. Pure. */
export function cleanupOf(sweeps: {
  before?: SweepResult;
  after?: SweepResult;
}): NonNullable<RunReport['header']['cleanup']> {
  return {
    before: sweeps.before ? foundTotal(sweeps.before) : 0,
    after: sweeps.after ? foundTotal(sweeps.after) : 0,
    deleted: (sweeps.before?.deleted ?? 0) + (sweeps.after?.deleted ?? 0),
    errors: [...(sweeps.before?.errors ?? []), ...(sweeps.after?.errors ?? [])],
  };
}

/** Why the run stopped early, or undefined. Pure. */
export function interruptionOf(signalled: boolean, deadlineHit: boolean, deadlineS: number): string | undefined {
  if (signalled) return 'interrupted by a signal';
  if (deadlineHit) return `the global deadline of ${deadlineS} s passed`;
  return undefined;
}

/** The problem line for a target that stopped answering during the run. Pure. */
export function goneProblem(gone: string, resolved: Pick<Config, 'baseUrl' | 'namespace' | 'auth' | 'runTag'>): string {
  const cleanup = cleanupAdvice(resolved);
  return `the target stopped answering during the run (${gone}); fix: check that the server at ${resolved.baseUrl} is up and reachable, then run again${cleanup ? `; for what the run left: ${cleanup}` : ''}`;
}

/** The run report: header, checks (sorted by ID), footer with counts and verdict. Pure. */
export function buildReport(input: {
  config: Config;
  resolved: ResolvedConfig;
  detectedVariant: PreflightResult['detectedVariant'];
  startedAt: Date;
  finishedAt: Date;
  /** Requests of the run's own client (preflight, sweeps, probe) and of shared setup outside the checks. */
  ownRequests: number;
  checks: CheckResult[];
  runErrors: string[];
  cleanup?: RunReport['header']['cleanup'];
  interrupted?: string;
  /** What the observation crawl learned (its requests count in the header's total). */
  observed?: RunReport['header']['observed'];
  /** Each worker's bound changes during the checks (RunOutcome.limits). */
  limits?: RunOutcome['limits'];
  /** When the checks started and ended (epoch ms), for the concurrency summary. */
  checksSpan?: [number, number];
  /** The failed must-checks run once more (lib/certify/reconfirm.ts). */
  reconfirmation?: RunReport['footer']['reconfirmation'];
  /** The model comparison (lib/certify/model.ts). */
  model?: RunReport['model'];
}): RunReport {
  const span = input.checksSpan ?? [input.startedAt.getTime(), input.finishedAt.getTime()];
  const used = input.limits ? concurrencyOver(input.limits, span[0], span[1]) : null;
  const { config, resolved } = input;
  // The coverage map, once, from what the checks' requests sent (lib/coverage); the per-check
  // traffic it is made of stays in memory (results.json keeps the map).
  const coverage = buildCoverageMap(input.checks, {
    variant: resolved.resolvedVariant,
    features: resolved.features,
    fixtures: Object.keys(resolved.fixtures ?? {}).filter((k) => k !== 'format'),
    readOnly: resolved.readOnly,
    grep: resolved.grep,
  });
  const checks = input.checks.map(({ traffic: _traffic, ...c }) => c);
  const { snapshot: counts, ...observed } = input.observed ?? {};
  const snapshot = snapshotHeader(counts, checks, declaredSetAsides(resolved.fixtures));
  return {
    format: 1,
    header: {
      tool: 'calcert',
      version: TOOL_VERSION,
      target: resolved.baseUrl,
      namespace: resolved.namespace,
      embedded: resolved.embedded,
      variant: {
        declared: config.variant,
        detected: input.detectedVariant,
        resolved: resolved.resolvedVariant,
        mismatch: config.variant !== 'auto' && config.variant !== input.detectedVariant,
      },
      features: resolved.features,
      seed: resolved.seed,
      runTag: resolved.runTag,
      readOnly: resolved.readOnly,
      startedAt: input.startedAt.toISOString(),
      duration: input.finishedAt.getTime() - input.startedAt.getTime(),
      requests: input.ownRequests + (input.observed?.requests ?? 0) + checks.reduce((n, c) => n + (c.requests ?? 0), 0),
      config: publicConfig(resolved),
      ...(input.observed ? { observed: observed as NonNullable<RunReport['header']['observed']> } : {}),
      ...(snapshot ? { snapshot } : {}),
      ...(used
        ? {
            concurrency: {
              mode: resolved.concurrencyMode === 'auto' ? ('auto' as const) : ('fixed' as const),
              ceiling: resolved.concurrency,
              ...used,
            },
          }
        : {}),
      ...(input.cleanup ? { cleanup: input.cleanup } : {}),
    },
    checks,
    footer: {
      ...footerOf(checks, resolved.readOnly, input.runErrors, resolved.grep, input.interrupted, snapshot),
      ...(input.reconfirmation ? { reconfirmation: input.reconfirmation } : {}),
    },
    coverage,
    ...(input.model ? { model: input.model } : {}),
  };
}

/** The report's footer: counts, verdict, and the lines that qualify it. Pure. */
function footerOf(
  checks: CheckResult[],
  readOnly: boolean,
  runErrors: string[],
  grep: string,
  interrupted?: string,
  snapshot?: RunReport['header']['snapshot'],
): RunReport['footer'] {
  const verdict = verdictOf(checks, readOnly, runErrors, !!grep, snapshot);
  const thin = thinPassesOf(checks);
  const inconclusive = verdict === 'inconclusive' ? inconclusiveWhy(checks, snapshot) : null;
  return {
    counts: countResults(checks),
    verdict,
    ...(grep ? { selection: { grep } } : {}),
    errors: runErrors,
    ...(interrupted ? { interrupted } : {}),
    ...(incompleteOf(checks).length ? { incomplete: incompleteOf(checks) } : {}),
    ...(inconclusive ? { inconclusive } : {}),
    ...(thin.length ? { thinPasses: { below: THIN_PASS, checks: thin } } : {}),
  };
}

/** Write results.json, summary.md, junit.xml; the directory written. */
export function writeRunReports(report: RunReport, target: Config, leading?: string): string {
  return writeReports(report, target.reportDir, secretsOf(target), { leading });
}

/**
 * The exit code: 130 interrupted by a signal, 2 the target went away, 1 under --strict (without
 * a baseline) when a should-check warned or was left unjudged (strictShortfall), else the gate's
 * (--expect / --baseline) or the verdict's. Pure.
 */
export function exitCodeOf(input: {
  signalled: boolean;
  problem?: string;
  strict: boolean;
  baseline: string;
  checks: readonly CheckResult[];
  verdict: RunReport['footer']['verdict'];
  gateExit?: 0 | 1;
}): 0 | 1 | 2 | 130 {
  if (input.signalled) return 130;
  if (input.problem) return 2;
  // --strict without a baseline gates on should-checks too: an (unexpected) warning exits 1, and
  // so does a should-check left unjudged (error, blocked). With a baseline, --strict already means
  // "new warnings are regressions".
  if (input.strict && !input.baseline) {
    const short = strictShortfall(input.checks);
    if (short.warned.length || short.unjudged.length) return 1;
  }
  if (input.gateExit !== undefined) return input.gateExit;
  return input.verdict === 'not-certified' || input.verdict === 'inconclusive' ? 1 : 0;
}
