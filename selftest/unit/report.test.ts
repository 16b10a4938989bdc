// The rendered reports (lib/report/*): the HTML page lists every check with its status, escapes a
// hostile server's content, loads nothing from outside; the side-by-side matrix; JUnit is
// well-formed XML carrying properties, file, spec clause and exchanges; `calcert report` refuses
// inputs that are not results.json of format 1.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { runReport } from '../../lib/commands/report.ts';
import { renderHtml, renderJunit, renderMatrix, renderSummary, writeReports } from '../../lib/report/write.ts';
import { wallTime } from '../../lib/report/junit.ts';
import { countResults, type RunReport, STATUSES, verdictOf } from '../../lib/report/results.ts';
import type { Status } from '../../lib/types.ts';
import type { RecordedExchange } from '../../lib/types.ts';
import { findAll, parseXml } from '../support/xml.ts';
import { buildCoverageMap } from '../../lib/coverage/map.ts';

const HOSTILE = `</pre></details><script>alert("x")</script><img src=x onerror=alert(1)>'"\`\`\`]]>&amp;\u0001`;

function report(): RunReport {
  const checks = STATUSES.flatMap((status: Status, i) => [
    {
      id: `events.sample.${status.replace('/', '')}-${i}`,
      title: `check with status ${status} "quoted" <b>`,
      file: 'suites/events/sample.test.ts',
      source: `suites/events/sample.test.ts:${10 + i}`,
      level: (i % 2 ? 'should' : 'must') as 'must' | 'should',
      tags: ['writes'],
      requirements: ['route:GET /cal/events/v1/events'],
      spec: 'List events: search; docs/requirements.md#search',
      status,
      duration: 12,
      ...(status === 'pass'
        ? {}
        : {
            message: status === 'n/a' ? 'base variant only' : `expected 201, got 500 ${HOSTILE}`,
            exchanges: [
              {
                method: 'POST',
                url: `http://target.test/wp-json/cal/events/v1/events?x="><svg onload=alert(2)>`,
                requestHeaders: { accept: 'application/json', authorization: '(redacted)' },
                requestBody: '{"title":"<script>alert(3)</script>"}',
                status: 500,
                responseHeaders: { 'content-type': 'text/html', 'x-evil': '"><iframe src=//evil.test>' },
                responseExcerpt: `<html><body onload="alert(4)">${HOSTILE}</body></html>`,
                ms: 5,
                retries: 0,
                curl: `curl -sS -i -X POST 'http://target.test/wp-json/cal/events/v1/events' -u "admin:$CAL_PASSWORD"`,
              },
              {
                method: 'GET',
                url: 'http://target.test/wp-json/cal/events/v1/events/7',
                requestHeaders: { accept: 'application/json' },
                error: 'connection reset',
                ms: 3,
                retries: 1,
                curl: `curl -sS -i -X GET 'http://target.test/wp-json/cal/events/v1/events/7'`,
              },
            ] as RecordedExchange[],
          }),
    },
    {
      // An older result: one request, no exchanges.
      id: `tags.legacy.${status.replace('/', '')}-${i}`,
      title: 'legacy result',
      file: 'suites/tags/legacy.test.ts',
      level: 'must' as const,
      tags: [],
      requirements: [],
      spec: 'Endpoints',
      status,
      duration: 1,
      ...(status === 'pass'
        ? {}
        : {
            message: 'legacy failure',
            request: { method: 'DELETE', url: 'http://target.test/legacy/1', headers: {} },
            responseExcerpt: '{"code":"x"}',
            curl: "curl -X DELETE 'http://target.test/legacy/1'",
          }),
    },
  ]);
  return {
    format: 1,
    header: {
      tool: 'calcert',
      version: '0.1.0',
      target: 'http://target.test/wp-json',
      namespace: 'cal/events/v1',
      embedded: false,
      variant: { declared: 'auto', detected: 'extended', resolved: 'extended', mismatch: false },
      features: [],
      seed: 4_000_000_001,
      runTag: 'cc1234',
      readOnly: false,
      startedAt: '2026-11-24T05:00:00.000Z',
      duration: 1000,
      requests: 42,
      config: {},
    },
    checks,
    footer: { counts: countResults(checks), verdict: verdictOf(checks, false), errors: [`run error ${HOSTILE}`] },
  };
}

