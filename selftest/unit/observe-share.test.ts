// The learned data reach the workers as shared memory (lib/run/crawl.ts share/unshare), not
// as a provided object vitest would copy into every file's task (issue 21: 900 events cloned
// about 100 times made a large calendar's read-only run slower than a small one's).
// And the one list reader's levels (lib/spec/contract.ts readPages): only a record repeated across
// pages is incoherent (must); totals that are missing or wrong are should, never incoherent.
import { expect, test } from 'vitest';
import type { ApiResponse } from '../../lib/types.ts';
import { readPages } from '../../lib/spec/contract.ts';
import { type Learned, share, unshare } from '../../lib/run/crawl.ts';

test('share/unshare: the learned data round-trip through a SharedArrayBuffer (text with non-ASCII too)', () => {
  const learned: Learned = {
    key: 'cc12345678 http://t/wp-json cal/events/v1',
    variant: 'extended',
    authenticated: true,
    events: [{ id: 11, title: 'Grüße — «café» 🎉', status: 'publish', tags: [3] }],
    venues: [{ id: 12, venue: 'Hall' }],
    organizers: [],
    categories: [{ id: 2, name: 'c', count: 1 }],
    tags: [{ id: 3, name: 't', count: 1 }],
    anonymous: { events: [11] },
    routes: [{ route: 'GET /events', pages: 1, records: 1, total: 1, complete: true }],
    problems: [],
    requests: 8,
    budget: 1200,
    complete: true,
    at: '2026-11-26T09:00:00.000Z',
    excluded: { events: [13] },
    lists: { events: [11, 13] },
    snapshot: { records: 4, differing: 1, arrived: 0, bound: 1 },
  };
  const shared = share(learned);
  expect(shared.json).toBeInstanceOf(SharedArrayBuffer);
  expect(shared.key).toBe(learned.key);
  expect(unshare(shared)).toEqual(learned);
});

/** A list page answer as the client returns it. */
function answer(body: unknown): ApiResponse {
  const text = JSON.stringify(body);
  return {
    status: 200,
    headers: { 'content-type': 'application/json' },
    text,
    json: body,
    exchange: { method: 'GET', url: 'http://t/x', requestHeaders: {}, ms: 1, retries: 0, curl: '' },
  };
}

const pages = (list: number[][], extra: (page: number) => Record<string, unknown> = () => ({})) =>
  readPages(
    async (page) => answer({ events: (list[page - 1] ?? []).map((id) => ({ id })), ...extra(page) }),
    'events',
    { variant: 'extended', perPage: 2, maxPages: 10 },
  );

test('readPages: a record repeated across pages is incoherent; missing or contradicting totals are not', async () => {
  const repeated = await pages([
    [1, 2],
    [2, 3],
  ]);
  expect(repeated.incoherent).toMatch(/repeats record\(s\) \[2\]/);

  // No totals: read to the first short page.
  const bare = await pages([[1, 2], [3, 4], [5]]);
  expect(bare.incoherent).toBeUndefined();
  expect(bare.totalsWrong).toBeUndefined();
  expect(bare.ids).toEqual([1, 2, 3, 4, 5]);
  expect(bare.complete).toBe(true);

  // total_pages too small (records past it) and contradicting total: noted, read on.
  const wrong = await pages([[1, 2], [3, 4], [5]], () => ({ total: 5, total_pages: 1 }));
  expect(wrong.incoherent).toBeUndefined();
  expect(wrong.totalsWrong).toMatch(/total_pages 1/);
  expect(wrong.ids).toEqual([1, 2, 3, 4, 5]);
  expect(wrong.complete).toBe(true);

  // Right totals end the read at total_pages.
  const right = await pages([[1, 2], [3, 4], [5]], () => ({ total: 4, total_pages: 2 }));
  expect(right.totalsWrong).toBeUndefined();
  expect(right.ids).toEqual([1, 2, 3, 4]);
});
