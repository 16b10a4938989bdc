/** The result of a differential run for the terminal: a Markdown table, then a curl line for each side. */
import { mdCell } from '../../report/common.ts';
import type { DiffOptions, DiffResult } from './model.ts';

/** The differences as a terminal/Markdown table, then a curl line for each side. */
export function renderDiff(r: DiffResult, opts: Pick<DiffOptions, 'base' | 'candidate' | 'seed' | 'numRuns'>): string {
  const lines: string[] = [];
  lines.push(`base:      ${opts.base.baseUrl}/${opts.base.namespace}`);
  lines.push(`candidate: ${opts.candidate.baseUrl}/${opts.candidate.namespace}`);
  lines.push(
    `${r.requests} requests (seed ${opts.seed}, --num-runs ${opts.numRuns}${r.writes ? ', with writes' : ', read-only'}): ${r.same} same, ${r.differences.length} different`,
  );
  if (r.differences.length) {
    lines.push('', '| # | request | base | candidate | difference |', '|---|---|---|---|---|');
    for (const d of r.differences)
      lines.push(
        `| ${d.index} | ${mdCell(`${d.label}: ${d.request}`)} | ${d.base.status ?? 'no answer'} | ${d.candidate.status ?? 'no answer'} | ${mdCell(d.details.join('; '))} |`,
      );
    lines.push('', 'Reproduce (passwords come from $CAL_PASSWORD and $CAL_CANDIDATE_PASSWORD):');
    for (const d of r.differences) {
      lines.push('', `#${d.index} ${d.label}: ${d.request}`);
      lines.push(`  base:      ${d.base.curl || d.base.error || ''}`);
      lines.push(`  candidate: ${d.candidate.curl || d.candidate.error || ''}`);
    }
  }
  for (const e of r.cleanupErrors) lines.push(`cleanup: ${e}`);
  return lines.join('\n');
}