const unent = (s: string) => s.replace(/&#(\d+);/g, (_, n) => String.fromCharCode(Number(n)));

/** Every element carrying a check: its ID and status(es) as the page states them. */
function checksOnPage(html: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const m of html.matchAll(/<[a-z]+ [^>]*data-id="([^"]*)"[^>]*>/g)) {
    const status = /data-status="([^"]*)"/.exec(m[0]) ?? /data-statuses="([^"]*)"/.exec(m[0]);
    out.set(unent(m[1]!), unent(status?.[1] ?? ''));
  }
  return out;
}

const ALLOWED_TAGS = new Set(
  'html head meta title style body header main h1 h2 h3 h4 dl dt dd code span strong table tr th td thead tbody div label input select option button pre section details summary script p a ul li'.split(
    ' ',
  ),
);

function withQuietStdout(fn: () => void): void {
  const write = process.stdout.write;
  process.stdout.write = (() => true) as never;
  try {
    fn();
  } finally {
    process.stdout.write = write;
  }
}

function assertInert(html: string): void {
  const tags = [...html.matchAll(/<([a-zA-Z][a-zA-Z0-9]*)\b[^>]*>/g)];
  for (const t of tags) {
    expect(ALLOWED_TAGS.has(t[1]!.toLowerCase()), `unexpected tag ${t[0].slice(0, 80)}`).toBe(true);
    // The links a page may hold: the matrix's link to a run's own report (a relative path), and
    // the "what failed" list's links to a check on the same page (#c-ID).
    const own = t[1] === 'a' ? /^<a (?:class="[\w ]*" )?href="([^"]*)">$/.exec(t[0]) : null;
    if (t[1] === 'a') expect(own?.[1], `a relative link only: ${t[0]}`).toMatch(/^([\w./ -]+\.html|#c-[\w.-]+)$/);
    expect((own ? '<a>' : t[0]).replace(/"[^"]*"/g, '""'), 'no event handler, source or link attribute').not.toMatch(
      /\s(on[a-z]+|src|href|action|srcdoc)=/i,
    );
  }
  expect(html.match(/<script/g)?.length, 'only the page script').toBe(1);
  expect(html).not.toMatch(/@import|url\(|<link|http-equiv="refresh"/i);
  // The script runs by its hash: the CSP names it, and nothing else may run.
  const script = /<script>([\s\S]*?)<\/script>/.exec(html)![1]!;
  const csp = unent(/http-equiv="Content-Security-Policy" content="([^"]*)"/.exec(html)![1]!);
  expect(csp).toContain("default-src 'none'");
  expect(csp).toContain(`'sha256-${createHash('sha256').update(script).digest('base64')}'`);
}

