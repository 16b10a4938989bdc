/**
 * Expectations files (`certify --expect FILE`): the known failures of one server, kept outside the
 * suite and keyed by check ID, each with the reason it is expected (undici's checked-in
 * expectation.json, wpt's expectation files). Format 1:
 *
 *   { "format": 1,
 *     "expectations": { "events.list.tags-any-of": { "reason": "our server applies only the first tag (ticket #12)" } } }
 *
 * Applying them turns a listed failure (fail, warn, blocked, error) into `expected-fail` and a
 * listed check that passes into `stale-expectation`; a listed ID that no check has is "unknown".
 * The verdict never changes (lib/report/results.ts counts `expected-fail` of a must-check as blocking);
 * only the exit code does (`expectationsExit`). Everything here is pure except `loadExpectations`.
 * JSON Schema: fixtures/schemas/expectations.schema.json (kept in step by selftest/unit/expectations.test.ts).
 */
import { readFileSync } from 'node:fs';
import { currentId } from '../check/aliases.ts';
import { CHECK_ID_PATTERN } from '../check/meta.ts';
import { ConfigError } from '../run/config/model.ts';
import type { CheckResult, RunReport } from '../report/results.ts';
import type { Status } from '../types.ts';
import type { Comparison } from './compare.ts';

export interface Expectation {
  /** Why this check is expected to fail on this server (a ticket, a decision). Required, non-empty. */
  reason: string;
}

export interface ExpectationsFile {
  format: 1;
  expectations: Record<string, Expectation>;
}

/** Statuses an expectation covers: the check did not pass. */
const FAILING: readonly Status[] = ['fail', 'warn', 'blocked', 'error'];

const TOP_KEYS = new Set(['format', 'expectations', '$schema', 'description']);
const ENTRY_KEYS = new Set(['reason']);

/**
 * Validate parsed JSON as an expectations file; throws ConfigError with one line naming the file,
 * the place and the fix.
 */
export function parseExpectations(data: unknown, source: string): ExpectationsFile {
  const bad = (what: string) =>
    new ConfigError(
      `--expect ${source}: ${what} (format: {"format": 1, "expectations": {"<check id>": {"reason": "..."}}}, see docs/regression.md)`,
    );
  if (!data || typeof data !== 'object' || Array.isArray(data)) throw bad('not a JSON object');
  const obj = data as Record<string, unknown>;
  if (obj['format'] !== 1) throw bad(`"format" is ${JSON.stringify(obj['format'])}, expected 1`);
  for (const k of Object.keys(obj)) if (!TOP_KEYS.has(k)) throw bad(`unknown key ${JSON.stringify(k)}`);
  const ex = obj['expectations'];
  if (!ex || typeof ex !== 'object' || Array.isArray(ex))
    throw bad('"expectations" must be an object keyed by check ID');
  const out: Record<string, Expectation> = {};
  for (const [id, entry] of Object.entries(ex as Record<string, unknown>)) {
    if (!CHECK_ID_PATTERN.test(id))
      throw bad(`${JSON.stringify(id)} is not a check ID (<group>.<operation>.<behaviour>, see \`calcert list\`)`);
    if (!entry || typeof entry !== 'object' || Array.isArray(entry))
      throw bad(`${id}: the entry must be an object with a "reason"`);
    for (const k of Object.keys(entry)) if (!ENTRY_KEYS.has(k)) throw bad(`${id}: unknown key ${JSON.stringify(k)}`);
    const reason = (entry as Record<string, unknown>)['reason'];
    if (typeof reason !== 'string' || !reason.trim())
      throw bad(`${id}: "reason" must be a non-empty string saying why the failure is expected`);
    // An ID retired by a rename counts as the ID that replaced it (fixtures/spec/aliases.json).
    out[currentId(id)] = { reason: reason.trim() };
  }
  return { format: 1, expectations: out };
}

