// Unit tests of the harness' pure parts: applicability, per-check seeds, verdicts, status
// mapping, curl reproduction without secrets, report rendering.
import { createServer } from 'node:http';
import { expect, test } from 'vitest';
import {
  Blocked,
  CheckFailure,
  checkSeed,
  classifyOutcome,
  NotApplicable,
  notApplicableReason,
} from '../../lib/check/index.ts';
import { Client } from '../../lib/run/client.ts';
import { RunStopped } from '../../lib/run/limiter.ts';
import { statusOf } from '../../lib/certify/runner.ts';
import { MIN_JUDGED_READ_ONLY, readOnlyShortfall, verdictOf, type CheckResult } from '../../lib/report/results.ts';
import { redactor, renderJunit, renderSummary } from '../../lib/report/write.ts';
import type { ResolvedConfig } from '../../lib/run/config/model.ts';
import { field } from '../../lib/spec/contract.ts';

const cfg = (over: Partial<ResolvedConfig>): ResolvedConfig =>
  ({
    resolvedVariant: 'extended',
    features: [],
    readOnly: false,
    auth: { kind: 'basic', user: 'u', password: 'p' },
    ...over,
  }) as ResolvedConfig;

test('applicability follows variant, features, read-only mode and credentials', () => {
  expect(notApplicableReason(['extended'], cfg({ resolvedVariant: 'base' }))).toBe('extended variant only');
  expect(notApplicableReason(['base'], cfg({}))).toBe('base variant only');
  expect(notApplicableReason(['premium'], cfg({}))).toMatch(/premium/);
  expect(notApplicableReason(['premium'], cfg({ features: ['premium'] }))).toBeNull();
  expect(notApplicableReason(['writes'], cfg({ readOnly: true }))).toMatch(/read-only/);
  expect(notApplicableReason(['writes'], cfg({ auth: { kind: 'none' } }))).toMatch(/credentials/);
  expect(notApplicableReason([], cfg({ readOnly: true }))).toBeNull();
});

test('per-check seeds are stable and differ between checks', () => {
  expect(checkSeed(42, 'events.list.a')).toBe(checkSeed(42, 'events.list.a'));
  expect(checkSeed(42, 'events.list.a')).not.toBe(checkSeed(42, 'events.list.b'));
  expect(checkSeed(42, 'events.list.a')).not.toBe(checkSeed(43, 'events.list.a'));
});

const result = (status: CheckResult['status'], level: 'must' | 'should' = 'must'): CheckResult => ({
  id: `events.x.${status}`,
  title: 't',
  file: 'f',
  level,
  tags: [],
  requirements: [],
  spec: '',
  status,
  duration: 0,
});

test('the verdict: certified unless an applicable must-check fails, is blocked or errors', () => {
  expect(verdictOf([result('pass'), result('warn', 'should'), result('n/a')], false)).toBe('certified');
  // A read-only run certifies only when it judged enough of the target's own data: at least
  // MIN_JUDGED_READ_ONLY observation checks, one of every observation group; else inconclusive.
  const observed = (id: string, status: CheckResult['status'] = 'pass') => ({ ...result(status), id });
  const groups = [
    'observe.crawl.lists-readable',
    'observe.events-list.per-page',
    'observe.events-filter.search',
    'observe.events-read.by-id-agrees',
    'observe.events-anonymous.published-only',
  ];
  const enough = [
    ...groups.map((id) => observed(id)),
    ...Array.from({ length: MIN_JUDGED_READ_ONLY }, (_, i) => observed(`observe.tags-filter.f${i}`)),
  ];
  expect(verdictOf(enough, true)).toBe('certified-read-only');
  expect(verdictOf([observed('observe.events-list.per-page')], true)).toBe('inconclusive');
  expect(verdictOf([result('pass')], true)).toBe('inconclusive');
  // One group judged by nothing (its checks n/a: no data for it) is inconclusive too.
  const noAnonymous = enough.map((c) => (c.id.includes('anonymous') ? { ...c, status: 'n/a' as const } : c));
  expect(verdictOf(noAnonymous, true)).toBe('inconclusive');
  expect(readOnlyShortfall(noAnonymous)).toMatch(/anonymous visibility of events.*seed it.*or run with writes/);
  // A must failure is not-certified before anything else.
  expect(verdictOf([...enough, observed('observe.events-list.defaults', 'fail')], true)).toBe('not-certified');
  for (const s of ['fail', 'blocked', 'error', 'expected-fail'] as const)
    expect(verdictOf([result(s)], false)).toBe('not-certified');
  expect(verdictOf([result('pass')], false, ['suite file failed to load'])).toBe('not-certified');
});

