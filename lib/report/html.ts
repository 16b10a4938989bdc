/**
 * The HTML reports: one self-contained page per run (`report.html`, rendered from results.json)
 * and a matrix of several runs side by side, check by check (`calcert report A.json B.json --html`).
 * No network and no external assets: inline CSS, a small inline script (allowed by its hash in the
 * page's Content-Security-Policy, so no injected script could run), and every string from the run
 * (a hostile server's body included) HTML-escaped.
 */
import { coverageHtml, coverageLine, coverageMatrixHtml } from './coverage.ts';
import { findingsHtml, modelHtml } from './model.ts';
import { createHash } from 'node:crypto';
import type { CheckResult, RunReport } from './results.ts';
import type { Status } from '../types.ts';
import { groupOf, STATUSES } from './results.ts';
import { badge, esc, reconfirmedTag, whatFailed } from './html-parts.ts';
import {
  byGroup,
  compareGroups,
  curlNotes,
  exchangesOf,
  firstLine,
  PROBLEM_STATUSES,
  type ReportCheck,
  type ReportExchange,
  reconfirmedText,
  replayCommand,
  STATUS_ORDER,
} from './common.ts';

const CSS = `
:root{--fail:#c62828;--error:#6a1b9a;--blocked:#e65100;--stale:#ad1457;--warn:#f9a825;--xfail:#5d4037;--na:#78909c;--pass:#2e7d32;--bg:#fafafa;--line:#ddd}
*{box-sizing:border-box}body{font:14px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;margin:0;background:var(--bg);color:#212121}
header{padding:16px 24px;background:#fff;border-bottom:1px solid var(--line)}main{padding:12px 24px 48px}
h1{margin:0 0 6px;font-size:22px}h2{font-size:17px;margin:22px 0 8px}h3{font-size:15px;margin:16px 0 6px;color:#37474f}
code,pre,.mono{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;font-size:12.5px}
pre{background:#f3f3f3;border:1px solid var(--line);padding:8px;white-space:pre-wrap;word-break:break-all;margin:4px 0;max-height:420px;overflow:auto}
.verdict{display:inline-block;padding:3px 10px;border-radius:4px;color:#fff;font-weight:600;letter-spacing:.02em}
.v-certified,.v-certified-read-only{background:var(--pass)}.v-partial,.v-inconclusive{background:var(--warn)}.v-not-certified{background:var(--fail)}
.meta{display:grid;grid-template-columns:max-content 1fr;gap:2px 14px;margin-top:8px}.meta dt{color:#607d8b}.meta dd{margin:0}
table{border-collapse:collapse;background:#fff}td,th{border:1px solid var(--line);padding:3px 8px;text-align:right}th{background:#f0f0f0}td:first-child,th:first-child{text-align:left}
.s{display:inline-block;min-width:58px;text-align:center;padding:1px 6px;border-radius:3px;color:#fff;font-size:12px;font-weight:600}
.s-fail{background:var(--fail)}.s-error{background:var(--error)}.s-blocked{background:var(--blocked)}.s-stale-expectation{background:var(--stale)}
.s-warn{background:var(--warn);color:#222}.s-expected-fail{background:var(--xfail)}.s-n\\/a{background:var(--na)}.s-pass{background:var(--pass)}.s-absent{background:#eee;color:#777}
.filters{position:sticky;top:0;z-index:2;background:#fff;border:1px solid var(--line);padding:8px 10px;margin:12px 0;display:flex;flex-wrap:wrap;gap:6px 16px;align-items:center}
.filters label{white-space:nowrap}.filters input[type=search]{width:240px}
details.check{background:#fff;border:1px solid var(--line);border-left:4px solid var(--na);margin:4px 0;padding:4px 10px}
details.check[data-status=fail]{border-left-color:var(--fail)}details.check[data-status=error]{border-left-color:var(--error)}details.check[data-status=blocked]{border-left-color:var(--blocked)}
details.check[data-status=stale-expectation]{border-left-color:var(--stale)}details.check[data-status=warn]{border-left-color:var(--warn)}details.check[data-status=pass]{border-left-color:var(--pass)}
details.check[data-status=expected-fail]{border-left-color:var(--xfail)}
summary{cursor:pointer}summary .id{font-weight:600}summary .title{color:#455a64}
.kv{display:grid;grid-template-columns:max-content 1fr;gap:2px 12px;margin:6px 0}.kv dt{color:#607d8b}.kv dd{margin:0}
.ex{border:1px solid var(--line);border-radius:4px;margin:6px 0;padding:6px 8px;background:#fcfcfc}.ex .line{font-weight:600}
.copy{float:right;font-size:12px;margin-left:6px}.hidden{display:none!important}.muted{color:#78909c}
.matrix td{text-align:center}.matrix td:first-child{text-align:left;white-space:nowrap}.matrix tr.differs td:first-child{background:#fff8e1}
.matrix th{position:sticky;top:52px;z-index:1}
.runs{display:flex;flex-wrap:wrap;gap:10px;margin-top:10px}.run{flex:1 1 300px;max-width:460px;min-width:0;background:#fcfcfc;border:1px solid var(--line);border-radius:4px;padding:8px 10px}
.run .kv dd{overflow-wrap:anywhere}.run-head{margin-bottom:4px}.label{overflow-wrap:anywhere}
.scroll{max-width:100%;overflow-x:auto}.counts .s{min-width:0}
.why{list-style:none;padding:0;margin:0}.why li{padding:3px 0;border-bottom:1px solid var(--line);overflow-wrap:anywhere}.why .id{font-weight:600}.counts-matrix td{text-align:left;white-space:nowrap}.counts-matrix tr.total td{font-weight:600}
@media (max-width:900px){.matrix td:first-child{white-space:normal;overflow-wrap:anywhere}main,header{padding-left:10px;padding-right:10px}}
.rc{display:inline-block;padding:0 5px;border-radius:3px;font-size:11.5px;border:1px solid}.rc-reproduced{border-color:var(--fail);color:var(--fail)}.rc-intermittent{border-color:var(--blocked);color:var(--blocked);border-style:dashed}
.matrix th,.counts-matrix th{text-align:center;vertical-align:bottom}.matrix th:first-child,.counts-matrix th:first-child{text-align:left}
.matrix th .label,.counts-matrix th .label{display:inline-block;max-width:16em;white-space:normal;font-weight:400;font-size:12px}
`;

