// Unit tests of certify()'s named steps (lib/certify/certify.ts) and of the check machinery's pure
// parts (lib/check/*): the outcome classifier, declaration sources. The pure steps run without a
// server; the steps that talk to a target use an embedded reference server on port 0.
import { expect, test } from 'vitest';
import { buildReport, cleanupOf, exitCodeOf, goneProblem, interruptionOf } from '../../lib/certify/finish.ts';
import {
  detectTargetGone,
  fixturesOf,
  hasTransportTrouble,
  preflightTarget,
  resolveConfig,
  runClient,
  startTarget,
  sweepAfter,
  sweepBefore,
} from '../../lib/certify/steps.ts';
import { Blocked, CheckFailure, classifyOutcome, sourceFromStack } from '../../lib/check/index.ts';
import { declaringDepth } from '../../lib/check/meta.ts';
import { TransportError } from '../../lib/run/client.ts';
import type { Exchange } from '../../lib/types.ts';
import { loadConfig } from '../../lib/run/config/load.ts';
import type { Config } from '../../lib/run/config/model.ts';
import type { CheckResult } from '../../lib/report/results.ts';
import type { SweepResult } from '../../lib/run/cleanup.ts';
import { CLONE_CALCERT } from '../support/run-cli.ts';

const config = (flags: Record<string, string | boolean> = {}): Config =>
  loadConfig({ env: {}, cwd: '/nonexistent-calcert-dir', flags: { seed: '7', 'run-tag': 'ccunit01', ...flags } });

const exchange = (over: Partial<Exchange> = {}): Exchange => ({
  method: 'GET',
  url: 'http://x/events',
  requestHeaders: {},
  ms: 1,
  retries: 0,
  curl: 'curl',
  ...over,
});

const result = (over: Partial<CheckResult> = {}): CheckResult => ({
  id: 'events.read.x',
  title: 't',
  file: 'suites/events/read.test.ts',
  level: 'must',
  tags: [],
  requirements: ['r'],
  spec: 's',
  status: 'pass',
  duration: 0,
  ...over,
});

test('classifier: the transport kind is data, from the error or the decisive exchange', () => {
  const down = exchange({ error: 'connection refused', transport: 'refused' });
  const t = classifyOutcome({ error: new TransportError('GET x: refused', 'refused', down) }, [down], 'must');
  expect(t).toMatchObject({ status: 'fail', transport: 'refused', exchange: down });
  const blocked = classifyOutcome({ error: new Blocked('setup', down) }, [down], 'must');
  expect(blocked).toMatchObject({ status: 'blocked', transport: 'refused' });
  // An HTTP answer is no transport trouble, whatever its status.
  const five = exchange({ status: 500, responseExcerpt: '{}' });
  expect(classifyOutcome({ error: new CheckFailure('x', five) }, [five], 'must').transport).toBeUndefined();
});

test('classifier: a crash on an unusable answer is the server failing, not the suite breaking', () => {
  const html = exchange({ status: 200, responseExcerpt: '<html>', responseHeaders: { 'content-type': 'text/html' } });
  const o = classifyOutcome({ error: new TypeError("cannot read 'id'") }, [html], 'should');
  expect(o.status).toBe('warn');
  expect(o.message).toMatch(/not usable JSON.*text\/html/);
  const ok = exchange({ status: 200, responseExcerpt: '{"id":1}' });
  const broke = classifyOutcome({ error: new TypeError('bug') }, [ok], 'must');
  expect(broke.status).toBe('error');
  expect(broke.message).toMatch(/the check itself broke/);
  expect(classifyOutcome(null, [ok], 'must')).toEqual({ status: 'pass' });
});

