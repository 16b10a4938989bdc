// The fleet page (issue 39): `calcert report` of more than FLEET_FROM results (one per site)
// renders one page, failures first, that copies no site's passing checks. On 50 synthetic sites:
// the fast reader of results.json (lib/tools/fleet-read.ts) gives what a whole parse gives, and
// falls back to it for any other layout; the page's tallies, order and embedded details are right;
// hostile strings stay inert; the page stays small (a size bound, never a time).
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { FLEET_FROM, runReport } from '../../lib/commands/report.ts';
import { fleetRunOf, quickRead, readFleetRun } from '../../lib/tools/fleet-read.ts';
import { countResults, type CheckResult, type RunReport, verdictOf } from '../../lib/report/results.ts';
import { loadReport } from '../../lib/tools/compare.ts';
import type { Status } from '../../lib/types.ts';

const HOSTILE = `</script><script>alert("x")</script><img src=x onerror=alert(1)>'"&amp;\u2028`;
const SITES = 50;
/** Checks every site passes: their IDs must not reach the page. */
const PASSING = Array.from({ length: 120 }, (_, j) => `events.always.passes-${j}`);

function check(id: string, status: Status, over: Partial<CheckResult> = {}): CheckResult {
  return {
    id,
    title: `title of ${id}`,
    file: `suites/${id.split('.')[0]}/x.test.ts`,
    level: 'must',
    tags: ['writes'],
    requirements: ['route:GET /cal/events/v1/events'],
    spec: 'Endpoints — “quoted”',
    status,
    duration: 3,
    requests: 2,
    assertions: 1,
    ...over,
  };
}

/** Site i: failures by a pattern, one hostile message, one interrupted run, one read-only inconclusive. */
function site(i: number): RunReport {
  const problem = (id: string, status: Status, over: Partial<CheckResult> = {}) =>
    check(id, status, {
      message: `expected 4xx, got 200 on site ${i % 2 ? 'odd' : 'even'}\nsecond line`,
      exchanges: [
        {
          method: 'GET',
          url: `https://site-${i}.example/wp-json/cal/events/v1/events/987654321`,
          requestHeaders: { accept: 'application/json' },
          status: 200,
          responseHeaders: { 'content-type': 'application/json' },
          responseExcerpt: '{"nested":{"list":[{"id":1}]}}',
          ms: 4,
          retries: 0,
          curl: 'curl -sS x',
        },
      ],
      ...over,
    });
  const checks: CheckResult[] = PASSING.map((id) => check(id, 'pass'));
  checks.push(
    i % 5 === 0
      ? problem('events.read.missing-4xx', 'fail', { reconfirmed: 'reproduced' })
      : check('events.read.missing-4xx', 'pass'),
    i % 7 === 0
      ? problem('venues.read.missing-4xx', 'fail', { reconfirmed: 'intermittent' })
      : check('venues.read.missing-4xx', 'pass'),
    i % 3 === 0
      ? problem('tags.list.order', 'warn', { level: 'should' })
      : check('tags.list.order', 'pass', { level: 'should' }),
    i === 13 ? problem('errors.routes.exist', 'fail', { message: HOSTILE }) : check('errors.routes.exist', 'pass'),
    i === 21
      ? problem('events.create.answer', 'error', { unjudged: 'transient', message: 'GET x answered 503' })
      : check('events.create.answer', 'pass'),
    check('events.feature.premium', 'n/a', { message: 'needs --features premium' }),
  );
  checks.sort((a, b) => a.id.localeCompare(b.id));
  const readOnly = i === 44;
  const footer: RunReport['footer'] = {
    counts: countResults(checks),
    verdict: readOnly ? 'inconclusive' : verdictOf(checks, false),
    errors: i === 17 ? ['interrupted by a signal'] : [],
    ...(i === 17 ? { interrupted: 'interrupted by a signal' } : {}),
    ...(readOnly ? { inconclusive: 'the read-only run judged 3 observation check(s)' } : {}),
  };
  if (i === 17) footer.verdict = 'not-certified';
  const target = `https://site-${i}.example/wp-json`;
  return {
    format: 1,
    header: {
      tool: 'calcert',
      version: '0.1.0',
      target,
      namespace: 'cal/events/v1',
      embedded: false,
      variant: { declared: 'auto', detected: 'extended', resolved: i % 4 ? 'extended' : 'base', mismatch: false },
      features: [],
      seed: 7,
      runTag: `cc${i}`,
      readOnly,
      startedAt: '2026-11-28T10:00:00.000Z',
      duration: 1000,
      requests: 400,
      config: {
        baseUrl: target,
        namespace: 'cal/events/v1',
        auth: { kind: 'basic', user: 'admin', password: '(redacted)' },
        resolvedVariant: 'extended',
        features: [],
        seed: 7,
        numRuns: 20,
        readOnly,
        embedded: false,
      },
    },
    checks,
    footer,
    coverage: { variant: 'extended', judgedShare: 90 + (i % 10), mustShare: 80, total: 600 } as RunReport['coverage'],
  };
}

