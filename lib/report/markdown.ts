/** `summary.md`: the run in Markdown (verdict, counts, failures with their exchanges and reproduction, n/a reasons). */
import { modelMarkdown } from './model.ts';
import { coverageMarkdown } from './coverage.ts';
import { appliedLine } from '../run/crawl.ts';
import type { CheckResult, RunReport } from './results.ts';
import { STATUSES } from './results.ts';
import {
  curlNotes,
  exchangesOf,
  mdCell,
  type ReportCheck,
  reconfirmationLine,
  reconfirmedText,
  replayCommand,
} from './common.ts';

/** A fenced block whose fence is longer than any backtick run inside (a hostile body cannot close it). */
function fence(text: string, lang = ''): string[] {
  const longest = Math.max(2, ...[...text.matchAll(/`+/g)].map((m) => m[0].length));
  const f = '`'.repeat(longest + 1);
  return [`${f}${lang}`, text, f];
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
  lines.push(`- ${appliedLine(report.checks, h.observed)}`);
  if (f.interrupted) lines.push(`- **interrupted**: ${f.interrupted}`);
  const again = reconfirmationLine(f.reconfirmation, report.checks);
  if (again) lines.push(`- ${again}`);
  for (const u of f.reconfirmation?.unsettled ?? []) lines.push(`- not re-confirmed: ${mdCell(u)}`);
  for (const why of f.incomplete ?? []) lines.push(`- **incomplete**: ${why}`);
  if (f.inconclusive) lines.push(`- **inconclusive**: ${f.inconclusive}`);
  if (f.thinPasses)
    lines.push(
      `- thin passes (ended without a judgement, each error): ${f.thinPasses.checks.map((c) => `\`${c}\``).join(', ')}`,
    );
  if (f.selection)
    lines.push(
      `- **partial run**: only the checks matching \`--grep ${f.selection.grep}\` ran; the verdict covers these checks, not the interface`,
    );
  lines.push('');
  lines.push(`| level | ${STATUSES.join(' | ')} |`);
  lines.push(`|---|${STATUSES.map(() => '---').join('|')}|`);
  for (const level of ['must', 'should']) {
    const c = f.counts.byLevel[level] ?? {};
    lines.push(`| ${level} | ${STATUSES.map((s) => c[s] ?? 0).join(' | ')} |`);
  }
  if (f.errors.length) {
    lines.push('', '## Run errors', '');
    for (const e of f.errors) lines.push(`- ${mdCell(e)}`);
  }
  if (h.cleanup?.errors.length) {
    lines.push('', '## Cleanup problems', '');
    for (const e of h.cleanup.errors) lines.push(`- ${mdCell(e)}`);
    if (h.cleanup.remedy) lines.push('', `**${mdCell(h.cleanup.remedy)}**`);
  }
  const section = (title: string, checks: CheckResult[]) => {
    if (!checks.length) return;
    lines.push('', `## ${title}`, '');
    for (const c of checks as ReportCheck[]) {
      lines.push(
        `### \`${c.id}\` (${c.level}, ${c.status}${c.reconfirmed ? `, ${c.reconfirmed}` : ''})`,
        '',
        `${c.title}. Spec: ${c.spec}. File: \`${c.file}\`${c.source ? ` (\`${c.source}\`)` : ''}.`,
        '',
      );
      if (c.expectation) lines.push(`Expected failure: ${c.expectation}`, '');
      if (c.reconfirmed) lines.push(`Re-confirmed: ${reconfirmedText(c.reconfirmed)}.`, '');
      if (c.message) lines.push(...fence(c.message), '');
      const xs = exchangesOf(c);
      for (const [i, x] of xs.entries()) {
        const status = x.status !== undefined ? ` → ${x.status}` : x.error ? ` → ${x.error}` : '';
        lines.push(`${xs.length > 1 ? `${i + 1}. ` : 'Request: '}\`${x.method} ${x.url}\`${status}`, '');
        if (x.responseExcerpt) lines.push(...fence(x.responseExcerpt.slice(0, 800)), '');
      }
      const curls = xs.map((x) => x.curl).filter((s): s is string => !!s);
      lines.push(
        'Reproduce:',
        ...fence([replayCommand(report, c), ...curlNotes(curls), ...curls].join('\n'), 'sh'),
        '',
      );
    }
  };
  section(
    'Failures (must)',
    report.checks.filter((c) => c.status === 'fail' || c.status === 'blocked'),
  );
  unjudgedSection(lines, report);
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
    for (const c of na) lines.push(`- \`${c.id}\`: ${mdCell(c.message ?? '')}`);
  }
  const model = modelMarkdown(report);
  if (model) lines.push('', model.trimEnd());
  const coverage = coverageMarkdown(report);
  if (coverage) lines.push('', coverage.trimEnd());
  return `${lines.join('\n')}\n`;
}

/**
 * The checks the suite could not judge (`error`): no failures of the server. An interrupted run's
 * checks are listed one per line (those never started counted apart); the others (transient
 * trouble, a budget spent, the suite broke) with their message and replay line.
 */
function unjudgedSection(lines: string[], report: RunReport): void {
  const errors = report.checks.filter((c) => c.status === 'error');
  if (!errors.length) return;
  const notStarted = errors.filter((c) => c.notStarted);
  const cut = errors.filter((c) => c.unjudged === 'interrupted' && !c.notStarted);
  const other = errors.filter((c) => c.unjudged !== 'interrupted');
  lines.push('', `## Unjudged (error): ${errors.length}`, '');
  lines.push(
    'The suite could not judge these checks: they are no failures of the server, and no verdict covers them.',
    '',
  );
  for (const c of other)
    lines.push(
      `- \`${c.id}\` (${c.level}${c.unjudged ? `, ${c.unjudged}` : ''}): ${mdCell((c.message ?? '').split('\n')[0] ?? '')}; replay: \`${replayCommand(report, c)}\``,
    );
  if (cut.length) {
    lines.push('', `Cut short by the interruption (${cut.length}):`, '');
    for (const c of cut) lines.push(`- \`${c.id}\` (${c.level})`);
  }
  if (notStarted.length) {
    lines.push('', `Not started: the run stopped before them (${notStarted.length}):`, '');
    lines.push(notStarted.map((c) => `\`${c.id}\``).join(', '));
  }
}
