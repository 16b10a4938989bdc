/**
 * `junit.xml` for CI dashboards: a testsuite per route group, a testcase per check (with its
 * `file`), run properties (seed, run tag, target, variant, verdict) in every testsuite, and in each
 * failure the spec clause, the check's file and source, the message, every exchange and the
 * reproduction.
 */
import type { RunReport } from './results.ts';
import {
  byGroup,
  curlNotes,
  exchangesOf,
  firstLine,
  type ReportCheck,
  reconfirmedText,
  replayCommand,
} from './common.ts';

/** Escape for XML text and attributes; drop characters XML 1.0 forbids. */
function xml(s: unknown): string {
  return String(s ?? '')
    .replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c]!)
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, '')
    .replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '');
}

function failureBody(report: RunReport, c: ReportCheck): string {
  const lines = [`${c.id} (${c.level}, ${c.status}): ${c.title}`, `spec: ${c.spec}`, `file: ${c.file}`];
  if (c.source) lines.push(`source: ${c.source}`);
  if (c.requirements?.length) lines.push(`requirements: ${c.requirements.join(', ')}`);
  if (c.expectation) lines.push(`expected failure: ${c.expectation}`);
  if (c.reconfirmed) lines.push(`re-confirmed: ${reconfirmedText(c.reconfirmed)}`);
  if (c.message) lines.push('', c.message);
  const xs = exchangesOf(c);
  for (const [i, x] of xs.entries()) {
    lines.push('', `exchange ${i + 1}/${xs.length}: ${x.method} ${x.url}`);
    if (x.status !== undefined) lines.push(`  status: ${x.status}${x.ms !== undefined ? ` (${x.ms} ms)` : ''}`);
    if (x.error) lines.push(`  error: ${x.error}`);
    if (x.retries) lines.push(`  retries: ${x.retries}`);
    for (const [k, v] of Object.entries(x.requestHeaders ?? {})) lines.push(`  > ${k}: ${v}`);
    if (x.requestBody) lines.push(`  > ${x.requestBody}`);
    for (const [k, v] of Object.entries(x.responseHeaders ?? {})) lines.push(`  < ${k}: ${v}`);
    if (x.responseExcerpt) lines.push(`  < ${x.responseExcerpt}`);
  }
  const curls = xs.map((x) => x.curl).filter((s): s is string => !!s);
  lines.push('', 'reproduce:', replayCommand(report, c), ...curlNotes(curls), ...curls);
  return lines.join('\n');
}

/**
 * The wall time (ms) of checks that ran side by side: from the first start to the last end. The
 * sum of their durations is far more (issue 31: 123.6 s for a 7 s run). Checks without a start
 * (a report of an older version) count their durations one after another.
 */
export function wallTime(checks: ReadonlyArray<{ duration: number; started?: number }>): number {
  const timed = checks.filter((c) => c.started !== undefined);
  const untimed = checks.filter((c) => c.started === undefined).reduce((n, c) => n + c.duration, 0);
  if (!timed.length) return untimed;
  const from = Math.min(...timed.map((c) => c.started!));
  const to = Math.max(...timed.map((c) => c.started! + c.duration));
  return to - from + untimed;
}

export function renderJunit(report: RunReport): string {
  const h = report.header;
  const props: [string, string][] = [
    ['seed', String(h.seed)],
    ['runTag', h.runTag],
    ['target', h.embedded ? `embedded reference server (${h.target})` : h.target],
    ['namespace', h.namespace],
    ['variant', h.variant.resolved],
    ['variantDeclared', h.variant.declared],
    ['features', h.features.join(',')],
    ['readOnly', String(h.readOnly)],
    ['verdict', report.footer.verdict],
    ...(report.footer.selection ? [['selection', `--grep ${report.footer.selection.grep}`] as [string, string]] : []),
    ['tool', `${h.tool} ${h.version}`],
    ['startedAt', h.startedAt],
  ];
  const properties = [
    '    <properties>',
    ...props.map(([k, v]) => `      <property name="${xml(k)}" value="${xml(v)}"/>`),
    '    </properties>',
  ];
  const failing = (s: string) => s === 'fail' || s === 'blocked' || s === 'stale-expectation';
  const checks = report.checks as ReportCheck[];
  const totals = {
    failures: checks.filter((c) => failing(c.status)).length,
    errors: checks.filter((c) => c.status === 'error').length,
    skipped: checks.filter((c) => c.status === 'n/a').length,
    // The run's wall time: the checks run side by side, so the sum of their durations is far more.
    time: report.header.duration / 1000,
  };
  const out = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="calcert" tests="${checks.length}" failures="${totals.failures}" errors="${totals.errors}" skipped="${totals.skipped}" time="${totals.time.toFixed(3)}">`,
  ];
  for (const [g, inGroup] of byGroup(checks)) {
    const failures = inGroup.filter((c) => failing(c.status)).length;
    const errors = inGroup.filter((c) => c.status === 'error').length;
    const skipped = inGroup.filter((c) => c.status === 'n/a').length;
    const time = wallTime(inGroup) / 1000;
    out.push(
      `  <testsuite name="${xml(g)}" tests="${inGroup.length}" failures="${failures}" errors="${errors}" skipped="${skipped}" time="${time.toFixed(3)}" timestamp="${xml(h.startedAt.replace(/\.\d+Z$/, ''))}">`,
      ...properties,
    );
    for (const c of inGroup) {
      out.push(
        `    <testcase classname="${xml(`calcert.${g}`)}" name="${xml(`${c.id} ${c.title}`)}" file="${xml(c.file)}" time="${(c.duration / 1000).toFixed(3)}">`,
      );
      const head = `${c.status}${c.reconfirmed ? ` (${c.reconfirmed})` : ''}: ${firstLine(c.message)}`;
      if (failing(c.status)) out.push(`      <failure message="${xml(head)}">${xml(failureBody(report, c))}</failure>`);
      else if (c.status === 'error')
        out.push(`      <error message="${xml(head)}">${xml(failureBody(report, c))}</error>`);
      else if (c.status === 'n/a') out.push(`      <skipped message="${xml(c.message ?? 'not applicable')}"/>`);
      else if (c.status === 'warn' || c.status === 'expected-fail')
        out.push(`      <system-out>${xml(failureBody(report, c))}</system-out>`);
      out.push('    </testcase>');
    }
    out.push('  </testsuite>');
  }
  out.push('</testsuites>');
  return `${out.join('\n')}\n`;
}