function fleet(): { dir: string; paths: string[]; reports: RunReport[] } {
  const dir = mkdtempSync(join(tmpdir(), 'calcert-fleet-'));
  const reports = Array.from({ length: SITES }, (_, i) => site(i));
  const paths = reports.map((r, i) => {
    const folder = join(dir, `site-${String(i).padStart(2, '0')}`);
    mkdirSync(folder);
    const path = join(folder, 'results.json');
    // As calcert writes it; one site compact, as another tool might (the whole-parse path).
    writeFileSync(path, i === 33 ? JSON.stringify(r) : `${JSON.stringify(r, null, 2)}\n`);
    return path;
  });
  return { dir, paths, reports };
}

function quiet<T>(fn: () => T): T {
  const write = process.stdout.write;
  process.stdout.write = (() => true) as never;
  try {
    return fn();
  } finally {
    process.stdout.write = write;
  }
}

test('the fast reader gives what a whole parse gives, and falls back for another layout', () => {
  const { paths } = fleet();
  for (const [i, p] of paths.entries()) {
    const whole = loadReport(p);
    expect(readFleetRun(p, 'x'), p).toEqual(fleetRunOf(whole, 'x', whole.coverage?.judgedShare));
    expect(quickRead(readFileSync(p)) === null, `${p}: the fast path ${i === 33 ? 'declines' : 'reads'} it`).toBe(
      i === 33,
    );
  }
  // A file whose statuses disagree with its footer's counts is read whole (and the same as before).
  const text = readFileSync(paths[0]!, 'utf8').replace('"status": "pass"', '"status": "fail"');
  expect(quickRead(Buffer.from(text))).toBeNull();
  // What a whole parse refuses, the fleet refuses with the same one line.
  writeFileSync(paths[1]!, readFileSync(paths[1]!, 'utf8').replace('"status": "pass"', '"status": "passed"'));
  expect(() => readFleetRun(paths[1]!, 'x')).toThrow(/has an unknown status "passed"/);
});