const SCRIPT = `
(function(){
  function q(s,r){return Array.prototype.slice.call((r||document).querySelectorAll(s));}
  function apply(){
    var st={};q('input[data-f=status]').forEach(function(i){st[i.value]=i.checked;});
    var lv=document.getElementById('f-level'),gr=document.getElementById('f-group'),tx=document.getElementById('f-text'),df=document.getElementById('f-differs');
    var l=lv?lv.value:'',g=gr?gr.value:'',t=tx?tx.value.toLowerCase():'',d=df?df.checked:false;
    q('[data-id]').forEach(function(e){
      var ss=(e.getAttribute('data-statuses')||e.getAttribute('data-status')||'').split(' ');
      var ok=ss.some(function(s){return st[s]!==false;});
      if(l&&e.getAttribute('data-level')!==l)ok=false;
      if(g&&e.getAttribute('data-group')!==g)ok=false;
      if(t&&(e.getAttribute('data-id')+' '+(e.getAttribute('data-title')||'')).toLowerCase().indexOf(t)<0)ok=false;
      if(d&&e.getAttribute('data-differs')!=='1')ok=false;
      e.classList.toggle('hidden',!ok);
    });
    q('section[data-section]').forEach(function(s){s.classList.toggle('hidden',q('[data-id]:not(.hidden)',s).length===0);});
  }
  q('.filters input,.filters select').forEach(function(i){i.addEventListener('input',apply);i.addEventListener('change',apply);});
  q('button.copy').forEach(function(b){b.addEventListener('click',function(ev){
    ev.preventDefault();var p=document.getElementById(b.getAttribute('data-target'));if(!p)return;var text=p.textContent;
    function done(){b.textContent='copied';setTimeout(function(){b.textContent='copy';},1200);}
    function fallback(){var r=document.createRange();r.selectNodeContents(p);var s=window.getSelection();s.removeAllRanges();s.addRange(r);try{document.execCommand('copy');done();}catch(e){}}
    if(navigator.clipboard&&navigator.clipboard.writeText)navigator.clipboard.writeText(text).then(done,fallback);else fallback();
  });});
  q('button[data-expand]').forEach(function(b){b.addEventListener('click',function(){var open=b.getAttribute('data-expand')==='1';q('details.check').forEach(function(d){if(!d.classList.contains('hidden'))d.open=open;});});});
  apply();
})();
`;