test('the declaration source is the first frame outside the check machinery, relative to the root', () => {
  const stack = [
    'Error',
    '    at sourceFromStack (/p/lib/check/meta.ts:80:3)',
    '    at check (/p/lib/check/declare.ts:20:18)',
    '    at family (file:///p/lib/linked/read.ts:12:3)',
    '    at /p/suites/venues/read.test.ts:4:1',
  ].join('\n');
  expect(sourceFromStack(stack, '/p')).toBe('lib/linked/read.ts:12');
  expect(sourceFromStack('Error\n    at /p/suites/a.test.ts:9:2', '/p')).toBe('suites/a.test.ts:9');
  expect(sourceFromStack('Error\n    at node:internal/x:1:1', '/p')).toBeUndefined();
  // Here, in a real stack: this file.
  expect(sourceFromStack(new Error().stack)).toMatch(/^selftest\/unit\/certify-steps\.test\.ts:\d+$/);
});

test('declaringDepth: the index of the frame sourceFromStack takes, from call sites before any formatting', () => {
  const sites = (...files: Array<string | null>) => files.map((f) => ({ getFileName: () => f }) as NodeJS.CallSite);
  expect(
    declaringDepth(sites('/p/lib/check/declare.ts', 'file:///p/lib/linked/read.ts', '/p/suites/a.test.ts'), '/p'),
  ).toBe(1);
  expect(
    declaringDepth(
      sites('/p/lib/check/declare.ts', null, 'node:internal/x', '/p/node_modules/v/x.js', '/p/suites/a.test.ts'),
      '/p',
    ),
  ).toBe(4);
  expect(declaringDepth(sites('/p/lib/check/declare.ts', '/elsewhere/x.ts'), '/p')).toBeUndefined();
  // Here, in a real stack: the same frame as the formatted stack's.
  const prepare = Error.prepareStackTrace;
  Error.prepareStackTrace = (_error, s) => s;
  const raw = new Error().stack as unknown as NodeJS.CallSite[];
  Error.prepareStackTrace = prepare;
  const depth = declaringDepth(raw) as number;
  expect(raw[depth]?.getFileName()).toMatch(/selftest\/unit\/certify-steps\.test\.ts$/);
});

test('resolveConfig: variant from preflight unless declared; no credentials means read-only', () => {
  const target = { ...config({ 'base-url': 'http://x/wp-json', user: 'u', password: 'p' }) };
  const r = resolveConfig(target, { detectedVariant: 'base' }, null, false);
  expect(r).toMatchObject({ resolvedVariant: 'base', detectedVariant: 'base', readOnly: false, embedded: false });
  expect(resolveConfig({ ...target, variant: 'extended' }, { detectedVariant: 'base' }, null, true)).toMatchObject({
    resolvedVariant: 'extended',
    embedded: true,
  });
  expect(resolveConfig({ ...target, auth: { kind: 'none' } }, { detectedVariant: 'base' }, null, false).readOnly).toBe(
    true,
  );
  // A slow target's latency earns it more workers; the embedded server's is this machine's load.
  expect(resolveConfig(target, { detectedVariant: 'base', latencyMs: 80 }, null, false).latencyMs).toBe(80);
  expect(resolveConfig(target, { detectedVariant: 'base', latencyMs: 80 }, null, true).latencyMs).toBeUndefined();
  const fx = { format: 1 as const, image: { id: 1, url: 'u' } };
  expect(fixturesOf(target, fx, undefined)).toBe(fx);
  expect(fixturesOf(target, undefined, { fixtures: fx } as never)).toBe(fx);
  expect(fixturesOf(target, undefined, undefined)).toBeNull();
});

test('transport trouble is read from the stored kind, never from message text', () => {
  expect(hasTransportTrouble([result({ status: 'fail', message: 'no answer, connection refused' })])).toBe(false);
  expect(hasTransportTrouble([result({ status: 'fail', transport: 'timeout' })])).toBe(true);
  const aborted: SweepResult = {
    found: { events: 0, venues: 0, organizers: 0, categories: 0, tags: 0 },
    deleted: 0,
    errors: ['x'],
    aborted: true,
  };
  expect(hasTransportTrouble([], aborted)).toBe(true);
  expect(cleanupOf({ after: { ...aborted, found: { ...aborted.found, tags: 2 }, deleted: 2 } })).toEqual({
    before: 0,
    after: 2,
    deleted: 2,
    errors: ['x'],
  });
  // The cleanup line runs as printed: the target flags with it, only the password left to the environment.
  const auth = { kind: 'basic' as const, user: 'ed', password: 'pw-secret' };
  const gone = goneProblem('refused', { baseUrl: 'http://x', namespace: 'cal/events/v1', auth, runTag: 'cc1' });
  expect(gone).toMatch(/stopped answering.*fix:/);
  expect(gone).toContain(
    `\`${CLONE_CALCERT} cleanup --base-url http://x --user ed --run-tag cc1\` (export CAL_PASSWORD first)`,
  );
  expect(gone).not.toContain('pw-secret');
});

