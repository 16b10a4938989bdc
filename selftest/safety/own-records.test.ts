/**
 * A check deletes only what carries the run tag: a record registered without proof (an id a
 * misbehaving server answered) is read first and left alone when its name lacks the tag, while
 * the check's own records are deleted when it ends.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startReferenceServer, type ReferenceServer } from '../../fixtures/reference-server/index.ts';
import { CheckContext } from '../../lib/check/index.ts';
import { loadConfig } from '../../lib/run/config/load.ts';
import type { ResolvedConfig } from '../../lib/run/config/model.ts';
import { existsSync } from 'node:fs';
import { sweep } from '../../lib/run/cleanup.ts';
import { dropLedger, ledgerFile, parseLedger, readLedger } from '../../lib/run/ledger.ts';

let server: ReferenceServer;
let cfg: ResolvedConfig;
const auth = () => ({ authorization: `Basic ${Buffer.from('admin:own-records-pw').toString('base64')}` });

beforeAll(async () => {
  server = await startReferenceServer({ variant: 'extended', port: 0, user: 'admin', password: 'own-records-pw' });
  const base = loadConfig({
    env: {},
    cwd: '/nonexistent',
    flags: { 'base-url': server.url, user: 'admin', password: 'own-records-pw', 'run-tag': 'ccownrec1' },
  });
  cfg = { ...base, resolvedVariant: 'extended', detectedVariant: 'extended', fixtures: null, embedded: false };
});
afterAll(() => server.close());

async function tagExists(id: number): Promise<boolean> {
  const res = await fetch(`${server.url}/cal/events/v1/tags/${id}`, { headers: auth() });
  return res.status === 200;
}

test("an untagged record registered by id survives the cleanup; the check's own record does not", async () => {
  const foreign = await fetch(`${server.url}/cal/events/v1/tags`, {
    method: 'POST',
    headers: { ...auth(), 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'someone else' }),
  });
  const foreignId = ((await foreign.json()) as { id: number }).id;
  const t = new CheckContext(
    {
      id: 'tags.selftest.own-records',
      spec: 'selftest',
      level: 'must',
      requirements: ['route:POST /cal/events/v1/tags'],
      tags: ['writes'],
    },
    cfg,
  );
  const mine = await t.create('tags', { name: t.name('mine') });
  t.track('tags', foreignId);
  await t.cleanup();
  expect(await tagExists(foreignId)).toBe(true);
  expect(await tagExists(mine.id)).toBe(false);
  expect(t.cleanupErrors).toEqual([`not deleting /tags/${foreignId}: it does not carry the run tag ccownrec1`]);
  await t.api.close();
});

test('a record the check deleted itself (2xx) costs no second DELETE; one it failed to delete is deleted', async () => {
  const t = new CheckContext(
    {
      id: 'events.selftest.one-delete',
      spec: 'selftest',
      level: 'must',
      requirements: ['route:POST /cal/events/v1/events'],
      tags: ['writes'],
    },
    cfg,
  );
  const body = (label: string) => ({
    title: t.name(label),
    start_date: '2030-01-01 10:00:00',
    end_date: '2030-01-01 11:00:00',
  });
  const gone = await t.create('events', body('gone'));
  const kept = await t.create('events', body('kept'));
  expect((await t.api.delete(`/events/${gone.id}`, { force: true })).status).toBe(200);
  // Refused: the cleanup must still delete it.
  expect((await t.anon.delete(`/events/${kept.id}`)).status).toBeGreaterThanOrEqual(400);
  const before = t.exchanges.length;
  await t.cleanup();
  const deletes = t.exchanges.slice(before).map((e) => `${e.method} ${e.url.replace(/.*\/events/, '/events')}`);
  expect(deletes).toEqual([`DELETE /events/${kept.id}`]);
  expect(t.cleanupErrors).toEqual([]);
  await t.api.close();
});

// A record no list shows (6.x never lists a hidden event) left live by a check cut short: the
// run-tag sweep finds it through the run's ledger (lib/run/ledger.ts), reads it by id and deletes
// it; an id on the ledger whose record lacks the tag is left alone; a sweep that met no problem
// forgets the ledger, and a check that cleaned up leaves nothing outstanding on it.
test('the run-tag sweep deletes a tagged record no list shows, through the ledger, and nothing else', async () => {
  const withLedger = { ...cfg, ledger: true }; // as a run that sweeps afterwards
  const t = new CheckContext(
    {
      id: 'events.selftest.ledger',
      spec: 'selftest',
      level: 'must',
      requirements: ['route:POST /cal/events/v1/events'],
      tags: ['writes'],
    },
    withLedger,
  );
  const hidden = await t.create('events', {
    title: t.name('hidden'),
    start_date: '2030-01-01 10:00:00',
    end_date: '2030-01-01 11:00:00',
    hide_from_listings: true,
  });
  const listed = await t.api.get('/events', { search: withLedger.runTag, start_date: '2029-12-31 00:00:00' });
  expect((listed.json as { events?: unknown[] }).events ?? []).toEqual([]); // in no list: only the ledger finds it
  const foreign = server.store.addEvent({
    title: 'someone else',
    startLocal: '2030-01-01 10:00:00',
    endLocal: '2030-01-01 11:00:00',
  });
  t.track('events', foreign.id); // an id a misbehaving server answered
  expect(readLedger(withLedger.runTag, t.api.root).map((e) => e.id)).toEqual([hidden.id, foreign.id]);
  // The check never cleans up (a second signal ended the run): the sweep alone.
  const swept = await sweep(t.api, withLedger.runTag);
  expect(swept).toMatchObject({ errors: [], deleted: 1 });
  expect(server.store.events.get(hidden.id)?.status).toBe('trash');
  expect(server.store.events.get(foreign.id)?.status).toBe('publish');
  expect(existsSync(ledgerFile(withLedger.runTag, t.api.root))).toBe(false);
  // A check that cleans up settles its records: nothing outstanding, no read by id for the sweep.
  const u = new CheckContext(t.meta, withLedger);
  await u.create('events', {
    title: u.name('settled'),
    start_date: '2030-01-01 10:00:00',
    end_date: '2030-01-01 11:00:00',
    hide_from_listings: true,
  });
  await u.cleanup();
  expect(readLedger(withLedger.runTag, u.api.root)).toEqual([]);
  dropLedger(withLedger.runTag, u.api.root);
  expect(existsSync(ledgerFile(withLedger.runTag, u.api.root))).toBe(false);
  // Without the run's word (a run that does not sweep) no ledger is written.
  const v = new CheckContext(t.meta, cfg);
  await v.create('tags', { name: v.name('no ledger') });
  expect(existsSync(ledgerFile(cfg.runTag, v.api.root))).toBe(false);
  await v.cleanup();
  await v.api.close();
  await t.api.close();
  await u.api.close();
});

test('the ledger: created minus gone, once each, for one root; torn lines skipped', () => {
  const root = 'http://h/wp-json';
  const line = (o: object) => JSON.stringify({ root, ...o });
  const text = [
    line({ resource: 'events', id: 3 }),
    line({ resource: 'events', id: 3 }),
    line({ resource: 'tags', id: 4 }),
    JSON.stringify({ root: 'http://other/wp-json', resource: 'events', id: 5 }),
    line({ resource: 'events', id: 6 }),
    line({ resource: 'events', id: 6, gone: true }),
    line({ resource: 'posts', id: 7 }),
    line({ resource: 'venues', id: 1.5 }),
    '{"root":"http://h/wp-js',
    'not json',
  ].join('\n');
  expect(parseLedger(text, root)).toEqual([
    { root, resource: 'events', id: 3 },
    { root, resource: 'tags', id: 4 },
  ]);
});