/** A self-contained page: the shared CSS (and `css`), `body`, and `script` allowed by its hash alone. */
export function page(title: string, body: string, script = SCRIPT, css = ''): string {
  const hash = createHash('sha256').update(script).digest('base64');
  const csp = `default-src 'none'; style-src 'unsafe-inline'; script-src 'sha256-${hash}'; img-src data:; form-action 'none'; base-uri 'none'`;
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${esc(csp)}">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>${esc(title)}</title>
<style>${CSS}${css}</style>
</head>
<body>
${body}
<script>${script}</script>
</body>
</html>
`;
}

function statusFilters(present: Iterable<string>, extra = ''): string {
  const set = new Set(present);
  const boxes = STATUS_ORDER.filter((s) => set.has(s))
    .map((s) => `<label><input type="checkbox" data-f="status" value="${esc(s)}" checked> ${badge(s)}</label>`)
    .join(' ');
  return `${boxes}${extra}`;
}

function selectFilter(id: string, label: string, values: string[]): string {
  const options = values.map((v) => `<option value="${esc(v)}">${esc(v)}</option>`).join('');
  return `<label>${esc(label)} <select id="${esc(id)}"><option value="">all</option>${options}</select></label>`;
}

let preCounter = 0;

/** A <pre> with a copy button. */
function copyable(text: string, label: string): string {
  const id = `c${++preCounter}`;
  return `<div><button class="copy" type="button" data-target="${id}">copy</button><span class="muted">${esc(label)}</span><pre id="${id}">${esc(text)}</pre></div>`;
}

function headerLines(headers: Record<string, string> | undefined): string {
  if (!headers) return '';
  return Object.entries(headers)
    .map(([k, v]) => `${k}: ${v}`)
    .join('\n');
}

function renderExchange(x: ReportExchange, n: number, total: number): string {
  const facts = [
    x.status !== undefined ? `→ ${x.status}` : x.error ? '→ no answer' : '',
    x.ms !== undefined ? `${x.ms} ms` : '',
    x.retries ? `${x.retries} retr${x.retries === 1 ? 'y' : 'ies'}` : '',
  ]
    .filter(Boolean)
    .join(', ');
  const parts = [
    `<div class="line mono">${total > 1 ? `#${n} ` : ''}${esc(x.method)} ${esc(x.url)} <span class="muted">${esc(facts)}</span></div>`,
  ];
  if (x.error) parts.push(`<div>error: <code>${esc(x.error)}</code></div>`);
  const req = [headerLines(x.requestHeaders), x.requestBody ? `\n${x.requestBody}` : ''].join('').trim();
  if (req) parts.push(`<div class="muted">request</div><pre>${esc(req)}</pre>`);
  const res = [
    x.status !== undefined ? `HTTP ${x.status}` : '',
    headerLines(x.responseHeaders),
    x.responseExcerpt ? `\n${x.responseExcerpt}` : '',
  ]
    .filter(Boolean)
    .join('\n')
    .trim();
  if (res)
    parts.push(`<div class="muted">response${x.responseExcerpt ? ' (excerpt)' : ''}</div><pre>${esc(res)}</pre>`);
  return `<div class="ex">${parts.join('')}</div>`;
}

function renderCheck(report: RunReport, c: ReportCheck, open: boolean): string {
  const g = groupOf(c.id);
  const facts: [string, string][] = [
    ['level', esc(c.level)],
    ['spec', esc(c.spec)],
    ['file', `<code>${esc(c.file)}</code>`],
  ];
  if (c.source) facts.push(['source', `<code>${esc(c.source)}</code>`]);
  if (c.requirements?.length)
    facts.push(['requirements', c.requirements.map((r) => `<code>${esc(r)}</code>`).join(', ')]);
  if (c.tags?.length) facts.push(['tags', esc(c.tags.join(', '))]);
  facts.push([
    'duration',
    `${esc(c.duration)} ms${c.requests !== undefined ? `, ${esc(c.requests)} request${c.requests === 1 ? '' : 's'}` : ''}`,
  ]);
  if (c.retries) facts.push(['retries', esc(c.retries)]);
  if (c.seed !== undefined) facts.push(['seed', esc(c.seed)]);
  if (c.expectation) facts.push(['expected failure', esc(c.expectation)]);
  if (c.reconfirmed)
    facts.push(['re-confirmed', `${reconfirmedTag(c)} ${esc(reconfirmedText(c.reconfirmed).replace(/^\w+: /, ''))}`]);
  // What went wrong first, then where the check lives.
  const body: string[] = [];
  if (c.message)
    body.push(
      `<div class="muted">${c.status === 'n/a' ? 'reason' : 'message'}</div><pre class="msg">${esc(c.message)}</pre>`,
    );
  body.push(`<dl class="kv">${facts.map(([k, v]) => `<dt>${esc(k)}</dt><dd>${v}</dd>`).join('')}</dl>`);
  body.push(findingsHtml(c));
  if (c.cleanupErrors?.length)
    body.push(`<div class="muted">cleanup problems</div><pre>${esc(c.cleanupErrors.join('\n'))}</pre>`);
  const xs = c.status === 'pass' || c.status === 'n/a' ? [] : exchangesOf(c);
  if (xs.length) {
    body.push(`<h4>Exchanges (${xs.length})</h4>`);
    for (const [i, x] of xs.entries()) body.push(renderExchange(x, i + 1, xs.length));
  }
  if (c.status !== 'pass' && c.status !== 'n/a') {
    const curls = xs.map((x) => x.curl).filter((s): s is string => !!s);
    body.push(copyable(replayCommand(report, c), 'replay this check'));
    if (curls.length)
      body.push(copyable([...curlNotes(curls), ...curls].join('\n'), 'the requests as they were sent (curl)'));
  }
  const summaryText =
    c.status === 'n/a' && c.message ? ` <span class="muted">— ${esc(firstLine(c.message))}</span>` : '';
  return `<details class="check" id="c-${esc(c.id)}" data-id="${esc(c.id)}" data-title="${esc(c.title)}" data-status="${esc(c.status)}" data-level="${esc(c.level)}" data-group="${esc(g)}"${open ? ' open' : ''}>
<summary>${badge(c.status)}${reconfirmedTag(c)} <span class="id mono">${esc(c.id)}</span> <span class="muted">(${esc(c.level)})</span> <span class="title">${esc(c.title)}</span>${summaryText}</summary>
${body.join('\n')}
</details>`;
}

function countsTable(rows: [string, Record<string, number> | undefined][]): string {
  const head = `<tr><th></th>${STATUSES.map((s) => `<th>${badge(s)}</th>`).join('')}<th>total</th></tr>`;
  const body = rows
    .map(([name, c]) => {
      const total = STATUSES.reduce((n, s) => n + (c?.[s] ?? 0), 0);
      return `<tr><td>${esc(name)}</td>${STATUSES.map((s) => `<td>${c?.[s] ? esc(c[s]) : '<span class="muted">0</span>'}</td>`).join('')}<td>${total}</td></tr>`;
    })
    .join('');
  return `<table class="counts">${head}${body}</table>`;
}

/** The page of one run. */
export function renderHtml(report: RunReport): string {
  preCounter = 0;
  const h = report.header;
  const f = report.footer;
  const checks = report.checks as ReportCheck[];
  const target = h.embedded ? `embedded reference server (${h.target})` : h.target;
  const meta: [string, string][] = [
    ['target', `<code>${esc(target)}</code> namespace <code>${esc(h.namespace)}</code>`],
    [
      'variant',
      `${esc(h.variant.resolved)} <span class="muted">(declared ${esc(h.variant.declared)}, detected ${esc(h.variant.detected ?? 'n/a')})</span>${h.variant.mismatch ? ' <strong>mismatch</strong>' : ''}`,
    ],
    ['features', esc(h.features.join(', ') || 'none') + (h.readOnly ? '; <strong>read-only run</strong>' : '')],
    ['seed, run tag', `<code>${esc(h.seed)}</code>, <code>${esc(h.runTag)}</code>`],
    [
      'run',
      `${esc(h.startedAt)}, ${esc((h.duration / 1000).toFixed(1))} s, ${esc(h.requests)} requests, ${esc(h.tool)} ${esc(h.version)}`,
    ],
  ];
  if (h.cleanup)
    meta.push([
      'cleanup',
      `tagged records before ${esc(h.cleanup.before)}, after ${esc(h.cleanup.after)}, deleted ${esc(h.cleanup.deleted)}${h.cleanup.errors.length ? `, ${esc(h.cleanup.errors.length)} problems` : ''}`,
    ]);
  if (f.interrupted) meta.push(['interrupted', `<strong>${esc(f.interrupted)}</strong>`]);
  if (f.reconfirmation?.failed)
    meta.push([
      're-confirmed',
      `${esc(f.reconfirmation.failed)} failed must-check(s) run once more on fresh records with the same seed: ${esc(f.reconfirmation.reproduced)} reproduced, ${f.reconfirmation.intermittent ? `<strong>${esc(f.reconfirmation.intermittent)} intermittent</strong>` : '0 intermittent'} (still failures)${f.reconfirmation.unsettled?.length ? `; not re-confirmed: ${esc(f.reconfirmation.unsettled.join('; '))}` : ''}`,
    ]);
  if (f.selection)
    meta.push([
      'partial run',
      `<strong>only the checks matching <code>--grep ${esc(f.selection.grep)}</code> ran; the verdict covers these checks, not the interface</strong>`,
    ]);
  const out: string[] = [];
  out.push(`<header><h1><span class="verdict v-${esc(f.verdict)}">${esc(f.verdict.toUpperCase())}</span> calcert report</h1>
<dl class="meta">${meta.map(([k, v]) => `<dt>${esc(k)}</dt><dd>${v}</dd>`).join('')}</dl></header><main>`);
  if (f.errors.length) out.push(`<h2>Run errors</h2><pre>${esc(f.errors.join('\n'))}</pre>`);
  if (h.cleanup?.errors.length)
    out.push(
      `<h2>Cleanup problems</h2>${h.cleanup.remedy ? `<p><strong>${esc(h.cleanup.remedy)}</strong></p>` : ''}<pre>${esc(h.cleanup.errors.join('\n'))}</pre>`,
    );
  out.push(whatFailed(checks));
  out.push('<h2>Counts</h2>');
  out.push(
    `<div class="scroll">${countsTable([
      ['must', f.counts.byLevel.must],
      ['should', f.counts.byLevel.should],
      ['all', f.counts.byStatus],
    ])}</div>`,
  );
  const groups = Object.keys(f.counts.byGroup).sort(compareGroups);
  out.push(
    '<h3>By route group</h3>',
    `<div class="scroll">${countsTable(groups.map((g) => [g, f.counts.byGroup[g]]))}</div>`,
  );
  out.push(modelHtml(report));
  // The coverage map is thousands of pixels tall: its figures here, the map after the checks.
  if (report.coverage)
    out.push(`<p class="cov-line"><a href="#coverage">${esc(coverageLine(report.coverage))}</a></p>`);
  out.push(`<div class="filters">${statusFilters(checks.map((c) => c.status))}
${selectFilter('f-level', 'level', ['must', 'should'])} ${selectFilter('f-group', 'group', groups)}
<label>find <input type="search" id="f-text" placeholder="check ID or title"></label>
<button type="button" data-expand="1">expand all</button><button type="button" data-expand="0">collapse all</button></div>`);
  const sections: [string, Status[], boolean][] = [
    ['Failures', PROBLEM_STATUSES.filter((st) => st !== 'error'), true],
    ['Warnings (should)', ['warn'], false],
    // Not failures of the server: checks the suite could not judge (an interruption, transient trouble).
    ['Unjudged (error)', ['error'], false],
    ['Expected failures', ['expected-fail'], false],
    ['Not applicable', ['n/a'], false],
    ['Passed', ['pass'], false],
  ];
  for (const [title, statuses, open] of sections) {
    const list = checks
      .filter((c) => statuses.includes(c.status))
      .sort((a, b) => STATUS_ORDER.indexOf(a.status) - STATUS_ORDER.indexOf(b.status) || a.id.localeCompare(b.id));
    if (!list.length) continue;
    out.push(`<section data-section="${esc(title)}"><h2>${esc(title)} (${list.length})</h2>`);
    const notStarted = list.filter((c) => c.notStarted).length;
    if (notStarted)
      out.push(
        `<p class="muted">${esc(notStarted)} of them never started: the run stopped before their suite files</p>`,
      );
    for (const [g, inGroup] of byGroup(list)) {
      out.push(`<h3>${esc(g)} (${inGroup.length})</h3>`);
      for (const c of inGroup) out.push(renderCheck(report, c, open && inGroup.length <= 20));
    }
    out.push('</section>');
  }
  out.push(coverageHtml(report));
  out.push('</main>');
  return page(`calcert: ${f.verdict} — ${h.embedded ? 'embedded reference server' : h.target}`, out.join('\n'));
}

export interface MatrixRun {
  /** Column heading (a file name, an implementation or version name). */
  label: string;
  report: RunReport;
  /** Link to the run's own report page, relative to the matrix page, when it exists. */
  href?: string;
}

/** One cell of the counts table: pass of the judged checks, and what else came (title: every status). */
function countsCell(checks: CheckResult[]): string {
  if (!checks.length) return `<td title="no such check in this run">${badge('absent', '—')}</td>`;
  const by = new Map<Status, number>();
  for (const c of checks) by.set(c.status, (by.get(c.status) ?? 0) + 1);
  const judged = checks.length - (by.get('n/a') ?? 0);
  const title = STATUS_ORDER.filter((st) => by.get(st))
    .map((st) => `${by.get(st)} ${st}`)
    .join(', ');
  const problems = STATUS_ORDER.filter((st) => st !== 'pass' && st !== 'n/a' && by.get(st))
    .map((st) => badge(st, `${by.get(st)} ${st}`))
    .join(' ');
  return `<td title="${esc(title)}"><span class="mono">${esc(by.get('pass') ?? 0)}/${esc(judged)}</span>${problems ? ` ${problems}` : ''}</td>`;
}

/**
 * A conformance matrix of several runs (implementations or versions): one column per run, a card
 * per run linking to its own report, pass counts per route group and level, then the checks,
 * those whose status differs between the runs first (and only they are shown until the filter is
 * cleared, when any differ).
 */
export function renderMatrix(runs: MatrixRun[]): string {
  preCounter = 0;
  const ids = new Map<string, CheckResult>();
  for (const r of runs) for (const c of r.report.checks) if (!ids.has(c.id)) ids.set(c.id, c);
  const index = runs.map((r) => new Map(r.report.checks.map((c) => [c.id, c])));
  const statusesOf = (id: string) => index.map((m) => m.get(id)?.status ?? 'absent');
  const differs = (id: string) => new Set(statusesOf(id)).size > 1;
  const rows = [...ids.values()].sort(
    (a, b) => compareGroups(groupOf(a.id), groupOf(b.id)) || a.id.localeCompare(b.id),
  );
  // The differing checks, the most serious status of a row first (a failure before a warning),
  // then by group and ID.
  const rank = (id: string) =>
    Math.min(...statusesOf(id).map((st) => (st === 'absent' ? STATUS_ORDER.length : STATUS_ORDER.indexOf(st))));
  const differing = rows.filter((c) => differs(c.id)).sort((a, b) => rank(a.id) - rank(b.id));
  const out: string[] = [];
  const cards = runs.map((r, i) => {
    const h = r.report.header;
    const meta: [string, string][] = [
      ['target', `<code>${esc(h.embedded ? 'embedded reference server' : h.target)}</code>`],
      ['variant', `${esc(h.variant.resolved)}${h.features.length ? ` + ${esc(h.features.join(', '))}` : ''}`],
      ['tool', `${esc(h.tool)} ${esc(h.version)}`],
      ['started', esc(h.startedAt)],
      ['seed', `<span class="mono">${esc(h.seed)}</span>`],
      ['checks', `${esc(r.report.checks.length)} (${esc(h.requests)} requests)`],
    ];
    if (r.report.footer.selection)
      meta.push(['partial', `only <code>--grep ${esc(r.report.footer.selection.grep)}</code>`]);
    return `<div class="run"><div class="run-head"><strong>#${i + 1}</strong> <span class="label">${esc(r.label)}</span></div>
<span class="verdict v-${esc(r.report.footer.verdict)}">${esc(r.report.footer.verdict)}</span>${r.href ? ` <a href="${esc(r.href)}">its report</a>` : ''}
<dl class="kv">${meta.map(([k, v]) => `<dt>${esc(k)}</dt><dd>${v}</dd>`).join('')}</dl></div>`;
  });
  out.push(`<header><h1>calcert conformance matrix: ${esc(runs.length)} runs</h1>
<p class="muted">${esc(differing.length)} of ${esc(rows.length)} checks differ between the runs.</p>
<div class="runs">${cards.join('\n')}</div></header><main>`);
  const heads = runs.map(
    (r, i) => `<th title="${esc(r.label)}">#${i + 1} <span class="label">${esc(r.label)}</span></th>`,
  );
  const groups = [...new Set(rows.map((c) => groupOf(c.id)))];
  out.push(
    '<h2>Pass counts by route group and level</h2><p class="muted">pass / judged (n/a left out); the other statuses beside them.</p>',
  );
  out.push(
    `<div class="scroll"><table class="counts-matrix"><thead><tr><th>group</th><th>level</th>${heads.join('')}</tr></thead><tbody>`,
  );
  for (const g of groups)
    for (const level of ['must', 'should'] as const) {
      if (!rows.some((c) => groupOf(c.id) === g && c.level === level)) continue;
      out.push(
        `<tr><td>${esc(g)}</td><td>${esc(level)}</td>${runs.map((r) => countsCell(r.report.checks.filter((c) => groupOf(c.id) === g && c.level === level))).join('')}</tr>`,
      );
    }
  out.push(
    `<tr class="total"><td>all</td><td></td>${runs.map((r) => countsCell(r.report.checks)).join('')}</tr></tbody></table></div>`,
  );
  const allStatuses = new Set<string>(runs.flatMap((r) => r.report.checks.map((c) => c.status)));
  out.push(`<div class="filters">${statusFilters(allStatuses)}
${selectFilter('f-level', 'level', ['must', 'should'])} ${selectFilter('f-group', 'group', groups)}
<label>find <input type="search" id="f-text" placeholder="check ID or title"></label>
<label><input type="checkbox" id="f-differs"${differing.length ? ' checked' : ''}> only checks whose status differs</label></div>`);
  const table = (title: string, list: CheckResult[]) => {
    if (!list.length) return;
    out.push(
      `<section data-section="${esc(title)}"><h2>${esc(title)} (${list.length})</h2><table class="matrix"><thead><tr><th>check</th>${heads.join('')}</tr></thead><tbody>`,
    );
    for (const row of list) {
      const cells = index.map((m) => m.get(row.id));
      const statuses = statusesOf(row.id);
      const d = differs(row.id);
      out.push(
        `<tr data-id="${esc(row.id)}" data-title="${esc(row.title)}" data-statuses="${esc([...new Set(statuses.filter((st) => st !== 'absent'))].join(' '))}" data-level="${esc(row.level)}" data-group="${esc(groupOf(row.id))}" data-differs="${d ? 1 : 0}"${d ? ' class="differs"' : ''}>` +
          `<td><span class="mono">${esc(row.id)}</span> <span class="muted">(${esc(row.level)})</span></td>` +
          cells
            .map((c) =>
              c
                ? `<td title="${esc(`${c.status}${c.message ? `: ${firstLine(c.message)}` : ''}`)}">${badge(c.status)}</td>`
                : `<td title="not in this run">${badge('absent', '—')}</td>`,
            )
            .join('') +
          '</tr>',
      );
    }
    out.push('</tbody></table></section>');
  };
  table('Checks whose status differs between the runs', differing);
  table(
    'Checks with the same status in every run',
    rows.filter((c) => !differs(c.id)),
  );
  out.push(coverageMatrixHtml(runs));
  out.push('</main>');
  return page(`calcert: conformance matrix of ${runs.length} runs`, out.join('\n'));
}
