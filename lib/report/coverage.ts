/**
 * The coverage map in the reports (issue 32): the section of report.html (the spec's own tables,
 * one coloured cell per element, linking the checks that judged it), the figures of summary.md, the
 * rows of the conformance matrix, and the line the CLI prints. Pure string rendering.
 */
import type { RunReport } from './results.ts';
import { allElements, type Element, GROUPS } from '../coverage/elements.ts';
import type { CoverageEntry, CoverageMap } from '../coverage/map.ts';

function esc(value: unknown): string {
  return String(value ?? '').replace(/[&<>"'`]/g, (c) => `&#${c.charCodeAt(0)};`);
}

const STYLE = `<style>
.cov .cv{min-width:34px;text-align:center;font-size:12px}.cov td.cv a{color:inherit;text-decoration:none;display:block}
.cv-judged-must{background:#2e7d32;color:#fff}.cv-judged-should{background:#9ccc65;color:#1b3a0f}
.cv-exercised{background:#fdd835;color:#333}.cv-not-exercised{background:#e0e0e0;color:#555}.cv-ruled-out{background:repeating-linear-gradient(45deg,#fff,#fff 4px,#f2f2f2 4px,#f2f2f2 8px);color:#999}
.cov .chip{display:inline-block;margin:1px 2px;padding:0 5px;border-radius:3px;font-size:11.5px;white-space:nowrap}.cov .chip a{color:inherit;text-decoration:none}
.cov .legend .chip{font-size:12px;padding:1px 8px}.cov table{margin-bottom:10px}.cov h3{margin-top:14px}
.cov .tables{display:flex;flex-wrap:wrap;gap:4px 22px;align-items:flex-start}.cov .tables>div{max-width:100%;overflow-x:auto}
</style>`;

const LABEL: Record<string, string> = {
  'judged-must': 'judged at must',
  'judged-should': 'judged at should only',
  exercised: 'sent, not judged',
  'not-exercised': 'not sent',
};

/** The class and tooltip of one element's cell. */
function cellOf(e: Element, entry: CoverageEntry | undefined): { cls: string; title: string; body: string } {
  if (!entry) return { cls: 'cv-ruled-out', title: `${e.id}: not part of this run`, body: '' };
  const ruled = entry.reason === 'variant' || entry.reason === 'feature off';
  const cls = ruled ? 'cv-ruled-out' : `cv-${entry.status}`;
  const by = entry.judgedBy ?? [];
  const title = `${e.id}: ${LABEL[entry.status]}${entry.reason ? ` (${entry.reason})` : ''}${by.length ? `; judged by ${by.slice(0, 12).join(', ')}${by.length > 12 ? `, and ${by.length - 12} more` : ''}` : entry.sentBy ? `; sent by ${entry.sentBy} check(s)` : ''}`;
  const mark =
    entry.status === 'judged-must'
      ? 'M'
      : entry.status === 'judged-should'
        ? 'S'
        : entry.status === 'exercised'
          ? 'x'
          : ruled
            ? ''
            : '–';
  const body = by.length
    ? `<a href="#c-${esc(by[0])}">${mark}${by.length > 1 ? `<sub>${by.length}</sub>` : ''}</a>`
    : mark;
  return { cls, title, body };
}

function pct(n: number, of: number): string {
  return of ? `${Math.round((1000 * n) / of) / 10}%` : '—';
}

/** The figures per group, as rows [group, total, judged, at must, sent only, not sent]. */
function groupRows(map: CoverageMap): Array<[string, number, number, number, number, number]> {
  const rows = GROUPS.map((g): [string, number, number, number, number, number] => {
    const f = map.byGroup[g] ?? { total: 0, judged: 0, judgedMust: 0, exercised: 0 };
    return [g, f.total, f.judged, f.judgedMust, f.exercised - f.judged, f.total - f.exercised];
  });
  const sum = (i: 1 | 2 | 3 | 4 | 5) => rows.reduce((n, r) => n + r[i], 0);
  rows.push(['all', sum(1), sum(2), sum(3), sum(4), sum(5)]);
  return rows;
}

/** Counts of the reasons of the variant's elements that no request sent. */
function reasonCounts(map: CoverageMap): Array<[string, number]> {
  const by = new Map<string, number>();
  for (const e of map.elements)
    if (e.status === 'not-exercised' && e.reason !== 'variant' && e.reason !== 'feature off')
      by.set(e.reason!, (by.get(e.reason!) ?? 0) + 1);
  return [...by.entries()].sort((a, b) => b[1] - a[1]);
}

/** One line for the CLI and the headline of the sections. */
export function coverageLine(map: CoverageMap): string {
  return `interface coverage: ${map.judged} of ${map.total} elements of the ${map.variant} variant judged (${map.judgedShare}%), ${map.judgedMust} at must (${map.mustShare}%)${map.selection ? ` — only what --grep ${map.selection.grep} selected` : ''}`;
}

/** The coverage section of report.html. */
export function coverageHtml(report: Pick<RunReport, 'coverage'>): string {
  const map = report.coverage;
  if (!map) return '';
  const entries = new Map(map.elements.map((e) => [e.id, e]));
  const elements = allElements().filter((e) => entries.has(e.id) || !map.selection);
  const out: string[] = [STYLE, '<section class="cov" id="coverage"><h2>Interface coverage</h2>'];
  out.push(
    `<p><strong>${esc(coverageLine(map))}</strong>. Measured from the run's own requests: an element is <em>judged</em> when a check whose verdict is pass, fail or warn asserted on an answer to a request that sent it (its level decides must or should), <em>sent</em> when a request sent it but no such check judged it.</p>`,
  );
  out.push(
    `<p class="legend">${['judged-must', 'judged-should', 'exercised', 'not-exercised'].map((s) => `<span class="chip cv-${s}">${esc(LABEL[s])}</span>`).join(' ')} <span class="chip cv-ruled-out">not in this run's variant or features</span></p>`,
  );
  out.push(
    `<table class="cov-figures"><tr><th>group</th><th>elements</th><th>judged</th><th>at must</th><th>sent only</th><th>not sent</th></tr>${groupRows(
      map,
    )
      .map(
        ([g, total, judged, must, sent, none]) =>
          `<tr><td>${esc(g)}</td><td>${total}</td><td>${judged} <span class="muted">(${pct(judged, total)})</span></td><td>${must} <span class="muted">(${pct(must, total)})</span></td><td>${sent}</td><td>${none}</td></tr>`,
      )
      .join('')}</table>`,
  );
  const reasons = reasonCounts(map);
  if (reasons.length) out.push(`<p>Not sent, by reason: ${reasons.map(([r, n]) => `${esc(r)} ${n}`).join(', ')}.</p>`);
  if (map.mislabelled.length) {
    const bad = map.mislabelled.filter((m) => !m.excused).length;
    out.push(
      `<details${bad ? ' open' : ''}><summary>Declared against measured: ${bad ? `<strong>${bad} requirement(s) a check cites but none of its requests sent</strong>` : 'no mislabelled check'}; ${map.mislabelled.length - bad} justified exception(s)</summary><ul>${map.mislabelled.map((m) => `<li><a href="#c-${esc(m.check)}"><code>${esc(m.check)}</code></a> cites <code>${esc(m.requirement)}</code>${m.excused ? ` <span class="muted">— excused: ${esc(m.excused)}</span>` : ' <strong>— sent by none of its requests</strong>'}</li>`).join('')}</ul></details>`,
    );
  }
  const tables = new Map<string, Element[]>();
  for (const e of elements) tables.set(e.table, [...(tables.get(e.table) ?? []), e]);
  out.push('<div class="tables">');
  for (const [title, els] of tables) {
    const params = els.some((e) => e.kind === 'param' || e.kind === 'value');
    const cols = params ? ['sent', 'value classes'] : [...new Set(els.map((e) => e.col))];
    const rows = [...new Set(els.map((e) => e.row))];
    out.push(`<div><h3>${esc(title)}</h3><table><tr><th></th>${cols.map((c) => `<th>${esc(c)}</th>`).join('')}</tr>`);
    for (const row of rows) {
      const inRow = els.filter((e) => e.row === row);
      const cells = params
        ? [inRow.filter((e) => e.kind === 'param'), inRow.filter((e) => e.kind === 'value')].map((list, i) =>
            i === 0
              ? list
                  .map((e) => {
                    const c = cellOf(e, entries.get(e.id));
                    return `<td class="cv ${c.cls}" title="${esc(c.title)}">${c.body}</td>`;
                  })
                  .join('') || '<td></td>'
              : `<td style="text-align:left">${list
                  .map((e) => {
                    const c = cellOf(e, entries.get(e.id));
                    const by = entries.get(e.id)?.judgedBy;
                    return `<span class="chip ${c.cls}" title="${esc(c.title)}">${by?.length ? `<a href="#c-${esc(by[0])}">${esc(e.col)}</a>` : esc(e.col)}</span>`;
                  })
                  .join('')}</td>`,
          )
        : cols.map((col) => {
            const e = inRow.find((x) => x.col === col);
            if (!e) return '<td></td>';
            const c = cellOf(e, entries.get(e.id));
            return `<td class="cv ${c.cls}" title="${esc(c.title)}">${c.body}</td>`;
          });
      out.push(`<tr><td><code>${esc(row)}</code></td>${cells.join('')}</tr>`);
    }
    out.push('</table></div>');
  }
  out.push('</div></section>');
  return out.join('\n');
}

/** The coverage figures of summary.md. */
export function coverageMarkdown(report: Pick<RunReport, 'coverage'>): string {
  const map = report.coverage;
  if (!map) return '';
  const lines = ['## Interface coverage', '', `${coverageLine(map)}.`, ''];
  lines.push(
    '| group | elements | judged | at must | sent only | not sent |',
    '| --- | ---: | ---: | ---: | ---: | ---: |',
  );
  for (const [g, total, judged, must, sent, none] of groupRows(map))
    lines.push(
      `| ${g} | ${total} | ${judged} (${pct(judged, total)}) | ${must} (${pct(must, total)}) | ${sent} | ${none} |`,
    );
  const reasons = reasonCounts(map);
  if (reasons.length) lines.push('', `Not sent, by reason: ${reasons.map(([r, n]) => `${r} ${n}`).join(', ')}.`);
  const bad = map.mislabelled.filter((m) => !m.excused);
  if (bad.length)
    lines.push(
      '',
      `Declared against measured: ${bad.length} requirement(s) a check cites but none of its requests sent: ${bad
        .slice(0, 20)
        .map((m) => `\`${m.check}\` (${m.requirement})`)
        .join(', ')}${bad.length > 20 ? ', ...' : ''}.`,
    );
  return `${lines.join('\n')}\n`;
}

/** The conformance matrix's rows per element (one column per run), elements whose status differs first. */
export function coverageMatrixHtml(runs: ReadonlyArray<{ label: string; report: RunReport }>): string {
  if (!runs.some((r) => r.report.coverage)) return '';
  const index = runs.map((r) => new Map((r.report.coverage?.elements ?? []).map((e) => [e.id, e])));
  const status = (i: number, id: string) => {
    const e = index[i]!.get(id);
    if (!e) return 'absent';
    return e.reason === 'variant' || e.reason === 'feature off' ? 'ruled-out' : e.status;
  };
  // The elements some run's variant and features hold: one ruled out in every run (the premium
  // filters of runs without --features premium) is no row (issue 39 point 10: 615 rows for 607).
  const elements = allElements().filter((e) =>
    runs.some((_r, i) => index[i]!.has(e.id) && status(i, e.id) !== 'ruled-out'),
  );
  const differs = (id: string) => new Set(runs.map((_, i) => status(i, id))).size > 1;
  const ordered = [...elements.filter((e) => differs(e.id)), ...elements.filter((e) => !differs(e.id))];
  const out = [STYLE, '<section class="cov" id="coverage-matrix"><h2>Interface coverage by element</h2>'];
  out.push(
    `<table class="cov-figures"><tr><th>run</th><th>judged</th><th>at must</th></tr>${runs
      .map((r, i) => {
        const m = r.report.coverage;
        return `<tr><td>#${i + 1} ${esc(r.label)}</td><td>${m ? `${m.judged}/${m.total} (${m.judgedShare}%)` : '—'}</td><td>${m ? `${m.judgedMust} (${m.mustShare}%)` : '—'}</td></tr>`;
      })
      .join('')}</table>`,
  );
  out.push(
    `<details open><summary>${elements.filter((e) => differs(e.id)).length} of ${elements.length} elements differ between the runs (shown first)</summary><div class="scroll"><table><tr><th>element</th>${runs.map((r, i) => `<th title="${esc(r.label)}">#${i + 1}</th>`).join('')}</tr>`,
  );
  for (const e of ordered)
    out.push(
      `<tr${differs(e.id) ? ' class="differs"' : ''}><td><code>${esc(e.id)}</code></td>${runs
        .map((_, i) => {
          const s = status(i, e.id);
          const entry = index[i]!.get(e.id);
          const cls = s === 'absent' ? 'cv-ruled-out' : `cv-${s}`;
          const t = entry ? `${LABEL[entry.status]}${entry.reason ? ` (${entry.reason})` : ''}` : 'not in this run';
          return `<td class="cv ${cls}" title="${esc(t)}">${s === 'judged-must' ? 'M' : s === 'judged-should' ? 'S' : s === 'exercised' ? 'x' : ''}</td>`;
        })
        .join('')}</tr>`,
    );
  out.push('</table></div></details></section>');
  return out.join('\n');
}
