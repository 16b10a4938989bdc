/**
 * What a configuration is: the validated `Config` of a run (and `ResolvedConfig` once the
 * preflight knows the target), its error, and its printable form without secrets.
 */
import type { Variant } from '../../types.ts';

export type Feature = 'premium' | 'tickets';
export const FEATURES: readonly Feature[] = ['premium', 'tickets'];

/** Records the interface cannot create; the target's operator supplies them (fixtures/schemas/fixtures.schema.json). */
export interface FixturesFile {
  format: 1;
  ticketedEvent?: { id: number };
  childEvent?: { id: number; parent: number };
  passwordEvent?: { id: number; password: string };
  /**
   * Other published password-protected events of the site, each with its password (read-only
   * runs: out of the samples, counted toward the set-aside bound, and read with the password).
   */
  protectedEvents?: { id: number; password: string }[];
  /** A published venue / organizer with a post password, its name and the password. */
  passwordVenue?: { id: number; name: string; password: string };
  passwordOrganizer?: { id: number; name: string; password: string };
  geolocatedVenue?: { id: number; lat: number; lng: number };
  /** `width`, `height`: its pixel size (the shadow model renders a copy sideloaded by URL with it). */
  image?: { id: number; url: string; width?: number; height?: number };
  /** Another existing user than the caller: the author checks send its ID. */
  otherAuthor?: { id: number };
}

export type Auth =
  | { kind: 'none' }
  | { kind: 'basic'; user: string; password: string }
  | { kind: 'header'; value: string };

export interface Config {
  /** REST root, e.g. https://example.org/wp-json; '' = start the embedded reference server. */
  baseUrl: string;
  namespace: string;
  variant: 'auto' | Variant;
  auth: Auth;
  features: Feature[];
  fixturesPath: string;
  /** Unsigned, 0 to 2^53-1. */
  seed: number;
  numRuns: number;
  runTag: string;
  /** The run tag was made for this run (no --run-tag): no record can carry it before the run. */
  freshRunTag?: true;
  readOnly: boolean;
  timeoutMs: number;
  deadlineS: number;
  /** The in-flight bound: the fixed --concurrency, or under `auto` the ceiling (--concurrency-max). */
  concurrency: number;
  /** Request budget of the observation crawl and checks (--max-requests). */
  maxRequests: number;
  /** `auto` (the default of the CLI): the bound adapts from 4 up to `concurrency` (AIMD, lib/run/limiter.ts). */
  concurrencyMode?: 'auto' | 'fixed';
  reportDir: string;
  /** No --report-dir and no CAL_REPORT_DIR: reportDir is the default (`certify` may fall back, lib/report/write.ts). */
  defaultReportDir?: true;
  /** Run folders kept in reportDir (--keep). */
  keep: number;
  /** --har: write every exchange of the run to this file as HAR 1.2 ('' or absent: none). */
  har?: string;
  expect: string;
  allowStale: boolean;
  baseline: string;
  strict: boolean;
  /** --min-judged: the least share (percent) of the variant's interface elements the run must judge; 0 = no gate. */
  minJudged: number;
  grep: string;
  /**
   * `false`: a failing property ends at its first failing value, unshrunk (fast-check's
   * `endOnFailure`). Only runs that ask which checks caught a fault set it (the fault matrices:
   * lib/certify/faultrun.ts): the status is the same (a failed property is a failure either way),
   * only the counterexample is the first one. No flag sets it.
   */
  shrink?: false;
}

/** Config after preflight: the target is known, its variant detected, fixtures loaded. */
export interface ResolvedConfig extends Config {
  resolvedVariant: Variant;
  detectedVariant: Variant | null;
  fixtures: FixturesFile | null;
  embedded: boolean;
  /** The target's fastest answer in the preflight, in ms (the run's worker count). */
  latencyMs?: number;
  /** The version the target's namespace root names, when it names one (lib/spec/versions.ts). */
  rootVersion?: string;
  /**
   * The second pass of a run (2: the failed must-checks run again, lib/certify/reconfirm.ts);
   * absent for the checks' own pass. The workers key their per-run state (client, crawl) on it.
   */
  pass?: number;
  /**
   * The checks write the ids they create to the run's ledger (lib/run/ledger.ts): set by a run
   * that sweeps its tag afterwards, the ledger's one reader. Absent: no file is written.
   */
  ledger?: boolean;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** The config as it may appear in reports and logs: no password, no Authorization value. */
export function publicConfig(config: Config | ResolvedConfig): Record<string, unknown> {
  const { auth, ...rest } = config as ResolvedConfig;
  const shownAuth =
    auth.kind === 'basic'
      ? { kind: 'basic', user: auth.user, password: '(redacted)' }
      : auth.kind === 'header'
        ? { kind: 'header', value: '(redacted)' }
        : { kind: 'none' };
  return { ...rest, auth: shownAuth };
}

/** Every secret value of a config, for redaction. */
export function secretsOf(config: Config): string[] {
  const out: string[] = [];
  if (config.auth.kind === 'basic') {
    out.push(config.auth.password);
    out.push(Buffer.from(`${config.auth.user}:${config.auth.password}`).toString('base64'));
  }
  if (config.auth.kind === 'header') out.push(config.auth.value);
  return out.filter((s) => s.length >= 3);
}