/** Read and validate an expectations file; ConfigError (one line) when unreadable or invalid. */
export function loadExpectations(path: string): ExpectationsFile {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (e) {
    throw new ConfigError(
      `--expect ${path} cannot be read (${(e as NodeJS.ErrnoException).code ?? (e as Error).message.split('\n')[0]}): give the path of an expectations file`,
    );
  }
  let data: unknown;
  try {
    data = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (e) {
    throw new ConfigError(`--expect ${path} is not JSON (${(e as Error).message.split('\n')[0]})`);
  }
  return parseExpectations(data, path);
}

interface ExpectationOutcome {
  checks: CheckResult[];
  /** IDs whose failure was expected (now `expected-fail`). */
  expected: string[];
  /** IDs listed that passed (now `stale-expectation`): remove them from the file. */
  stale: string[];
  /** IDs listed whose check was not applicable in this run (left `n/a`, neither met nor stale). */
  notApplicable: string[];
  /** IDs listed that no check of the run has. */
  missing: string[];
}

/**
 * Apply expectations to a run's results. `missing` lists the IDs that are not in `checks`; the
 * caller decides whether they are unknown to the suite or only filtered out (--grep, ids).
 */
export function applyExpectations(checks: CheckResult[], file: ExpectationsFile): ExpectationOutcome {
  const expected: string[] = [];
  const stale: string[] = [];
  const notApplicable: string[] = [];
  const seen = new Set<string>();
  const out = checks.map((c) => {
    const e = file.expectations[c.id];
    if (!e) return c;
    seen.add(c.id);
    if (FAILING.includes(c.status)) {
      expected.push(c.id);
      return {
        ...c,
        status: 'expected-fail' as const,
        expectation: e.reason,
        message: `(${c.status}) ${c.message ?? ''}`.trimEnd(),
      };
    }
    if (c.status === 'pass') {
      stale.push(c.id);
      return {
        ...c,
        status: 'stale-expectation' as const,
        expectation: e.reason,
        message: `listed in the expectations file (${e.reason}) but passed: remove it from the expectations`,
      };
    }
    if (c.status === 'n/a') notApplicable.push(c.id);
    return { ...c, expectation: e.reason };
  });
  const missing = Object.keys(file.expectations)
    .filter((id) => !seen.has(id))
    .sort();
  return { checks: out, expected, stale, notApplicable, missing };
}

/** Must-checks that failed and were not expected to: they withhold certification. */
function unexpectedFailures(checks: CheckResult[]): CheckResult[] {
  return checks.filter(
    (c) => c.level === 'must' && (c.status === 'fail' || c.status === 'blocked' || c.status === 'error'),
  );
}

interface ExpectationsVerdict {
  exitCode: 0 | 1;
  /** One line per reason the run fails under --expect. */
  reasons: string[];
}

/**
 * The exit code under --expect: 1 when a must-check failed unexpectedly, the run itself had
 * errors, or (unless allowStale) an expectation is stale or names a check the suite does not have.
 */
export function expectationsExit(
  checks: CheckResult[],
  unknown: string[],
  runErrors: string[],
  allowStale: boolean,
): ExpectationsVerdict {
  const reasons: string[] = [];
  const unexpected = unexpectedFailures(checks);
  if (unexpected.length)
    reasons.push(`${unexpected.length} unexpected failure(s): ${unexpected.map((c) => c.id).join(', ')}`);
  if (runErrors.length) reasons.push(`${runErrors.length} run error(s)`);
  const stale = checks.filter((c) => c.status === 'stale-expectation').map((c) => c.id);
  if (stale.length && !allowStale)
    reasons.push(
      `${stale.length} stale expectation(s) (the check passes; remove it from the expectations, or --allow-stale): ${stale.join(', ')}`,
    );
  if (unknown.length && !allowStale)
    reasons.push(
      `${unknown.length} expectation(s) for checks the suite does not have (remove them, or --allow-stale): ${unknown.join(', ')}`,
    );
  return { exitCode: reasons.length ? 1 : 0, reasons };
}

// ---------------------------------------------------------------------------------------------
// The run gate: what `certify --expect FILE [--allow-stale] --baseline FILE [--strict]` does to a
// run (lib/certify/certify.ts calls it). Files are loaded before the run starts, so a bad file stops the
// run with exit 2 before any request.

interface GateConfig {
  expect: string;
  allowStale: boolean;
  baseline: string;
  strict: boolean;
}

export interface GateResult {
  /** Replaces the exit code when --expect or --baseline is given (130 and 2 stay). */
  exitCode: 0 | 1;
  /** One line per reason the gate fails the run. */
  reasons: string[];
  comparison?: Comparison;
  /** Lines for the terminal (changes, expectation notes), leading the run's output. */
  text: string;
  /** Markdown leading summary.md. */
  markdown: string;
  unknown: string[];
}

export interface RunGate {
  /** Expectations applied to the sorted check results, before the verdict; `ids` / `grep`: how the run was limited. */
  apply(checks: CheckResult[], selection: { ids?: string[]; grep?: string }): Promise<CheckResult[]>;
  /** After the report is built (verdict unchanged): comparison, notes and the exit code. */
  finish(report: RunReport): GateResult;
}

/**
 * Which listed IDs missing from the run no check of the suite has. In a full run, all of them. In
 * a limited run, an ID the selection would have taken (in `ids`, or matching `--grep`) is unknown
 * for sure; only the others need a listing of every check (slow: vitest collects every suite).
 */
export async function unknownIds(
  missing: string[],
  selection: { ids?: string[]; grep?: string },
  list?: () => Promise<string[]>,
): Promise<string[]> {
  const limited = !!(selection.ids?.length || selection.grep);
  if (!limited || !missing.length) return missing;
  let grep: RegExp | null = null;
  try {
    grep = selection.grep ? new RegExp(selection.grep) : null;
  } catch {
    grep = null;
  }
  const selected = (id: string) =>
    (!selection.ids?.length || selection.ids.includes(id)) && (!selection.grep || !!grep?.test(id));
  const sure = missing.filter(selected);
  const outside = missing.filter((id) => !selected(id));
  if (!outside.length) return sure;
  try {
    const all = new Set(list ? await list() : (await (await import('../check/list.ts')).listChecks()).map((c) => c.id));
    return [...sure, ...outside.filter((id) => !all.has(id))].sort();
  } catch {
    return sure;
  }
}

/** Null when neither --expect nor --baseline is set; throws ConfigError on a bad file. */
export async function prepareGate(config: GateConfig): Promise<RunGate | null> {
  if (!config.expect && !config.baseline) return null;
  const expectations = config.expect ? loadExpectations(config.expect) : null;
  const { loadReport, compareReports, renderComparisonMarkdown, renderComparisonText } = await import('./compare.ts');
  const baseline = config.baseline ? loadReport(config.baseline, `--baseline ${config.baseline}`) : null;
  let unknown: string[] = [];
  let outcome: ExpectationOutcome | null = null;
  return {
    async apply(checks, selection) {
      if (!expectations) return checks;
      outcome = applyExpectations(checks, expectations);
      unknown = await unknownIds(outcome.missing, selection);
      return outcome.checks;
    },
    finish(report) {
      const reasons: string[] = [];
      const text: string[] = [];
      const markdown: string[] = [];
      let comparison: Comparison | undefined;
      if (baseline) {
        comparison = compareReports(baseline, report, config.strict);
        text.push(renderComparisonText(comparison));
        markdown.push(renderComparisonMarkdown(comparison));
        if (comparison.regressed)
          reasons.push(`regression against the baseline: ${comparison.regressions.map((c) => c.id).join(', ')}`);
        if (!expectations && report.footer.errors.length) reasons.push(`${report.footer.errors.length} run error(s)`);
      }
      if (expectations) {
        const gate = expectationsExit(report.checks, unknown, report.footer.errors, config.allowStale);
        reasons.push(...gate.reasons);
        const o = outcome as ExpectationOutcome | null;
        const notes: string[] = [];
        notes.push(
          `expectations ${config.expect}: ${o?.expected.length ?? 0} expected failure(s), ${o?.stale.length ?? 0} stale, ${unknown.length} unknown ID(s), ${o?.notApplicable.length ?? 0} n/a`,
        );
        for (const id of o?.stale ?? [])
          notes.push(
            `STALE ${id}: passes now; remove it from the expectations${config.allowStale ? ' (allowed by --allow-stale)' : ''}`,
          );
        for (const id of unknown)
          notes.push(
            `UNKNOWN ${id}: listed in the expectations but no check has this ID; remove it${config.allowStale ? ' (allowed by --allow-stale)' : ''}`,
          );
        text.push(notes.join('\n'));
        markdown.push(
          [
            '## Expectations',
            '',
            `File \`${config.expect}\`: ${o?.expected.length ?? 0} expected failure(s), ${o?.stale.length ?? 0} stale, ${unknown.length} unknown ID(s). The verdict is unchanged by expectations; the exit code is ${reasons.length ? 1 : 0}.`,
            '',
            ...notes.slice(1).map((n) => `- ${n}`),
            '',
          ].join('\n'),
        );
      }
      if (reasons.length) text.push(...reasons.map((r) => `exit 1: ${r}`));
      return {
        exitCode: reasons.length ? 1 : 0,
        reasons,
        comparison,
        text: text.join('\n'),
        markdown: markdown.join('\n'),
        unknown,
      };
    },
  };
}