test('the HTML page lists every check with its status, failures first, and escapes everything', () => {
  const r = report();
  const html = renderHtml(r);
  const onPage = checksOnPage(html);
  for (const c of r.checks) expect(onPage.get(c.id), c.id).toBe(c.status);
  expect(onPage.size).toBe(r.checks.length);
  assertInert(html);
  // Verdict and target at the top; failures before the warnings and the passes.
  expect(html.indexOf('NOT-CERTIFIED')).toBeLessThan(html.indexOf('<h2>'));
  expect(html).toContain('http://target.test/wp-json');
  expect(html.indexOf('data-status="fail"')).toBeLessThan(html.indexOf('data-status="warn"'));
  expect(html.indexOf('data-status="warn"')).toBeLessThan(html.indexOf('data-status="pass"'));
  // Issue 31 point 8: what failed and why lead the page (before the count tables), each line
  // linking to its check; a check's message comes before its metadata.
  const what = html.indexOf('<h2>What failed (');
  expect(what).toBeGreaterThan(0);
  expect(what).toBeLessThan(html.indexOf('<h2>Counts</h2>'));
  const failing = r.checks.filter((c) => ['fail', 'blocked', 'stale-expectation'].includes(c.status));
  const list = /<ul class="why">([\s\S]*?)<\/ul>/.exec(html)![1]!;
  expect([...list.matchAll(/href="#c-([^"]+)"/g)].map((m) => m[1]).sort()).toEqual(failing.map((c) => c.id).sort());
  expect(list).toContain('expected 201, got 500');
  const failed = /<details class="check" id="c-events\.sample\.fail-1"[\s\S]*?<\/details>/.exec(html)![0];
  expect(failed.indexOf('class="msg"')).toBeLessThan(failed.indexOf('<dl class="kv">'));
  // The count tables scroll inside their box instead of widening the page (800 px).
  expect(html).toMatch(/<h3>By route group<\/h3>\s*<div class="scroll"><table class="counts">/);
  // Spec clause, file, source, every exchange (legacy single request too), reproduction, n/a reason.
  expect(html).toContain('List events: search; docs/requirements.md#search');
  expect(html).toContain('suites/events/sample.test.ts:10');
  expect(html).toContain('connection reset');
  expect(html).toContain('x-evil: &#34;&#62;&#60;iframe');
  expect(html).toContain('http://target.test/legacy/1');
  expect(html).toContain('--seed 4000000001');
  expect(html).toContain('export CAL_USER and CAL_PASSWORD');
  // The curl lines meet records the check already deleted: they say so (issue 23 point 3).
  expect(html).toContain('# the exchanges as they were: the records the check created were deleted when it ended');
  expect(html).toContain('base variant only');
  // Filters by status, level and group.
  for (const s of ['fail', 'warn', 'n/a', 'pass'])
    expect(html).toContain(`data-f="status" value="${s.replace('/', '&#47;')}"`.replace('&#47;', '/'));
  expect(html).toContain('id="f-level"');
  expect(html).toContain('<option value="tags">tags</option>');
});

// Issue 39 point 10: the coverage map (about 5,000 px at 800 px wide) stood between the summary
// and the failures: its figures stay in the summary, the map follows the checks.
test('the HTML page: the failures follow the summary; the coverage map comes after the checks', () => {
  const r = report();
  r.coverage = buildCoverageMap([], { variant: 'extended', features: [], fixtures: [], readOnly: false });
  const html = renderHtml(r);
  const [failures, passed, map, line] = [
    html.indexOf('data-section="Failures"'),
    html.indexOf('data-section="Passed"'),
    html.indexOf('id="coverage"'),
    html.indexOf('class="cov-line"'),
  ];
  expect(Math.min(failures, passed, map, line)).toBeGreaterThan(-1);
  expect(line).toBeLessThan(failures);
  expect(map).toBeGreaterThan(passed);
});

test('the matrix shows every check of every run side by side, absent ones marked, differing ones first', () => {
  const a = report();
  const b = report();
  b.checks = b.checks.filter((c) => !c.id.startsWith('tags.')).map((c) => ({ ...c, status: 'pass' as const }));
  const html = renderMatrix([
    { label: 'implementation <A>', report: a, href: './a/report.html' },
    { label: 'version B', report: b },
  ]);
  assertInert(html);
  const rows = [...html.matchAll(/<tr data-id="([^"]*)"[^>]*>([\s\S]*?)<\/tr>/g)];
  expect(rows.length).toBe(a.checks.length);
  for (const c of a.checks) {
    const row = rows.find((m) => unent(m[1]!) === c.id)!;
    const cells = [...row[2]!.matchAll(/class="s s-([^"]+)"/g)].map((m) => unent(m[1]!));
    const other = b.checks.find((x) => x.id === c.id);
    expect(cells, c.id).toEqual([c.status, other ? 'pass' : 'absent']);
    expect(row[0].includes('data-differs="1"')).toBe(c.status !== (other ? 'pass' : 'absent'));
  }
  // Issue 23 point 7: the checks that differ come first, and only they show until the filter is cleared.
  const flags = rows.map((m) => m[0].includes('data-differs="1"'));
  expect(flags.indexOf(false)).toBeGreaterThan(0);
  expect(flags.slice(flags.indexOf(false)).includes(true)).toBe(false);
  expect(html).toMatch(/<input type="checkbox" id="f-differs" checked>/);
  // Among them, a row with a failure before a row with only a warning.
  const firstDiffering = rows.find((m) => m[0].includes('data-differs="1"'))!;
  expect(firstDiffering[0]).toMatch(/data-statuses="[^"]*\bfail\b/);
  // One card per run, linking to its own report when there is one; counts per group and level.
  expect(html).toContain('implementation &#60;A&#62;');
  expect(html).toContain('<a href="./a/report.html">its report</a>');
  expect(html).toMatch(/<h2>Pass counts by route group and level<\/h2>/);
  expect(html).toMatch(/<tr><td>events<\/td><td>must<\/td><td title="[^"]*"><span class="mono">\d+\/\d+<\/span>/);
  expect(html).not.toContain('<table class="runs">'); // the wide header table that overflowed at 1,400 px
});

