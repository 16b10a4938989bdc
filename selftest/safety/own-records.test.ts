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
