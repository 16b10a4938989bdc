/**
 * The fleet page (`calcert report` of many runs, one per site: a host's CI matrix): one page for
 * a thousand sites, a few megabytes, failures first. The runs come from lib/tools/fleet-read.ts.
 *
 * - a tally of the verdicts, which are also filters (with the check that failed and a site search);
 * - the checks that failed somewhere, each with the sites it failed on (fail, of which intermittent,
 *   unjudged, warned), the most widespread first; a click filters the sites to those it failed on;
 * - the sites, failures first: one row each (verdict, must failures, counts, judged share) and a
 *   compact matrix of the most widespread problem checks (a letter per cell), the rest counted;
 * - each site's problems on demand (`details`): every check that did not pass with why, its
 *   re-confirmation and its replay line, built by the page's script from one JSON block in which
 *   every check and every message appears once (a thousand copies of one failure cost one string).
 *
 * No site's passing checks are copied into the page: they are counted. Strings are escaped (HTML)
 * or set as text (the script); the JSON block cannot close its element (`<` is written \u003c).
 */
import type { Status } from '../types.ts';
import type { FleetCheck, FleetRun } from './fleet-read.ts';
import { page } from '../report/html.ts';
import { esc } from '../report/html-parts.ts';

/** Problem checks shown as columns of the sites' matrix (the most widespread); the others are counted. */
const COLUMNS = 40;
/** Rows of the checks' table shown before "show the other checks". */
const TOP_CHECKS = 12;

const VERDICT_ORDER = ['not-certified', 'inconclusive', 'partial', 'certified-read-only', 'certified'];

/** A cell's letter per status (intermittent failures lower case). */
const LETTER: Partial<Record<Status, string>> = {
  fail: 'F',
  error: 'E',
  blocked: 'B',
  'stale-expectation': 'S',
  warn: 'W',
  'expected-fail': 'X',
};
const CODES: Status[] = ['fail', 'error', 'blocked', 'stale-expectation', 'warn', 'expected-fail'];

const CSS = `
.fleet-sum{margin:6px 0 0}.fleet-sum b{font-weight:600}
.fl td,.fl th{padding:2px 6px;text-align:left}.fl td{vertical-align:top}.fl .num{text-align:right;white-space:nowrap}
.fl td.site{min-width:220px;max-width:340px;white-space:nowrap;overflow:hidden;text-overflow:ellipsis}.fl .site a{font-weight:600}
.fl .site .muted{font-size:12px;overflow:hidden;text-overflow:ellipsis}.fl .cnt{font-size:12px;min-width:150px}
.fl td.k{width:16px;min-width:16px;padding:0;text-align:center;font:600 11px ui-monospace,monospace;color:#fff}
.fl th.kc{padding:2px 0;vertical-align:bottom;width:16px}.fl th.kc span{writing-mode:vertical-rl;transform:rotate(180deg);font:400 11px ui-monospace,monospace;white-space:nowrap;max-height:260px;overflow:hidden;display:inline-block}
td.F,.legend-k .F{background:var(--fail)}td.f,.legend-k .f{background:repeating-linear-gradient(45deg,var(--fail),var(--fail) 3px,#ef9a9a 3px,#ef9a9a 6px)}
td.E,.legend-k .E{background:var(--error)}td.B,.legend-k .B{background:var(--blocked)}td.S,.legend-k .S{background:var(--stale)}td.W,.legend-k .W{background:var(--warn);color:#222}td.X,.legend-k .X{background:var(--xfail)}
.fl tr.det td{background:#fcfcfc}.fl tr.det .box{position:sticky;left:0;max-width:calc(100vw - 90px)}.fl tr.det ul{margin:4px 0;padding-left:18px}.fl tr.det li{margin:3px 0;overflow-wrap:anywhere}
.fl .verdict{font-size:12px;padding:1px 6px;white-space:nowrap}.fl button{font-size:12px}
.hot td,.hot th{text-align:left}.hot td.num{text-align:right}.hot button{white-space:nowrap}.hot tr.col td:first-child{font-weight:600}
.legend-k span{display:inline-block;width:16px;text-align:center;color:#fff;font:600 11px ui-monospace,monospace;margin-right:3px}
`;