// Issue 31 point 13: a route group's time in junit.xml is its wall time, not its checks' sum.
test.each([
  ['no checks', [], 0],
  ['one check', [{ started: 1000, duration: 250 }], 250],
  [
    'side by side',
    [
      { started: 1000, duration: 400 },
      { started: 1100, duration: 400 },
      { started: 1200, duration: 100 },
    ],
    500,
  ],
  [
    'one after another',
    [
      { started: 1000, duration: 100 },
      { started: 1300, duration: 100 },
    ],
    400,
  ],
  [
    'one inside another',
    [
      { started: 1000, duration: 1000 },
      { started: 1500, duration: 10 },
    ],
    1000,
  ],
  ['without starts (an older report): the sum', [{ duration: 100 }, { duration: 200 }], 300],
  ['a check that never started counts its 0 ms', [{ started: 1000, duration: 300 }, { duration: 0 }], 300],
] as const)('wallTime: %s', (_label, checks, expected) => {
  expect(wallTime(checks)).toBe(expected);
});

test('JUnit is well-formed XML with properties, file, spec clause and exchanges', () => {
  const r = report();
  const doc = parseXml(renderJunit(r));
  expect(doc.name).toBe('testsuites');
  // Issue 31 point 13: the run's time is its wall time, not the sum of checks that ran side by side.
  expect(r.checks.reduce((n, c) => n + c.duration, 0)).not.toBe(r.header.duration);
  expect(doc.attrs['time']).toBe((r.header.duration / 1000).toFixed(3));
  const cases = findAll(doc, 'testcase');
  expect(cases.length).toBe(r.checks.length);
  for (const s of findAll(doc, 'testsuite')) {
    const props = Object.fromEntries(findAll(s, 'property').map((p) => [p.attrs['name'], p.attrs['value']]));
    expect(props).toMatchObject({
      seed: '4000000001',
      runTag: 'cc1234',
      target: 'http://target.test/wp-json',
      variant: 'extended',
      verdict: 'not-certified',
    });
  }
  for (const c of r.checks) {
    const tc = cases.find((t) => t.attrs['name']!.startsWith(`${c.id} `))!;
    expect(tc.attrs['file']).toBe(c.file);
    const failure = tc.children.find((x) => x.name === 'failure' || x.name === 'error');
    expect(!!failure, c.id).toBe(['fail', 'blocked', 'error', 'stale-expectation'].includes(c.status));
    if (failure) {
      expect(failure.text).toContain(`spec: ${c.spec}`);
      expect(failure.text).toContain(`file: ${c.file}`);
      if (c.id.startsWith('events.')) {
        expect(failure.text).toContain('exchange 1/2: POST http://target.test/wp-json/cal/events/v1/events?x="><svg');
        expect(failure.text).toContain('< x-evil: "><iframe src=//evil.test>');
        expect(failure.text).toContain('exchange 2/2: GET');
        expect(failure.text).toContain('error: connection reset');
        expect(failure.text).toContain('</pre></details><script>');
      } else expect(failure.text).toContain('exchange 1/1: DELETE http://target.test/legacy/1');
    }
  }
  for (const bad of ['<a><b></a></b>', '<a x="1" x="2"/>', '<a>\u0001</a>', '<a>&foo;</a>', '<a x=1/>', '<a/>text'])
    expect(() => parseXml(bad), bad).toThrow();
});

