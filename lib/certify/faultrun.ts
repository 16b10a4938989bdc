/**
 * Runs checks against the embedded reference server with one fault switched on, and says which
 * of them caught it (fail or warn). The fault matrix self-test and `scripts/fault.ts` use it.
 */
import { loadConfig } from '../run/config/load.ts';
import type { Config } from '../run/config/model.ts';
import { certify } from './certify.ts';
import { FAULTS } from '../../fixtures/reference-server/faults.ts';
import type { CheckResult } from '../report/results.ts';
import type { RunSession } from './runner.ts';

const FEATURES_ALL = 'premium,tickets';

export interface FaultRun {
  fault: string;
  variant: 'base' | 'extended';
  /** The run was read-only (only checks that apply without writes). */
  readOnly?: boolean;
  /** Events of the seeded calendar, when not the default. */
  seedEvents?: number;
  /** Check id -> status under the fault. */
  statuses: Record<string, CheckResult['status'] | 'missing'>;
  caught: string[];
  missed: string[];
  /** Why the run did not start, when it did not. */
  problem?: string;
  ms: number;
}

/**
 * The configuration of a throwaway run against the embedded reference server (the fault runs here
 * and the quirk-tolerance self-test): no environment, no .env file, every optional feature on, a
 * fixed seed, few property runs, and a short timeout.
 */
export function throwawayConfig(
  variant: 'base' | 'extended',
  opts: { seed?: number; numRuns: number; readOnly?: boolean; shrink?: false },
): Config {
  const config = loadConfig({
    env: {},
    dotenv: false,
    flags: {
      variant,
      features: FEATURES_ALL,
      seed: opts.seed ?? 1,
      'num-runs': opts.numRuns,
      'timeout-ms': 10000,
      ...(opts.readOnly ? { 'read-only': true } : {}),
    },
  });
  return opts.shrink === false ? { ...config, shrink: false } : config;
}

/** A fault is caught by a check when the check fails (must) or warns (should). */
/**
 * Whether a check caught a fault: it failed or warned; for a fault whose checks end unjudged by
 * design (FaultRow.unjudged: a judgement of nothing), `error` too. Never `pass` or `n/a`.
 */
function caughtBy(status: string, unjudged: boolean): boolean {
  return status === 'fail' || status === 'warn' || (unjudged && status === 'error');
}

export async function runFault(
  fault: string | undefined,
  ids: string[],
  variant: 'base' | 'extended',
  opts: {
    seed?: number;
    numRuns?: number;
    session?: RunSession;
    files?: string[];
    /** A read-only run (`--read-only`): what an operator runs on a production site. */
    readOnly?: boolean;
    /** Events the embedded server's seeded calendar holds (default 40: reference-server/seed.ts). */
    seedEvents?: number;
    /**
     * `false`: no shrinking of a failing property (Config.shrink). A check that caught the fault
     * failed at its first failing value either way; shrinking only looks for a smaller one.
     */
    shrink?: false;
  } = {},
): Promise<FaultRun> {
  const started = Date.now();
  const config = throwawayConfig(variant, {
    seed: opts.seed,
    numRuns: opts.numRuns ?? 10,
    readOnly: opts.readOnly,
    ...(opts.shrink === false ? { shrink: false as const } : {}),
  });
  // The embedded server is thrown away after the run: no sweep needed.
  const result = await certify(config, {
    ids,
    files: opts.files,
    reference: {
      ...(fault ? { fault } : {}),
      ...(opts.seedEvents !== undefined ? { seedEvents: opts.seedEvents } : {}),
    },
    writeReports: false,
    session: opts.session,
    sweep: false,
    // Which checks caught the fault is the question: no second run of the failures.
    reconfirm: false,
  });
  const statuses: FaultRun['statuses'] = {};
  for (const id of ids) statuses[id] = result.report?.checks.find((c) => c.id === id)?.status ?? 'missing';
  const unjudged = FAULTS.find((f) => f.name === fault)?.unjudged === true;
  const caught = ids.filter((id) => caughtBy(String(statuses[id]), unjudged));
  return {
    fault: fault ?? '(none)',
    variant,
    ...(opts.readOnly ? { readOnly: true } : {}),
    ...(opts.seedEvents !== undefined ? { seedEvents: opts.seedEvents } : {}),
    statuses,
    caught,
    missed: ids.filter((id) => !caught.includes(id)),
    problem: result.problem,
    ms: Date.now() - started,
  };
}

/**
 * Whether a check with these tags applies in a read-only run of the reference in this variant
 * (the fault runner gives every feature and credentials): no `writes`, and the variant fits.
 */
export function appliesReadOnly(tags: readonly string[], variant: 'base' | 'extended'): boolean {
  if (tags.includes('writes')) return false;
  if (tags.includes('extended') && variant !== 'extended') return false;
  if (tags.includes('base') && variant !== 'base') return false;
  return true;
}

/** Of these check IDs, those that apply in a read-only run in the variant (listed via vitest). */
export async function readOnlyChecks(
  ids: readonly string[],
  variant: 'base' | 'extended' = 'extended',
): Promise<string[]> {
  const { listChecks } = await import('../check/list.ts');
  const tags = new Map((await listChecks()).map((c) => [c.id, c.tags as readonly string[]]));
  return ids.filter((id) => appliesReadOnly(tags.get(id) ?? ['writes'], variant));
}