const SCRIPT = `
(function(){
  var data=JSON.parse(document.getElementById('fleet-data').textContent);
  var ST=['fail','error','blocked','stale-expectation','warn','expected-fail'];
  function q(s,r){return Array.prototype.slice.call((r||document).querySelectorAll(s));}
  var rows=q('tr[data-i]');
  rows.forEach(function(r){r._t=r.cells[1].textContent.toLowerCase();});
  var fc=document.getElementById('f-check'),ft=document.getElementById('f-text'),fp=document.getElementById('f-problems');
  function apply(){
    var vs={};q('input[data-f=verdict]').forEach(function(i){vs[i.value]=i.checked;});
    var c=fc.value,t=ft.value.toLowerCase(),p=fp.checked,n=0;
    rows.forEach(function(r){
      var cs=r.getAttribute('data-c'),ok=vs[r.getAttribute('data-v')]!==false;
      if(ok&&c&&cs.indexOf(' '+c+' ')<0)ok=false;
      if(ok&&p&&cs===' ')ok=false;
      if(ok&&t&&r._t.indexOf(t)<0)ok=false;
      r.classList.toggle('hidden',!ok);
      var d=r.nextElementSibling;if(d&&d.classList.contains('det'))d.classList.toggle('hidden',!ok);
      if(ok)n++;
    });
    document.getElementById('f-shown').textContent=n;
  }
  var mt=document.getElementById('more-toggle');
  if(mt)mt.addEventListener('click',function(){var m=document.getElementById('more-checks'),h=m.classList.toggle('hidden');mt.textContent=h?mt.getAttribute('data-show'):'show fewer checks';});
  if(mt)mt.setAttribute('data-show',mt.textContent);
  q('.filters input,.filters select').forEach(function(i){i.addEventListener('input',apply);i.addEventListener('change',apply);});
  q('button[data-k]').forEach(function(b){b.addEventListener('click',function(){fc.value=b.getAttribute('data-k');apply();document.getElementById('sites').scrollIntoView();});});
  function el(tag,cls,text){var e=document.createElement(tag);if(cls)e.className=cls;if(text!==undefined)e.textContent=text;return e;}
  function details(r){
    var s=data.s[+r.getAttribute('data-i')],tr=el('tr','det'),cell=el('td'),td=el('div','box');cell.colSpan=r.cells.length;cell.appendChild(td);tr.appendChild(cell);
    s.n.forEach(function(m){td.appendChild(el('div','muted',data.m[m]));});
    var ul=el('ul');
    s.p.forEach(function(x){
      var k=data.k[x[0]],li=el('li'),st=ST[x[1]];
      li.appendChild(el('span','s s-'+st,st));
      if(x[3]){li.appendChild(document.createTextNode(' '));li.appendChild(el('span','rc rc-'+(x[3]===1?'reproduced':'intermittent'),x[3]===1?'reproduced':'intermittent'));}
      li.appendChild(document.createTextNode(' '));li.appendChild(el('span','id mono',k[0]));
      li.appendChild(el('span','muted',' ('+k[1]+') '+k[2]+': '));li.appendChild(document.createTextNode(data.m[x[2]]));
      var pre=el('pre','',s.r[0]+k[0].replace(/[.*+?^\${}()|[\\]\\\\]/g,'\\\\$&')+s.r[1]);li.appendChild(pre);
      ul.appendChild(li);
    });
    if(!s.p.length)td.appendChild(el('div','muted','every applicable check passed'));
    td.appendChild(ul);r.parentNode.insertBefore(tr,r.nextSibling);return tr;
  }
  q('button.det').forEach(function(b){b.addEventListener('click',function(){
    var r=b.closest('tr'),n=r.nextElementSibling;
    if(n&&n.classList.contains('det')){n.remove();b.textContent='details';}else{details(r);b.textContent='hide';}
  });});
  apply();
})();
`;

interface CheckTally {
  id: string;
  level: string;
  title: string;
  fail: number;
  intermittent: number;
  unjudged: number;
  warn: number;
  other: number;
  /** Sites with any problem status of this check. */
  sites: number;
}

/** The checks that did not pass somewhere, the most widespread failure first. Pure. */
function tallyChecks(runs: readonly FleetRun[]): CheckTally[] {
  const by = new Map<string, CheckTally>();
  for (const r of runs)
    for (const p of r.problems) {
      let t = by.get(p.id);
      if (!t) {
        t = {
          id: p.id,
          level: p.level,
          title: p.title,
          fail: 0,
          intermittent: 0,
          unjudged: 0,
          warn: 0,
          other: 0,
          sites: 0,
        };
        by.set(p.id, t);
      }
      t.sites++;
      if (p.status === 'fail') {
        t.fail++;
        if (p.reconfirmed === 'intermittent') t.intermittent++;
      } else if (p.status === 'error' || p.status === 'blocked') t.unjudged++;
      else if (p.status === 'warn') t.warn++;
      else t.other++;
    }
  return [...by.values()].sort(
    (a, b) => b.fail - a.fail || b.unjudged - a.unjudged || b.sites - a.sites || a.id.localeCompare(b.id),
  );
}