test('Markdown fences cannot be closed by a hostile body', () => {
  const md = renderSummary(report());
  expect(md).toContain('````\nexpected 201, got 500');
  expect(md).toContain('connection reset');
  expect(md).toMatch(
    /--grep '\^events\\\.sample\\\.fail-\d+\$'\n# the exchanges as they were: [^\n]*\n# export CAL_USER[^\n]*\ncurl /,
  );
});

test('writeReports writes report.html beside results.json, redacted', () => {
  const dir = mkdtempSync(join(tmpdir(), 'calcert-report-'));
  const r = report();
  r.checks[1]!.message = 'password hunter22 leaked';
  const runDir = writeReports(r, dir, ['hunter22']);
  const html = readFileSync(join(runDir, 'report.html'), 'utf8');
  expect(html).not.toContain('hunter22');
  expect(checksOnPage(html).size).toBe(r.checks.length);
  expect(readFileSync(join(dir, 'latest', 'report.html'), 'utf8')).toBe(html);
});

test('calcert report renders one run or several, and refuses what is not a results.json of format 1', () => {
  const dir = mkdtempSync(join(tmpdir(), 'calcert-report-'));
  const a = join(dir, 'a.json');
  writeFileSync(a, JSON.stringify(report()));
  const out = join(dir, 'out.html');
  withQuietStdout(() => expect(runReport([a, a], { html: out })).toBe(0));
  expect(readFileSync(out, 'utf8')).toContain('conformance matrix: 2 runs');
  const bad = join(dir, 'bad.json');
  writeFileSync(bad, JSON.stringify({ format: 2 }));
  expect(() => runReport([bad], { html: out })).toThrow(/format 1/);
  // A page naming run folders is recorded in them, so that --keep keeps them (issue 23 point 5).
  const runDir = join(dir, '20261101T000000Z-ccaaaa0001');
  mkdirSync(runDir);
  writeFileSync(join(runDir, 'results.json'), JSON.stringify(report()));
  writeFileSync(join(runDir, 'report.html'), '<html></html>');
  const page = join(dir, 'pages', 'runs.html');
  withQuietStdout(() => expect(runReport([join(runDir, 'results.json'), a], { html: page })).toBe(0));
  expect(JSON.parse(readFileSync(join(runDir, 'named-by.json'), 'utf8'))).toEqual([page]);
  expect(readFileSync(page, 'utf8')).toContain('<a href="../20261101T000000Z-ccaaaa0001/report.html">');
  // Without --html (shown as optional by the help): report.html, or runs.html for several, here.
  const here = mkdtempSync(join(tmpdir(), 'calcert-report-cwd-'));
  const bin = join(import.meta.dirname, '../../bin/calcert.js');
  const one = spawnSync(process.execPath, [bin, 'report', a], { cwd: here, encoding: 'utf8' });
  expect(one.status, one.stderr).toBe(0);
  expect(readFileSync(join(here, 'report.html'), 'utf8')).toContain('calcert report');
  const two = spawnSync(process.execPath, [bin, 'report', `6.8.0=${a}`, a], { cwd: here, encoding: 'utf8' });
  expect(two.status, two.stderr).toBe(0);
  expect(two.stdout).toContain(`conformance matrix of 2 runs: ${join(here, 'runs.html')}`);
  expect(readFileSync(join(here, 'runs.html'), 'utf8')).toContain('#1 <span class="label">6.8.0</span>');
  const cli = spawnSync(process.execPath, [bin, 'report', bad, '--html', out], { encoding: 'utf8' });
  expect(cli.status).toBe(2);
  expect(cli.stderr.trim().split('\n')).toHaveLength(1);
});
