// `calcert diff` draws the record IDs of its queries (venue=, organizer=, include=, exclude=,
// categories=, tags=) from records that exist on both servers (issue 14 point 9): records are paired
// by name, and each side gets its own ID of the pair. Two servers with the same records under
// different IDs (here: one server used one post ID and one term ID more before the records were
// made) show no difference; with random IDs they did (a venue on one side, nothing or another
// record on the other).
import { afterAll, beforeAll, expect, test } from 'vitest';
import { Client } from '../../lib/run/client.ts';
import { field } from '../../lib/spec/contract.ts';
import { generateQueries } from '../../lib/tools/diff/generate.ts';
import { runDiff } from '../../lib/tools/diff/run.ts';
import { startReferenceServer, type ReferenceServer } from '../../fixtures/reference-server/index.ts';

const PASSWORD = 'pw-diff-ids';
const servers: ReferenceServer[] = [];

function client(s: ReferenceServer): Client {
  return new Client({
    baseUrl: s.url,
    namespace: s.namespace,
    auth: { kind: 'basic', user: 'admin', password: PASSWORD },
    timeoutMs: 10_000,
    concurrency: 1,
  });
}

function day(n: number): string {
  const d = new Date();
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

/** The same records on a server, in the same order; `shift` first spends one post ID and one term ID. */
async function populate(s: ReferenceServer, shift: boolean): Promise<void> {
  const api = client(s);
  const id = async (path: string, body: Record<string, unknown>) => {
    const res = await api.post(path, body);
    const value = field(res.json, 'id');
    if (res.status !== 201 || typeof value !== 'number') throw new Error(`POST ${path}: ${res.status} ${res.text}`);
    return value;
  };
  try {
    if (shift) {
      await api.delete(`/venues/${await id('/venues', { venue: 'Spent venue' })}`);
      await api.delete(`/tags/${await id('/tags', { name: 'Spent tag' })}`, { force: true });
    }
    const venues = [];
    const organizers = [];
    for (const n of ['Harbour Hall', 'Garden Stage', 'Library Room']) venues.push(await id('/venues', { venue: n }));
    for (const n of ['Arts Society', 'Sports Club', 'City Council'])
      organizers.push(await id('/organizers', { organizer: n }));
    const categories = [await id('/categories', { name: 'Music' }), await id('/categories', { name: 'Sports' })];
    const tags = [await id('/tags', { name: 'Outdoor' }), await id('/tags', { name: 'Family' })];
    for (let i = 0; i < 6; i++)
      await id('/events', {
        title: `Diff event ${i + 1}`,
        start_date: `${day(10 + i * 7)} 10:00:00`,
        end_date: `${day(10 + i * 7)} 12:00:00`,
        venue: venues[i % 3],
        organizer: organizers[i % 3],
        categories: [categories[i % 2]],
        tags: [tags[i % 2]],
      });
  } finally {
    await api.close();
  }
}

beforeAll(async () => {
  const start = () => startReferenceServer({ variant: 'extended', port: 0, user: 'admin', password: PASSWORD });
  servers.push(await start(), await start());
  await populate(servers[0] as ReferenceServer, false);
  await populate(servers[1] as ReferenceServer, true);
});
afterAll(async () => {
  await Promise.all(servers.map((s) => s.close()));
});

test('the generated queries name records by pair ({venues_0}), never by a number', () => {
  const steps = generateQueries(3, 60, '2026-06-01', { events: 6, venues: 3, organizers: 3, categories: 2, tags: 2 });
  const values = steps.flatMap((s) =>
    Object.entries(s.query ?? {})
      .filter(([k]) => ['venue', 'organizer', 'include', 'exclude'].includes(k))
      .map(([, v]) => String(v)),
  );
  expect(values.length).toBeGreaterThan(5);
  for (const v of values) expect(v).toMatch(/^\{(events|venues|organizers|categories|tags)_\d+\}(,\{\w+_\d+\})*$/);
  // Without records on both sides, no ID filter is drawn at all.
  const none = generateQueries(3, 60, '2026-06-01', { events: 0, venues: 0, organizers: 0, categories: 0, tags: 0 });
  expect(none.some((s) => ['venue', 'organizer', 'include', 'exclude'].some((k) => k in (s.query ?? {})))).toBe(false);
});

test('two servers with the same records under different IDs: no difference (IDs drawn from records on both)', async () => {
  const [a, b] = servers as [ReferenceServer, ReferenceServer];
  const side = (s: ReferenceServer) => ({
    baseUrl: s.url,
    namespace: s.namespace,
    auth: { kind: 'basic' as const, user: 'admin', password: PASSWORD },
  });
  const lines: string[] = [];
  const result = await runDiff({
    base: side(a),
    candidate: side(b),
    seed: 11,
    numRuns: 40,
    readOnly: true,
    runTag: 'ccdiffids',
    timeoutMs: 10_000,
    log: (l) => lines.push(l),
  });
  expect(lines.join('\n')).toMatch(/on both sides by name: 6 events, 3 venues, 3 organizers, 2 categories, 2 tags/);
  // The run's queries did filter by the paired IDs.
  expect(result.requests).toBeGreaterThan(40);
  const today = new Date().toISOString().slice(0, 10);
  const pools = { events: 6, venues: 3, organizers: 3, categories: 2, tags: 2 };
  const byId = generateQueries(11, 40, today, pools).filter((s) => /\{\w+_\d+\}/.test(JSON.stringify(s.query ?? {})));
  expect(byId.length).toBeGreaterThan(4);
  expect(result.differences.map((d) => `${d.request}: ${d.details.join('; ')}`)).toEqual([]);
});