/** The sites, failures first: verdict, then must failures, then other problems, then label. Pure. */
function sitesInOrder(runs: readonly FleetRun[]): FleetRun[] {
  const mustFail = (r: FleetRun) => r.problems.filter((p) => p.level === 'must' && p.status === 'fail').length;
  const rank = (r: FleetRun) => {
    const i = VERDICT_ORDER.indexOf(r.verdict);
    return i < 0 ? VERDICT_ORDER.length : i;
  };
  return [...runs].sort(
    (a, b) =>
      rank(a) - rank(b) ||
      mustFail(b) - mustFail(a) ||
      b.problems.length - a.problems.length ||
      a.label.localeCompare(b.label),
  );
}

const pct = (n: number, of: number) => (of ? `${Math.round((n / of) * 1000) / 10}%` : '0%');

/** The fleet page. */
export function renderFleet(runs: readonly FleetRun[]): string {
  const tally = tallyChecks(runs);
  const index = new Map(tally.map((t, i) => [t.id, i]));
  const columns = tally.slice(0, COLUMNS);
  const sites = sitesInOrder(runs);
  // The JSON block: every check and message once; per site its problems as numbers.
  const messages = new Map<string, number>();
  const msg = (s: string) => {
    let i = messages.get(s);
    if (i === undefined) {
      i = messages.size;
      messages.set(s, i);
    }
    return i;
  };
  const data = {
    k: tally.map((t) => [t.id, t.level, t.title]),
    m: [] as string[],
    s: sites.map((r) => ({
      p: r.problems.map((p) => [
        index.get(p.id),
        CODES.indexOf(p.status),
        msg(p.why),
        p.reconfirmed === 'reproduced' ? 1 : p.reconfirmed === 'intermittent' ? 2 : 0,
      ]),
      n: r.notes.map(msg),
      r: r.replay,
    })),
  };
  data.m = [...messages.keys()];

  const verdicts = new Map<string, number>();
  for (const r of runs) verdicts.set(r.verdict, (verdicts.get(r.verdict) ?? 0) + 1);
  const present = [...verdicts.keys()].sort((a, b) => VERDICT_ORDER.indexOf(a) - VERDICT_ORDER.indexOf(b));
  const failing = runs.filter((r) => r.problems.some((p) => p.level === 'must' && p.status === 'fail'));
  const onlyIntermittent = failing.filter((r) =>
    r.problems.every((p) => p.level !== 'must' || p.status !== 'fail' || p.reconfirmed === 'intermittent'),
  ).length;
  const facts = (key: (r: FleetRun) => string) => {
    const n = new Map<string, number>();
    for (const r of runs) n.set(key(r), (n.get(key(r)) ?? 0) + 1);
    return [...n]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 6)
      .map(([k, c]) => `${esc(k)} (${esc(c)})`)
      .join(', ');
  };
  const out: string[] = [];
  out.push(`<header><h1>calcert fleet: ${esc(runs.length)} sites</h1>
<p class="fleet-sum">${present.map((v) => `<span class="verdict v-${esc(v)}">${esc(v)}</span> <b>${esc(verdicts.get(v))}</b>`).join(' &nbsp; ')}</p>
<p class="fleet-sum">${esc(failing.length)} site(s) with a failed must-check${onlyIntermittent ? `, ${esc(onlyIntermittent)} of them only with intermittent failures (passed when run again; still failures)` : ''}; ${esc(tally.length)} check(s) did not pass somewhere.</p>
<p class="fleet-sum muted">variants: ${facts((r) => `${r.variant}${r.readOnly ? ' read-only' : ''}`)}; tools: ${facts((r) => r.tool)}</p></header><main>`);

  // The checks that did not pass somewhere.
  out.push(
    `<section><h2>Checks that did not pass somewhere (${esc(tally.length)})</h2><p class="muted">The most widespread failure first; the first ${esc(columns.length)} are the columns of the sites' matrix below. "sites" shows only the sites it did not pass on.</p>`,
  );
  if (tally.length) {
    out.push(
      '<div class="scroll"><table class="hot"><thead><tr><th>#</th><th>check</th><th>level</th><th>fail</th><th>of which intermittent</th><th>unjudged (error, blocked)</th><th>warn</th><th></th></tr></thead><tbody>',
    );
    for (const [i, t] of tally.entries()) {
      if (i === TOP_CHECKS && tally.length > TOP_CHECKS + 1)
        out.push(`</tbody><tbody class="more hidden" id="more-checks">`);
      out.push(
        `<tr${i < COLUMNS ? ' class="col"' : ''}><td class="num">${i + 1}</td><td><span class="mono">${esc(t.id)}</span><div class="muted">${esc(t.title)}</div></td><td>${esc(t.level)}</td><td class="num">${t.fail ? `${esc(t.fail)} (${pct(t.fail, runs.length)})` : ''}</td><td class="num">${t.intermittent || ''}</td><td class="num">${t.unjudged || ''}</td><td class="num">${t.warn || ''}</td><td><button type="button" data-k="${i}">${esc(t.sites)} site${t.sites === 1 ? '' : 's'}</button></td></tr>`,
      );
    }
    out.push('</tbody></table></div>');
    if (tally.length > TOP_CHECKS + 1)
      out.push(
        `<p><button type="button" id="more-toggle">show the other ${esc(tally.length - TOP_CHECKS)} checks</button></p>`,
      );
  } else out.push('<p>Every applicable check passed on every site.</p>');
  out.push('</section>');

  // Filters.
  const options = tally.map((t, i) => `<option value="${i}">${esc(t.id)} (${esc(t.sites)})</option>`).join('');
  out.push(`<div class="filters">${present
    .map(
      (v) =>
        `<label><input type="checkbox" data-f="verdict" value="${esc(v)}" checked> <span class="verdict v-${esc(v)}">${esc(v)}</span></label>`,
    )
    .join(' ')}
<label>check <select id="f-check"><option value="">any</option>${options}</select></label>
<label>site <input type="search" id="f-text" placeholder="name or URL"></label>
<label><input type="checkbox" id="f-problems"> only sites with a problem</label>
<span class="muted"><span id="f-shown">${esc(runs.length)}</span> of ${esc(runs.length)} sites shown</span></div>`);

  // The sites.
  const legend = [
    ...CODES.map((st) => `<span class="${esc(LETTER[st])}">${esc(LETTER[st])}</span>${esc(st)}`),
    '<span class="f">f</span>a failure marked intermittent (it passed when run again)',
  ];
  out.push(
    `<section id="sites"><h2>Sites (${esc(runs.length)}), failures first</h2><p class="muted legend-k">Cells: ${legend.join(', ')}. "others": problems of checks beyond the columns. "details": every problem of the site, with its replay line.</p>`,
  );
  const heads = columns
    .map(
      (t) =>
        `<th class="kc" title="${esc(t.id)} (${esc(t.level)}): fail on ${esc(t.fail)} site(s)"><span>${esc(t.id)}</span></th>`,
    )
    .join('');
  out.push(
    `<div class="scroll"><table class="fl"><thead><tr><th>#</th><th>site</th><th>verdict</th><th>must fail</th><th>checks</th><th>judged</th>${heads}<th>others</th><th></th></tr></thead><tbody>`,
  );
  for (const [i, r] of sites.entries()) out.push(siteRow(r, i, index, columns.length));
  out.push('</tbody></table></div></section>');
  const json = JSON.stringify(data).replace(/</g, '\\u003c');
  out.push(`<script type="application/json" id="fleet-data">${json}</script>`);
  out.push('</main>');
  return page(`calcert fleet: ${runs.length} sites`, out.join('\n'), SCRIPT, CSS);
}

