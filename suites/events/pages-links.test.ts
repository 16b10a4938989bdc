/**
 * Pages and their links (issue 12, point 5): `rest_url` of a list reflects the filters it applied;
 * `next_rest_url` and `previous_rest_url` exist exactly where another page exists and serve that
 * page (should: the original's next URLs carry status=any for administrators, which it rejects,
 * and drop categories/tags: a known deviation, so following them stays should).
 */
import { check } from '../../lib/check/index.ts';
import type { ApiResponse } from '../../lib/types.ts';
import { field, sameIds, showIds as show, req } from '../../lib/spec/contract.ts';
import { listEvents, makeEvent } from './support.ts';

check(
  {
    id: 'events.pages.rest-url-filters',
    spec: 'docs/requirements.md#measured-lists: lists carry rest_url (the default window shows in it); docs/requirements.md#record-shapes (should)',
    level: 'should',
    requirements: [req.route('GET', 'events'), req.cover('events.list.rest-url')],
    tags: ['writes'],
  },
  "a list's rest_url carries the filters it applied",
  async (t) => {
    const ev = await makeEvent(t, 'rest url', { featured: true }, 30);
    const list = await listEvents(t, { search: t.scope, featured: 'true', per_page: 3 });
    t.assert(list.ids.includes(ev.id), `the list misses event ${ev.id}`, list.res);
    const raw = field(list.res.json, 'rest_url');
    if (typeof raw !== 'string') return t.fail(`rest_url is ${JSON.stringify(raw)}`, list.res);
    const url = new URL(raw);
    const bad = [
      ['search', t.scope],
      ['featured', 'true'],
      ['per_page', '3'],
    ].filter(([k, v]) => {
      const got = url.searchParams.get(k);
      return got === null || (k === 'featured' ? !['1', 'true'].includes(got) : got !== v);
    });
    t.assert(
      bad.length === 0,
      `rest_url ${raw} does not carry ${bad.map(([k, v]) => `${k}=${v}`).join(', ')}`,
      list.res,
    );
  },
);

check(
  {
    id: 'events.pages.links-exact',
    spec: 'docs/requirements.md#measured-lists: lists carry next_rest_url? and previous_rest_url?; docs/requirements.md#pages (should: next_rest_url followable)',
    level: 'should',
    requirements: [req.route('GET', 'events'), req.param('events', 'page'), req.cover('events.list.next-previous')],
    tags: ['writes'],
  },
  'next_rest_url and previous_rest_url exist exactly where another page exists and serve that page',
  async (t) => {
    const ids: number[] = [];
    for (let i = 0; i < 3; i++) ids.push((await makeEvent(t, `page ${i}`, {}, 30 + i)).id);
    const q = { search: t.scope, per_page: 2 };
    const p1 = await listEvents(t, { ...q, page: 1 });
    const p2 = await listEvents(t, { ...q, page: 2 });
    const links = (res: ApiResponse) => ({
      next: field(res.json, 'next_rest_url'),
      previous: field(res.json, 'previous_rest_url'),
    });
    const l1 = links(p1.res);
    const l2 = links(p2.res);
    if (typeof l1.next !== 'string' || l1.previous !== undefined)
      return t.fail(
        `page 1 of 2 has next ${JSON.stringify(l1.next)} and previous ${JSON.stringify(l1.previous)}`,
        p1.res,
      );
    if (typeof l2.previous !== 'string' || l2.next !== undefined)
      return t.fail(
        `page 2 of 2 has next ${JSON.stringify(l2.next)} and previous ${JSON.stringify(l2.previous)}`,
        p2.res,
      );
    const follow = (url: string) =>
      listEvents(t, Object.fromEntries(new URL(url).searchParams), { what: `following ${url}` });
    const next = await follow(l1.next);
    t.assert(
      sameIds(next.ids, p2.ids),
      `next_rest_url of page 1 served ${show(next.ids)}, page 2 is ${show(p2.ids)}`,
      next.res,
    );
    const prev = await follow(l2.previous);
    t.assert(
      sameIds(prev.ids, p1.ids),
      `previous_rest_url of page 2 served ${show(prev.ids)}, page 1 is ${show(p1.ids)}`,
      prev.res,
    );
    t.assert(
      sameIds([...p1.ids, ...p2.ids], ids),
      `the two pages hold ${show([...p1.ids, ...p2.ids])}, created ${show(ids)}`,
      p2.res,
    );
  },
);
