/**
 * Writes a run's reports: `results.json` (the data, format 1), and rendered from it
 * `summary.md` and `junit.xml`, under `<reportDir>/<run-id>/`, copied to `<reportDir>/latest/`.
 * Every string is passed through `redact` first, so no secret reaches a file.
 */
import { cpSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CheckResult, RunReport } from './results.ts';

export function redactor(secrets: string[]): (text: string) => string {
  const list = secrets.filter((s) => s && s.length >= 3).sort((a, b) => b.length - a.length);
  return (text) => {
    let out = text;
    for (const s of list) out = out.split(s).join('(redacted)');
    return out;
  };
}

function mdEscape(s: string): string {
  return s.replace(/\|/g, '\\|').replace(/\n/g, ' ');
}

/** `leading`: Markdown placed right under the title (the changes against a baseline, expectation notes). */
export function renderSummary(report: RunReport, leading?: string): string {
  const h = report.header;
  const f = report.footer;
  const lines: string[] = [];
  lines.push(`# calcert: ${f.verdict}`, '');
  if (leading) lines.push(leading.trimEnd(), '');
  lines.push(`- target: ${h.embedded ? 'embedded reference server' : h.target} (namespace \`${h.namespace}\`)`);
  lines.push(
    `- variant: ${h.variant.resolved} (declared ${h.variant.declared}, detected ${h.variant.detected ?? 'n/a'})${h.variant.mismatch ? ' **mismatch**' : ''}`,
  );
  lines.push(`- features: ${h.features.join(', ') || 'none'}; read-only: ${h.readOnly ? 'yes' : 'no'}`);
  lines.push(
    `- seed ${h.seed}, run tag \`${h.runTag}\`, started ${h.startedAt}, ${(h.duration / 1000).toFixed(1)} s, ${h.requests} requests`,
  );
  if (f.interrupted) lines.push(`- **interrupted**: ${f.interrupted}`);
  lines.push('');
  lines.push(
    '| level | ' +
      ['pass', 'fail', 'warn', 'n/a', 'blocked', 'error', 'expected-fail', 'stale-expectation'].join(' | ') +
      ' |',
  );
  lines.push('|---|---|---|---|---|---|---|---|---|');
  for (const level of ['must', 'should']) {
    const c = f.counts.byLevel[level] ?? {};
    lines.push(
      `| ${level} | ${['pass', 'fail', 'warn', 'n/a', 'blocked', 'error', 'expected-fail', 'stale-expectation'].map((s) => c[s] ?? 0).join(' | ')} |`,
    );
  }
  if (f.errors.length) {
    lines.push('', '## Run errors', '');
    for (const e of f.errors) lines.push(`- ${mdEscape(e)}`);
  }
  const section = (title: string, checks: CheckResult[]) => {
    if (!checks.length) return;
    lines.push('', `## ${title}`, '');
    for (const c of checks) {
      lines.push(
        `### \`${c.id}\` (${c.level}, ${c.status})`,
        '',
        `${c.title}. Spec: ${c.spec}. File: \`${c.file}\`.`,
        '',
      );
      if (c.expectation) lines.push(`Expected failure: ${c.expectation}`, '');
      if (c.message) lines.push('```', c.message, '```', '');
      if (c.request) lines.push(`Request: \`${c.request.method} ${c.request.url}\``, '');
      if (c.responseExcerpt) lines.push('Response (excerpt):', '```', c.responseExcerpt.slice(0, 800), '```', '');
      if (c.curl) lines.push('Reproduce:', '```sh', c.curl, '```', '');
    }
  };
  section(
    'Failures (must)',
    report.checks.filter((c) => ['fail', 'blocked', 'error'].includes(c.status)),
  );
  section(
    'Stale expectations',
    report.checks.filter((c) => c.status === 'stale-expectation'),
  );
  section(
    'Warnings (should)',
    report.checks.filter((c) => c.status === 'warn'),
  );
  section(
    'Expected failures',
    report.checks.filter((c) => c.status === 'expected-fail'),
  );
  const na = report.checks.filter((c) => c.status === 'n/a');
  if (na.length) {
    lines.push('', '## Not applicable', '');
    for (const c of na) lines.push(`- \`${c.id}\`: ${c.message ?? ''}`);
  }
  return lines.join('\n') + '\n';
}

function xml(s: string): string {
  return s
    .replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c]!)
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g, '');
}

export function renderJunit(report: RunReport): string {
  const groups = new Map<string, CheckResult[]>();
  for (const c of report.checks) {
    const g = c.id.split('.')[0]!;
    groups.set(g, [...(groups.get(g) ?? []), c]);
  }
  const out = ['<?xml version="1.0" encoding="UTF-8"?>', `<testsuites name="calcert" tests="${report.checks.length}">`];
  for (const [g, checks] of groups) {
    const failures = checks.filter((c) => ['fail', 'blocked', 'stale-expectation'].includes(c.status)).length;
    const errors = checks.filter((c) => c.status === 'error').length;
    const skipped = checks.filter((c) => c.status === 'n/a').length;
    out.push(
      `  <testsuite name="${xml(g)}" tests="${checks.length}" failures="${failures}" errors="${errors}" skipped="${skipped}">`,
    );
    for (const c of checks) {
      out.push(
        `    <testcase classname="${xml(`calcert.${g}`)}" name="${xml(`${c.id} ${c.title}`)}" time="${(c.duration / 1000).toFixed(3)}">`,
      );
      const body = xml([c.message, c.curl].filter(Boolean).join('\n'));
      if (c.status === 'fail' || c.status === 'blocked' || c.status === 'stale-expectation')
        out.push(
          `      <failure message="${xml(`${c.status}: ${(c.message ?? '').split('\n')[0]}`)}">${body}</failure>`,
        );
      else if (c.status === 'error')
        out.push(`      <error message="${xml((c.message ?? '').split('\n')[0] ?? '')}">${body}</error>`);
      else if (c.status === 'n/a') out.push(`      <skipped message="${xml(c.message ?? 'not applicable')}"/>`);
      else if (c.status === 'warn' || c.status === 'expected-fail')
        out.push(`      <system-out>${xml(`${c.status}: ${c.message ?? ''}`)}</system-out>`);
      out.push('    </testcase>');
    }
    out.push('  </testsuite>');
  }
  out.push('</testsuites>');
  return out.join('\n') + '\n';
}

/** Write the reports; returns the run directory. */
export function writeReports(
  report: RunReport,
  reportDir: string,
  secrets: string[],
  options: { leading?: string } = {},
): string {
  const redact = redactor(secrets);
  const runId = `${report.header.startedAt.replace(/[-:]/g, '').replace(/\.\d+Z$/, 'Z')}-${report.header.runTag}`;
  const dir = join(reportDir, runId);
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'results.json'), redact(JSON.stringify(report, null, 2)) + '\n');
  writeFileSync(join(dir, 'summary.md'), redact(renderSummary(report, options.leading)));
  writeFileSync(join(dir, 'junit.xml'), redact(renderJunit(report)));
  const latest = join(reportDir, 'latest');
  rmSync(latest, { recursive: true, force: true });
  cpSync(dir, latest, { recursive: true });
  return dir;
}