function countsText(r: FleetRun): string {
  const parts = (['pass', ...CODES, 'n/a'] as Status[])
    .filter((st) => r.counts[st])
    .map((st) => `${r.counts[st]} ${st}`);
  return parts.join(', ');
}

/** One site's row: its summary, a letter per column check that did not pass, the others counted. */
function siteRow(r: FleetRun, i: number, index: Map<string, number>, columns: number): string {
  const cells: string[] = new Array(columns).fill('<td class="k"></td>');
  let others = 0;
  const ks: number[] = [];
  for (const p of r.problems as FleetCheck[]) {
    const k = index.get(p.id) as number;
    ks.push(k);
    if (k >= columns) {
      others++;
      continue;
    }
    const letter = p.status === 'fail' && p.reconfirmed === 'intermittent' ? 'f' : (LETTER[p.status] ?? '?');
    cells[k] = `<td class="k ${letter}">${letter}</td>`;
  }
  const mustFail = r.problems.filter((p) => p.level === 'must' && p.status === 'fail').length;
  const where = [
    r.target,
    r.variant + (r.features.length ? ` + ${r.features.join(',')}` : ''),
    r.readOnly ? 'read-only' : '',
  ]
    .filter(Boolean)
    .join(' · ');
  const name = r.href ? `<a href="${esc(r.href)}">${esc(r.label)}</a>` : `<b>${esc(r.label)}</b>`;
  return `<tr data-i="${i}" data-v="${esc(r.verdict)}" data-c=" ${ks.sort((a, b) => a - b).join(' ')}${ks.length ? ' ' : ''}"><td class="num">${i + 1}</td><td class="site">${name}<div class="muted">${esc(where)}</div></td><td><span class="verdict v-${esc(r.verdict)}">${esc(r.verdict)}</span></td><td class="num">${mustFail || ''}</td><td class="cnt">${esc(countsText(r))}</td><td class="num">${r.judgedShare !== undefined ? `${esc(r.judgedShare)}%` : ''}</td>${cells.join('')}<td class="num">${others || ''}</td><td><button type="button" class="det">details</button></td></tr>`;
}
