/**
 * The evidence rule (issue 29, finding 8): a pass needs a judgement, an assertion on an answer to
 * a request of the check's own. Setup reads (`t.setup`) and the list/record readers' bookkeeping
 * (`t.record`, `t.list`) are no evidence: a check that makes a setup read and then asserts in a
 * loop over an empty list ends `error` (unjudged 'no-evidence'), never `pass`. Positive control
 * beside it: the same check with one assertion on its own answer passes.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startReferenceServer, type ReferenceServer } from '../../fixtures/reference-server/index.ts';
import { CheckContext } from '../../lib/check/index.ts';
import { classifyOutcome } from '../../lib/check/outcome.ts';
import type { CheckMeta } from '../../lib/check/meta.ts';
import { loadConfig } from '../../lib/run/config/load.ts';
import type { ResolvedConfig } from '../../lib/run/config/model.ts';
import { thinPassesOf, type CheckResult } from '../../lib/report/results.ts';

let server: ReferenceServer;
let cfg: ResolvedConfig;

beforeAll(async () => {
  server = await startReferenceServer({ variant: 'extended', port: 0, user: 'admin', password: 'evidence-pw' });
  const base = loadConfig({
    env: {},
    cwd: '/nonexistent',
    flags: { 'base-url': server.url, user: 'admin', password: 'evidence-pw', 'run-tag': 'ccevidence1' },
  });
  cfg = { ...base, resolvedVariant: 'extended', detectedVariant: 'extended', fixtures: null, embedded: false };
});
afterAll(() => server.close());

const META: CheckMeta = {
  id: 'events.selftest.trial',
  spec: 'selftest',
  level: 'must',
  requirements: ['route:GET /cal/events/v1/events'],
  tags: [],
};

/** The trial check of the finding: a setup read, then assertions in a loop over a list that is empty. */
async function trial(t: CheckContext, judgeOnce: boolean): Promise<void> {
  const some = t.list(await t.api.get('/events', { per_page: 1 }), 'events', 'a setup read of the events list');
  if (some[0]) t.record(await t.api.get(`/events/${some[0].id}`), 'a setup read of one event');
  const res = await t.api.get('/events', { search: `${t.scope} nothing matches this` });
  const none = t.list(res, 'events');
  for (const r of none) t.assert(typeof r.title === 'string', 'each listed event has a title', res);
  if (judgeOnce) t.assert(none.length === 0, `the search matching nothing listed ${none.length} event(s)`, res);
}

test('a check that made setup reads and asserted in a loop over an empty list ends error (no-evidence), not pass', async () => {
  const t = new CheckContext(META, cfg);
  await trial(t, false);
  expect(t.exchanges.length).toBeGreaterThanOrEqual(2);
  expect(classifyOutcome(null, t.exchanges, 'must', t.assertions)).toMatchObject({
    status: 'error',
    unjudged: 'no-evidence',
  });
  await t.api.close();
});

test('positive control: the same check with one assertion on its own answer passes', async () => {
  const t = new CheckContext(META, cfg);
  await trial(t, true);
  expect(t.assertions).toBe(1);
  expect(classifyOutcome(null, t.exchanges, 'must', t.assertions).status).toBe('pass');
  await t.api.close();
});

test("what the setup view asserts is setup, never a judgement; it shares the check's exchanges and records", async () => {
  const t = new CheckContext({ ...META, tags: ['writes'] }, cfg);
  const res = await t.setup.api.get('/events', { per_page: 1 });
  t.setup.expectStatus(res, 200, 'a setup read');
  t.setup.assert(true, 'setup holds', res);
  expect(t.assertions).toBe(0);
  expect(t.setupAssertions).toBe(2);
  expect(t.exchanges.length).toBe(1);
  const made = await t.setup.create('tags', { name: t.setup.name('made in setup') });
  t.setup.sharedRequests += 3;
  expect(t.sharedRequests).toBe(3);
  // A failing setup assertion still fails the check.
  expect(() => t.setup.assert(false, 'setup broke', res)).toThrow('setup broke');
  t.expectStatus(res, 200, 'the check’s own read');
  expect(t.assertions).toBe(1);
  await t.cleanup();
  const gone = await t.api.get(`/tags/${made.id}`);
  expect(gone.status).toBeGreaterThanOrEqual(400);
  await t.api.close();
});

test('thin passes: the checks that ended without a judgement, as id (setup n)', () => {
  const c = (id: string, status: CheckResult['status'], extra: Partial<CheckResult> = {}): CheckResult => ({
    id,
    title: '',
    spec: '',
    level: 'must',
    requirements: [],
    tags: [],
    status,
    duration: 0,
    file: 'f',
    ...extra,
  });
  const table: Array<[CheckResult, boolean]> = [
    [c('a.b.judged', 'pass', { assertions: 1 }), false],
    [c('a.b.unjudged', 'error', { unjudged: 'no-evidence', assertions: 0, setupAssertions: 3 }), true],
    [c('a.b.zero-pass', 'pass', { assertions: 0 }), true],
    [c('a.b.transient', 'error', { unjudged: 'transient', assertions: 0 }), false],
    [c('a.b.na', 'n/a'), false],
    [c('a.b.failed', 'fail', { assertions: 0 }), false],
  ];
  expect(thinPassesOf(table.map(([r]) => r))).toEqual(
    table.filter(([, thin]) => thin).map(([r]) => `${r.id} (setup ${r.setupAssertions ?? 0})`),
  );
});
