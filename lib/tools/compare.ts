/**
 * Baseline comparison of two runs (`calcert compare OLD NEW`, `certify --baseline FILE`): what
 * changed per check ID. Checks are matched by ID only, never by title (titles may change, IDs
 * never change meaning). Pure functions plus `loadReport`, which validates a results.json.
 *
 * Status classes: ok (pass, stale-expectation), na (n/a), warn (warn, expected-fail of a
 * should-check), fail (fail, blocked, error, expected-fail of a must-check).
 *  - newly failing: ok/na -> fail (and with strict also ok/na -> warn);
 *  - newly passing: any other class -> ok;
 *  - newly n/a: ok/warn/fail -> na;
 *  - added / removed: the ID is only in NEW / only in OLD;
 *  - changed: every other status change (fail -> blocked, pass -> warn without strict, ...).
 * Regressed: a newly failing must-check; with strict any newly failing check (new warnings too).
 */
import { readFileSync } from 'node:fs';
import { currentId } from '../check/aliases.ts';
import { ConfigError } from '../run/config/model.ts';
import { mdCell, replayCommand } from '../report/common.ts';
import { STATUSES, type CheckResult, type RunReport } from '../report/results.ts';
import type { Status } from '../types.ts';

type StatusClass = 'ok' | 'na' | 'warn' | 'fail';

export function classOf(status: Status, level: CheckResult['level']): StatusClass {
  switch (status) {
    case 'pass':
    case 'stale-expectation':
      return 'ok';
    case 'n/a':
      return 'na';
    case 'warn':
      return 'warn';
    case 'expected-fail':
      return level === 'must' ? 'fail' : 'warn';
    default:
      return 'fail';
  }
}

export interface Change {
  id: string;
  level: CheckResult['level'];
  from: Status | null;
  to: Status | null;
  title: string;
  /** First line of the NEW message (or OLD for removed checks), without a replay line it may carry. */
  message?: string;
  curl?: string;
  /** A check that did not pass in NEW: the command that runs it again against NEW's target with NEW's seed. */
  replay?: string;
}

export interface Comparison {
  old: RunSummary;
  new: RunSummary;
  strict: boolean;
  newlyFailing: Change[];
  newlyPassing: Change[];
  newlyNa: Change[];
  added: Change[];
  removed: Change[];
  changed: Change[];
  /** Newly failing entries that count as a regression (must-level; all with strict). */
  regressions: Change[];
  regressed: boolean;
  unchanged: number;
  /** The two runs are of different targets (URL, namespace) or variants: changes may be the target's. */
  warnings?: string[];
}

export interface RunSummary {
  target: string;
  runTag: string;
  startedAt: string;
  verdict: string;
  version: string;
  checks: number;
}

function summaryOf(r: RunReport): RunSummary {
  return {
    target: r.header.embedded ? 'embedded reference server' : r.header.target,
    runTag: r.header.runTag,
    startedAt: r.header.startedAt,
    verdict: r.footer.verdict,
    version: r.header.version,
    checks: r.checks.length,
  };
}

/** A message's first line without the replay some checks put there (`...; replay: ...`): Change.replay says it for every check. */
const firstLine = (s: string | undefined) => (s ? s.split('\n')[0]!.replace(/;? ?replay: .*$/, '') : undefined);

/** The statuses whose change names the command that replays the check. */
const REPLAYED: readonly Status[] = ['fail', 'warn', 'blocked', 'error', 'expected-fail'];

