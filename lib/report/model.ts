/**
 * The report section "where this server differs from the original" (issue 37): the model
 * comparison of a run (results.json `model`), grouped by field across the run, with the first
 * differences both answers side by side, for summary.md and report.html; and the side-by-side
 * view of one model check's differences. Pure.
 */
import type { ModelFinding, ModelReport } from '../spec/model/summary.ts';
import { OUT_OF_SCOPE } from '../spec/model/pairs.ts';
import { mdCell } from './common.ts';
import { esc } from './html-parts.ts';
import type { CheckResult, RunReport } from './results.ts';

const TITLE = 'Where this server differs from the original';
/** Differences listed one by one under the fields. */
const LISTED = 12;

function value(v: unknown): string {
  if (v === undefined) return '(none)';
  const s = JSON.stringify(v);
  return s.length > 120 ? `${s.slice(0, 117)}...` : s;
}

/** The opening sentence: what was compared, with what, and what came of it. */
export function modelIntro(m: ModelReport): string {
  const differing = m.compared - m.identical - m.specReading;
  const reasons = Object.entries(m.outOfScope.reasons)
    .sort((a, b) => b[1] - a[1])
    .map(([r, n]) => `${n} ${r}`)
    .join(', ');
  return `The model (the reference server with every quirk of the original, ${m.variant} variant, site zone ${m.zone}) answered the requests each check sent for its own records: ${m.compared} answers compared, ${m.identical} identical after normalisation${m.specReading ? `, ${m.specReading} differing only where the original deviates from the spec and this server answers the spec's reading` : ''}, ${differing} differing; ${m.outOfScope.count} out of scope${reasons ? ` (${reasons})` : ''}.`;
}

export function modelMarkdown(report: RunReport): string {
  const m = report.model;
  if (!m) return '';
  const lines = [`## ${TITLE}`, '', modelIntro(m), ''];
  if (m.byField.length) {
    lines.push('| field | answers | level | model checks |', '|---|---|---|---|');
    for (const f of m.byField)
      lines.push(
        `| \`${mdCell(f.field)}\` | ${f.answers} | ${f.level} | ${f.modelChecks.map((c) => `\`${c}\``).join(', ')} |`,
      );
    lines.push('', 'First differences (this server, then the model of the original):', '');
    for (const d of m.differences.slice(0, LISTED))
      lines.push(
        `- \`${mdCell(`${d.method} ${d.path}`)}\` (check \`${d.check}\`): \`${mdCell(d.at)}\` ${mdCell(value(d.target))} against ${mdCell(value(d.model))} (${d.level})`,
      );
  } else lines.push('No answer of this server differs from the model of the original.');
  if (m.unknownFields.length)
    lines.push(
      '',
      `Fields the model does not know (reported, never failed): ${m.unknownFields
        .map((f) => `\`${mdCell(f.field)}\` (${f.answers})`)
        .join(', ')}.`,
    );
  lines.push('', `Out of scope, by reason: ${scopeReasons(m)}.`);
  return `${lines.join('\n')}\n`;
}

function scopeReasons(m: ModelReport): string {
  const rows = Object.entries(m.outOfScope.reasons).sort((a, b) => b[1] - a[1]);
  if (!rows.length) return 'none';
  return rows.map(([r, n]) => `${r} ${n} (${OUT_OF_SCOPE[r as keyof typeof OUT_OF_SCOPE] ?? r})`).join('; ');
}

export function modelHtml(report: RunReport): string {
  const m = report.model;
  if (!m) return '';
  const out = [`<section class="model"><h2>${esc(TITLE)}</h2><p>${esc(modelIntro(m))}</p>`];
  if (m.byField.length) {
    out.push(
      `<div class="scroll"><table><thead><tr><th>field</th><th>answers</th><th>level</th><th>model checks</th></tr></thead><tbody>${m.byField
        .map(
          (f) =>
            `<tr><td class="mono">${esc(f.field)}</td><td>${esc(f.answers)}</td><td>${esc(f.level)}</td><td>${f.modelChecks
              .map((c) => `<a class="mono" href="#c-${esc(c)}">${esc(c)}</a>`)
              .join(' ')}</td></tr>`,
        )
        .join('')}</tbody></table></div>`,
    );
    out.push(
      `<h3>First differences</h3><div class="scroll"><table><thead><tr><th>request</th><th>field</th><th>this server</th><th>model of the original</th><th>level</th><th>check</th></tr></thead><tbody>${m.differences
        .slice(0, LISTED)
        .map(
          (d) =>
            `<tr><td class="mono">${esc(`${d.method} ${d.path}`)}</td><td class="mono">${esc(d.at)}</td><td class="mono">${esc(value(d.target))}</td><td class="mono">${esc(value(d.model))}</td><td>${esc(d.level)}</td><td><a class="mono" href="#c-${esc(d.check)}">${esc(d.check)}</a></td></tr>`,
        )
        .join('')}</tbody></table></div>`,
    );
  } else out.push('<p>No answer of this server differs from the model of the original.</p>');
  if (m.unknownFields.length)
    out.push(
      `<p>Fields the model does not know (reported, never failed): ${m.unknownFields
        .map((f) => `<code>${esc(f.field)}</code> (${esc(f.answers)})`)
        .join(', ')}.</p>`,
    );
  out.push(`<p class="muted">Out of scope, by reason: ${esc(scopeReasons(m))}.</p></section>`);
  return out.join('\n');
}

/** One model check's differences, both answers side by side, or a sending check's findings (HTML). */
export function findingsHtml(c: CheckResult): string {
  const rows: ModelFinding[] = c.model?.differences ?? c.modelFindings ?? [];
  if (!rows.length) return '';
  const title = c.model
    ? `Differences from the model (${c.model.differing} of ${c.model.compared} answers)`
    : `Differences from the model in this check's answers (${c.modelDifferences ?? rows.length})`;
  return `<h4>${esc(title)}</h4>${rows
    .map(
      (f) =>
        `<div class="exchange"><div class="mono">${esc(`${f.method} ${f.path}`)}: ${esc(f.at)} (${esc(f.kind)}, ${esc(f.level)}${f.row ? `: ${esc(f.row)}` : ''})${f.check ? ` <span class="muted">sent by ${esc(f.check)}</span>` : ''}</div><table><tr><th>this server</th><th>model of the original</th></tr><tr><td><pre>${esc(f.targetExcerpt ?? value(f.target))}</pre></td><td><pre>${esc(f.modelExcerpt ?? value(f.model))}</pre></td></tr></table>${f.curl ? `<pre class="mono">${esc(f.curl)}</pre>` : ''}</div>`,
    )
    .join('')}`;
}