test('statuses: a should-level failure is a warning; unexplained failures are errors', () => {
  // Decided once, in the worker, by the pure classifier.
  expect(classifyOutcome({ error: new CheckFailure('x') }, [], 'must').status).toBe('fail');
  expect(classifyOutcome({ error: new CheckFailure('x') }, [], 'should').status).toBe('warn');
  expect(classifyOutcome({ error: new Blocked('x') }, [], 'must').status).toBe('blocked');
  expect(classifyOutcome({ error: new TypeError('x') }, [], 'must').status).toBe('error');
  expect(classifyOutcome({ error: new NotApplicable('x') }, [], 'must').status).toBe('n/a');
  expect(classifyOutcome(null, [], 'must').status).toBe('pass');
  // A pass needs evidence: a body that returned after no assertion on the server's answers is
  // an error of the check (no-evidence), never a pass.
  expect(classifyOutcome(null, [], 'must', 1).status).toBe('pass');
  expect(classifyOutcome(null, [], 'must', 0)).toMatchObject({ status: 'error', unjudged: 'no-evidence' });
  expect(classifyOutcome({ error: new NotApplicable('x') }, [], 'must', 0).status).toBe('n/a');
  // A check an interruption stopped (its client refused to send) is unjudged, never a failure,
  // even when its last exchange carries the refusal.
  const refused = { method: 'GET', url: 'u', requestHeaders: {}, ms: 0, retries: 0, error: 'not sent', curl: '' };
  expect(classifyOutcome({ error: new RunStopped('x') }, [refused], 'must')).toMatchObject({
    status: 'error',
    unjudged: 'interrupted',
  });
  // The runner takes the worker's status; a check the worker never finished is an error.
  const rec = { id: 'a.b.c', title: '', spec: '', level: 'must' as const, requirements: [], tags: [] };
  expect(statusOf({ ...rec, status: 'warn' }, 'failed')).toBe('warn');
  expect(statusOf({ ...rec }, 'failed')).toBe('error');
  expect(statusOf({ ...rec, status: 'n/a' }, 'skipped')).toBe('n/a');
  expect(statusOf({ ...rec, status: 'pass' }, 'passed')).toBe('pass');
  expect(statusOf({ ...rec, status: 'pass' }, 'failed')).toBe('error');
});

test('the client records exchanges with the Authorization redacted and a curl line using $CAL_PASSWORD', async () => {
  const server = createServer((req, res) => {
    res.setHeader('content-type', 'application/json');
    // A server echoing the secret in a header's value and name: the exchange records neither.
    if (req.url?.includes('echo')) res.setHeader('x-echo', 'got pw-secret').setHeader('x-pw-secret', '1');
    res.end(JSON.stringify({ auth: req.headers.authorization ?? null, url: req.url }));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as { port: number }).port;
  const seen: string[] = [];
  const client = new Client({
    baseUrl: `http://127.0.0.1:${port}/wp-json`,
    namespace: 'cal/events/v1',
    auth: { kind: 'basic', user: 'ed', password: 'pw-secret' },
    timeoutMs: 5000,
    concurrency: 2,
    onExchange: (e) => seen.push(JSON.stringify(e)),
  });
  try {
    const res = await client.get('/events', { categories: ['a', 'b'], per_page: 5 });
    expect(res.status).toBe(200);
    expect(field(res.json, 'auth')).toBe(`Basic ${Buffer.from('ed:pw-secret').toString('base64')}`);
    expect(decodeURIComponent(String(field(res.json, 'url')))).toBe(
      '/wp-json/cal/events/v1/events?categories[]=a&categories[]=b&per_page=5',
    );
    expect(res.exchange.curl).toContain(`-u "ed:$CAL_PASSWORD"`);
    expect(res.exchange.responseHeaders).toEqual(res.headers);
    const echo = await client.get('/echo');
    expect(echo.headers['x-echo']).toBe('got pw-secret');
    expect(echo.exchange.responseHeaders?.['x-echo']).toBe('got (redacted)');
    expect(echo.exchange.responseHeaders?.['x-(redacted)']).toBe('1');
    expect(Object.keys(echo.exchange.responseHeaders ?? {})).toEqual(
      Object.keys(echo.headers).map((k) => k.replace('pw-secret', '(redacted)')),
    );
    const anon = await client.anonymous().get('');
    expect(field(anon.json, 'auth')).toBeNull();
    for (const line of seen) {
      expect(line).not.toContain('pw-secret');
      expect(line).not.toContain(Buffer.from('ed:pw-secret').toString('base64'));
    }
  } finally {
    await client.close();
    server.close();
  }
});

test('reports render failures with their reproduction, and redaction removes secrets', () => {
  const report = {
    format: 1 as const,
    header: {
      tool: 'calcert',
      version: '0',
      target: 'http://x',
      namespace: 'cal/events/v1',
      embedded: false,
      variant: { declared: 'auto', detected: 'base', resolved: 'base', mismatch: false },
      features: [],
      seed: 1,
      runTag: 'cc1',
      readOnly: false,
      startedAt: '2026-01-01T00:00:00Z',
      duration: 1,
      requests: 1,
      config: {},
    },
    checks: [{ ...result('fail'), message: 'expected 201, got 500', curl: "curl -X POST 'http://x'" }],
    footer: { counts: { byLevel: {}, byStatus: {}, byGroup: {} }, verdict: 'not-certified' as const, errors: [] },
  };
  expect(renderSummary(report)).toContain("curl -X POST 'http://x'");
  expect(renderJunit(report)).toContain('<failure message="fail: expected 201, got 500">');
  expect(redactor(['hunter2'])('pw=hunter2&x')).toBe('pw=(redacted)&x');
});