export function compareReports(oldR: RunReport, newR: RunReport, strict = false): Comparison {
  const before = new Map(oldR.checks.map((c) => [c.id, c]));
  const after = new Map(newR.checks.map((c) => [c.id, c]));
  const cmp: Comparison = {
    old: summaryOf(oldR),
    new: summaryOf(newR),
    strict,
    newlyFailing: [],
    newlyPassing: [],
    newlyNa: [],
    added: [],
    removed: [],
    changed: [],
    regressions: [],
    regressed: false,
    unchanged: 0,
  };
  for (const n of newR.checks) {
    const o = before.get(n.id);
    const change: Change = {
      id: n.id,
      level: n.level,
      from: o?.status ?? null,
      to: n.status,
      title: n.title,
      ...(n.message ? { message: firstLine(n.message) } : {}),
      ...(n.curl ? { curl: n.curl } : {}),
      ...(REPLAYED.includes(n.status) ? { replay: replayCommand(newR, n) } : {}),
    };
    if (!o) {
      cmp.added.push(change);
      continue;
    }
    if (o.status === n.status) {
      cmp.unchanged++;
      continue;
    }
    const from = classOf(o.status, o.level);
    const to = classOf(n.status, n.level);
    const wasGood = from === 'ok' || from === 'na';
    if (wasGood && (to === 'fail' || (strict && to === 'warn'))) cmp.newlyFailing.push(change);
    else if (to === 'ok' && from !== 'ok') cmp.newlyPassing.push(change);
    else if (to === 'na' && from !== 'na') cmp.newlyNa.push(change);
    else cmp.changed.push(change);
  }
  for (const o of oldR.checks) {
    if (!after.has(o.id))
      cmp.removed.push({
        id: o.id,
        level: o.level,
        from: o.status,
        to: null,
        title: o.title,
        ...(o.message ? { message: firstLine(o.message) } : {}),
      });
  }
  const warnings = targetWarnings(oldR, newR);
  if (warnings.length) cmp.warnings = warnings;
  cmp.regressions = cmp.newlyFailing.filter((c) => strict || c.level === 'must');
  cmp.regressed = cmp.regressions.length > 0;
  return cmp;
}

/**
 * Validate parsed JSON as a results.json of format 1, enough to compare it: one line naming the
 * problem otherwise (ConfigError, exit 2).
 */
export function parseReport(data: unknown, source: string): RunReport {
  const bad = (what: string) => new ConfigError(`${source} is not a calcert results.json (format 1): ${what}`);
  if (!data || typeof data !== 'object' || Array.isArray(data)) throw bad('not a JSON object');
  const r = data as Record<string, unknown>;
  if (r['format'] !== 1) throw bad(`"format" is ${JSON.stringify(r['format'])}, expected 1`);
  if (!r['header'] || typeof r['header'] !== 'object') throw bad('no "header" object');
  if (!r['footer'] || typeof r['footer'] !== 'object') throw bad('no "footer" object');
  if (!Array.isArray(r['checks'])) throw bad('"checks" is not an array');
  const seen = new Set<string>();
  r['checks'].forEach((entry: unknown, i: number) => {
    if (!entry || typeof entry !== 'object' || Array.isArray(entry)) throw bad(`checks[${i}] is not an object`);
    const c = entry as Record<string, unknown>;
    if (typeof c.id !== 'string' || !c.id) throw bad(`checks[${i}] has no "id"`);
    // A report written before a rename names the old ID: read it as the current one (fixtures/spec/aliases.json).
    const id = currentId(c.id);
    c.id = id;
    if (!STATUSES.includes(c.status as Status))
      throw bad(`checks[${i}] (${c.id}) has an unknown status ${JSON.stringify(c.status)}`);
    if (c.level !== 'must' && c.level !== 'should')
      throw bad(`checks[${i}] (${c.id}) has an unknown level ${JSON.stringify(c.level)}`);
    if (seen.has(id)) throw bad(`check ${id} appears twice`);
    seen.add(id);
  });
  return data as RunReport;
}