test(`more than ${FLEET_FROM} results make the fleet page: failures first, tallies, details on demand, small`, () => {
  const { dir, paths, reports } = fleet();
  const out = join(dir, 'fleet.html');
  expect(quiet(() => runReport(paths, { html: out }))).toBe(0);
  const html = readFileSync(out, 'utf8');
  expect(html).toContain(`<h1>calcert fleet: ${SITES} sites</h1>`);
  // Small: no site's passing checks are copied (they are counted), and a bound on the size.
  for (const id of PASSING) expect(html).not.toContain(id);
  expect(Buffer.byteLength(html)).toBeLessThan(120_000);
  // Inert: the hostile message is escaped in HTML and cannot close the JSON block.
  expect(html.match(/<script/g)?.length).toBe(2);
  expect(html).not.toContain('<img src=x');
  const script = /<script>([\s\S]*)<\/script>/.exec(html.slice(html.lastIndexOf('<script>')))![1]!;
  const hash = createHash('sha256').update(script).digest('base64');
  expect(html).toContain(`script-src &#39;sha256-${hash}&#39;`);

  // Failures first: the sites' verdicts in page order.
  const rows = [...html.matchAll(/<tr data-i="(\d+)" data-v="([^"]+)" data-c="([^"]*)">/g)];
  expect(rows.length).toBe(SITES);
  const order = ['not-certified', 'inconclusive', 'partial', 'certified-read-only', 'certified'];
  const ranks = rows.map((r) => order.indexOf(r[2]!));
  expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
  const notCertified = reports.filter((r) => r.footer.verdict === 'not-certified').length;
  expect(rows.filter((r) => r[2] === 'not-certified').length).toBe(notCertified);

  // The embedded details: per site (in page order) its problems, each check and message once.
  const json = /<script type="application\/json" id="fleet-data">([\s\S]*?)<\/script>/.exec(html)![1]!;
  const data = JSON.parse(json) as {
    k: [string, string, string][];
    m: string[];
    s: { p: [number, number, number, number][]; n: number[]; r: [string, string] }[];
  };
  expect(data.s.length).toBe(SITES);
  expect(new Set(data.m).size).toBe(data.m.length);
  expect(data.m).toContain(HOSTILE);
  const codes = ['fail', 'error', 'blocked', 'stale-expectation', 'warn', 'expected-fail'];
  const byLabel = new Map(reports.map((r, i) => [`site-${String(i).padStart(2, '0')}`, r]));
  for (const [n, row] of rows.entries()) {
    const label = /<td class="site">(?:<a [^>]*>|<b>)([^<]+)/.exec(html.slice(row.index))![1]!;
    const report = byLabel.get(label)!;
    const want = report.checks
      .filter((c) => c.status !== 'pass' && c.status !== 'n/a')
      .map((c) => `${c.id} ${c.status} ${c.reconfirmed ?? '-'}`)
      .sort();
    const got = data.s[Number(row[1])]!.p.map(
      ([k, st, , rc]) => `${data.k[k]![0]} ${codes[st]} ${['-', 'reproduced', 'intermittent'][rc]}`,
    );
    expect(got.sort(), label).toEqual(want);
    expect(Number(row[1])).toBe(n);
    // The row's check list (the filter's) names the same checks.
    expect(row[3]!.trim().split(' ').filter(Boolean).length).toBe(want.length);
    // Its replay line, around the check's pattern.
    expect(data.s[n]!.r[0]).toContain(`--base-url ${report.header.target} `);
  }

  // The tally: the most widespread failure first, with its intermittent share.
  const fails = (id: string) => reports.filter((r) => r.checks.some((c) => c.id === id && c.status === 'fail')).length;
  expect(data.k.map((k) => k[0]).slice(0, 2)).toEqual(['events.read.missing-4xx', 'venues.read.missing-4xx']);
  expect(html).toContain(`<td class="num">${fails('events.read.missing-4xx')} (20%)</td><td class="num"></td>`);
  expect(html).toContain(`<td class="num">${fails('venues.read.missing-4xx')} (16%)</td><td class="num">8</td>`);
  // An intermittent failure is a lower-case cell, a reproduced one upper case.
  expect(html).toContain('<td class="k f">f</td>');
  expect(html).toContain('<td class="k F">F</td>');
});

test(`${FLEET_FROM} results or fewer keep the side-by-side matrix`, () => {
  const { dir, paths } = fleet();
  const out = join(dir, 'runs.html');
  quiet(() => runReport(paths.slice(0, FLEET_FROM), { html: out }));
  expect(readFileSync(out, 'utf8')).toContain(`conformance matrix: ${FLEET_FROM} runs`);
  quiet(() => runReport(paths.slice(0, FLEET_FROM + 1), { html: out }));
  expect(readFileSync(out, 'utf8')).toContain(`calcert fleet: ${FLEET_FROM + 1} sites`);
});