test('interruption and exit codes', () => {
  expect(interruptionOf(true, true, 5)).toBe('interrupted by a signal');
  expect(interruptionOf(false, true, 5)).toBe('the global deadline of 5 s passed');
  expect(interruptionOf(false, false, 5)).toBeUndefined();
  const base = { signalled: false, strict: false, baseline: '', checks: [result()], verdict: 'certified' as const };
  expect(exitCodeOf(base)).toBe(0);
  expect(exitCodeOf({ ...base, verdict: 'not-certified' })).toBe(1);
  expect(exitCodeOf({ ...base, verdict: 'not-certified', gateExit: 0 })).toBe(0);
  expect(exitCodeOf({ ...base, problem: 'gone' })).toBe(2);
  expect(exitCodeOf({ ...base, problem: 'gone', signalled: true })).toBe(130);
  const warned = { ...base, checks: [result({ level: 'should', status: 'warn' })] };
  expect(exitCodeOf(warned)).toBe(0);
  expect(exitCodeOf({ ...warned, strict: true })).toBe(1);
  expect(exitCodeOf({ ...warned, strict: true, baseline: 'b.json', gateExit: 0 })).toBe(0);
});

test('buildReport: header, sorted counts, verdict from checks and run errors', () => {
  const cfg = config({ 'base-url': 'http://x/wp-json', user: 'u', password: 'secret-pw' });
  const resolved = resolveConfig(cfg, { detectedVariant: 'extended' }, null, false);
  const checks = [result(), result({ id: 'events.read.y', status: 'fail', requests: 3 })];
  const report = buildReport({
    config: cfg,
    resolved,
    detectedVariant: 'extended',
    startedAt: new Date(1000),
    finishedAt: new Date(3500),
    ownRequests: 4,
    checks,
    runErrors: [],
  });
  expect(report.header).toMatchObject({ duration: 2500, requests: 7, seed: 7, runTag: 'ccunit01' });
  expect(JSON.stringify(report)).not.toContain('secret-pw');
  expect(report.footer.verdict).toBe('not-certified');
  expect(report.footer.counts.byStatus).toEqual({ pass: 1, fail: 1 });
  const clean = buildReport({
    config: cfg,
    resolved,
    detectedVariant: 'extended',
    startedAt: new Date(0),
    finishedAt: new Date(0),
    ownRequests: 0,
    checks: [result()],
    runErrors: ['a suite file failed to load'],
  });
  expect(clean.footer.verdict).toBe('not-certified');
});

test('startTarget, preflightTarget, sweeps and detectTargetGone against an embedded server', async () => {
  const { target, server } = await startTarget(config());
  expect(server).toBeDefined();
  const client = runClient(target);
  try {
    const pre = await preflightTarget(target, client);
    expect(pre).toMatchObject({ ok: true, pre: { detectedVariant: 'extended' } });
    const resolved = resolveConfig(target, { detectedVariant: 'extended' }, null, true);
    const logs: string[] = [];
    expect((await sweepBefore(client, resolved, (l) => logs.push(l))).errors).toEqual([]);
    expect((await sweepAfter(client, resolved, (l) => logs.push(l), true)).errors).toEqual([]);
    expect(logs.join('\n')).toMatch(/after the interruption/);
    expect(await detectTargetGone(client)).toBeNull();
    await server!.close();
    expect(await detectTargetGone(client)).toMatch(/refused|closed|no answer/);
    const bad = await preflightTarget(target, runClient(target));
    expect(bad).toMatchObject({ ok: false });
    if (!bad.ok) expect(bad.problem).toMatch(/fix:/);
  } finally {
    await client.close();
    await server?.close();
  }
});