export function loadReport(path: string, label = path): RunReport {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (e) {
    throw new ConfigError(
      `${label} cannot be read (${(e as NodeJS.ErrnoException).code ?? (e as Error).message.split('\n')[0]}): give the path of a results.json`,
    );
  }
  let data: unknown;
  try {
    data = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (e) {
    throw new ConfigError(
      `${label} is not JSON (${(e as Error).message.split('\n')[0]}): give the path of a results.json`,
    );
  }
  return parseReport(data, label);
}

const arrow = (c: Change) => `${c.from ?? '-'} -> ${c.to ?? '-'}`;

/**
 * Why two runs may not be comparable: another target (URL, or namespace) or another variant. The
 * embedded reference server counts as one target whatever its port. Pure.
 */
function targetWarnings(oldR: RunReport, newR: RunReport): string[] {
  const where = (r: RunReport) =>
    `${r.header.embedded ? 'the embedded reference server' : r.header.target} (namespace ${r.header.namespace})`;
  const out: string[] = [];
  if (where(oldR) !== where(newR))
    out.push(
      `the two runs are of different targets: ${where(oldR)} and ${where(newR)}; a change may be the target's, not the server's new version`,
    );
  const variant = (r: RunReport) => r.header.variant?.resolved;
  if (variant(oldR) !== variant(newR))
    out.push(`the two runs are of different variants: ${variant(oldR)} and ${variant(newR)}`);
  return out;
}

/** The changes as terminal lines (no trailing newline); empty sections are left out. */
export function renderComparisonText(cmp: Comparison): string {
  const lines: string[] = [];
  for (const w of cmp.warnings ?? []) lines.push(`warning: ${w}`);
  lines.push(
    `changes since baseline: ${cmp.old.runTag} (${cmp.old.startedAt}, ${cmp.old.verdict}) -> ${cmp.new.runTag} (${cmp.new.startedAt}, ${cmp.new.verdict})`,
  );
  const width = Math.max(
    10,
    ...[...cmp.newlyFailing, ...cmp.newlyPassing, ...cmp.newlyNa, ...cmp.added, ...cmp.removed, ...cmp.changed].map(
      (c) => c.id.length,
    ),
  );
  const section = (title: string, list: Change[], withMessage: boolean) => {
    if (!list.length) return;
    lines.push(`${title} (${list.length}):`);
    for (const c of list) {
      lines.push(
        `  ${c.level.padEnd(6)} ${c.id.padEnd(width)} ${arrow(c)}${withMessage && c.message ? `  ${c.message}` : ''}`,
      );
      if (withMessage && c.replay) lines.push(`  ${' '.repeat(7 + width)}replay: ${c.replay}`);
    }
  };
  section('newly failing', cmp.newlyFailing, true);
  section('newly passing', cmp.newlyPassing, false);
  section('newly n/a', cmp.newlyNa, true);
  section('added', cmp.added, true);
  section('removed', cmp.removed, false);
  section('changed', cmp.changed, true);
  const total =
    cmp.newlyFailing.length +
    cmp.newlyPassing.length +
    cmp.newlyNa.length +
    cmp.added.length +
    cmp.removed.length +
    cmp.changed.length;
  if (!total) lines.push(`no changes (${cmp.unchanged} checks with the same status)`);
  if (cmp.old.verdict !== cmp.new.verdict) lines.push(`verdict: ${cmp.old.verdict} -> ${cmp.new.verdict}`);
  lines.push(
    cmp.regressed
      ? `REGRESSION: ${cmp.regressions.length} check(s) newly failing${cmp.strict ? ' (strict: warnings count)' : ' (must)'}: ${cmp.regressions.map((c) => c.id).join(', ')}`
      : `no regression${cmp.strict ? ' (strict)' : ''}`,
  );
  return lines.join('\n');
}

/** The changes as a Markdown section for summary.md (leads the summary under --baseline). */
export function renderComparisonMarkdown(cmp: Comparison): string {
  const lines: string[] = [];
  lines.push(`## Changes since the baseline`, '');
  for (const w of cmp.warnings ?? []) lines.push(`**Warning**: ${w}.`, '');
  lines.push(
    `Baseline: run \`${cmp.old.runTag}\` of ${cmp.old.startedAt} (${cmp.old.verdict}, calcert ${cmp.old.version}, ${cmp.old.checks} checks). Matched by check ID.`,
    '',
  );
  lines.push(
    cmp.regressed
      ? `**Regression**: ${cmp.regressions.length} check(s) newly failing${cmp.strict ? ' (strict: new warnings count)' : ''}.`
      : `No regression${cmp.strict ? ' (strict)' : ''}.`,
    '',
  );
  const rows: Array<[string, Change[]]> = [
    ['newly failing', cmp.newlyFailing],
    ['newly passing', cmp.newlyPassing],
    ['newly n/a', cmp.newlyNa],
    ['added', cmp.added],
    ['removed', cmp.removed],
    ['changed', cmp.changed],
  ];
  if (rows.every(([, l]) => !l.length)) {
    lines.push(`No changes (${cmp.unchanged} checks with the same status).`, '');
    return lines.join('\n');
  }
  lines.push('| change | check | level | before | after | message |', '|---|---|---|---|---|---|');
  for (const [name, list] of rows)
    for (const c of list)
      lines.push(
        `| ${name} | \`${c.id}\` | ${c.level} | ${c.from ?? '-'} | ${c.to ?? '-'} | ${mdCell(c.message ?? '')}${c.replay && name !== 'removed' ? `${c.message ? '<br>' : ''}replay: \`${mdCell(c.replay)}\`` : ''} |`,
      );
  lines.push('');
  return lines.join('\n');
}
