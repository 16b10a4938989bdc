/**
 * A page past the end, declared once for the five resources: it lists none of the records (must;
 * an empty list or a 404), with a positive control (the last page holds the remainder), and it
 * answers the original's status (should: 404 for posts, 200 with an empty list for terms:
 * `pastEndStatus` of lib/spec/resources.ts). The records come from the caller's paging pool (three
 * records that one search word lists), so that no check makes records of its own for this.
 */
import { check, type CheckContext } from '../../../lib/check/index.ts';
import { field, readList, req, showIds } from '../../../lib/spec/contract.ts';
import { an, type ResourceDef } from '../../../lib/spec/resources.ts';
import type { ApiResponse } from '../../../lib/types.ts';

/** Three records of the paging pool and the search that lists exactly them. */
type ThreeRecords = (t: CheckContext) => Promise<{ search: string; ids: number[] }>;

export function pastEndChecks(r: ResourceDef, three: ThreeRecords): void {
  const P = r.plural;
  const requirements = [req.route('GET', P), req.param(P, 'page'), req.param(P, 'per_page')];
  const page = (t: CheckContext, search: string, n: number) =>
    t.api.get(`/${P}`, { search, per_page: 2, page: n, ...r.listScope });

  check(
    {
      id: `${P}.list.past-end`,
      spec: `List ${P}: page; docs/requirements.md#page-past-the-end (must: no records, an empty list or a 404); positive control: the last page holds the remainder`,
      level: 'must',
      requirements,
      tags: ['writes'],
    },
    `lists none of the ${P} on a page past the last one`,
    async (t) => {
      const { search, ids } = await three(t);
      const lastRes = await page(t, search, 2);
      const last = readList(t, lastRes, P, { what: 'page 2 of 2 (per_page=2, 3 matches)' });
      t.assert(
        last.ids.length === 1 && ids.includes(last.ids[0]),
        `page 2 of 2 (per_page=2, the 3 ${P} ${showIds(ids)}) lists ${showIds(last.ids)}, expected one of them (positive control)`,
        lastRes,
      );
      const pastRes = await page(t, search, 3);
      const past = readList(t, pastRes, P, { what: 'page 3 of 2', notFoundIsEmpty: true });
      t.assert(
        past.ids.length === 0,
        `page 3 of 2 (per_page=2, the 3 ${P} ${showIds(ids)}) lists ${showIds(past.ids)}, expected no records`,
        pastRes,
      );
    },
  );

  const status = r.pastEndStatus;
  check(
    {
      id: `${P}.list.past-end-${status}`,
      spec:
        status === 404
          ? `docs/requirements.md#page-past-the-end (should: 404 for ${P}, as the original answers)`
          : 'docs/requirements.md#measured-lists: term lists answer 200 with an empty list past the end (should)',
      level: 'should',
      requirements,
      tags: ['writes'],
    },
    status === 404
      ? 'answers 404 to a page past the last one'
      : `answers 200 with an empty array to a page past the last one`,
    async (t) => {
      const { search } = await three(t);
      const res = await page(t, search, 3);
      t.expectStatus(res, status, 'page 3 of 2 (per_page=2, 3 matches)');
      if (status === 200) {
        const records = field(res.json, P);
        t.assert(
          Array.isArray(records) && records.length === 0,
          `the page past the end holds ${JSON.stringify(records)?.slice(0, 100)}, expected []`,
          res,
        );
      }
    },
  );

  check(
    {
      id: `${P}.list.total-headers`,
      spec: `List ${P}: page, per_page; docs/requirements.md#record-shapes (should: the original sends X-TEC-Total and X-TEC-TotalPages on every list, equal to total and total_pages; core's X-WP-Total, when a server sends it, must agree too)`,
      level: 'should',
      requirements,
      tags: ['writes'],
    },
    `every page of ${an(r.noun)} list carries X-TEC-Total and X-TEC-TotalPages equal to the body's total and total_pages`,
    async (t) => {
      const { search } = await three(t);
      for (const n of [1, 2]) {
        const res = await page(t, search, n);
        readList(t, res, P, { what: `page ${n} of 2 (per_page=2, 3 matches)` });
        const body = { total: field(res.json, 'total'), total_pages: field(res.json, 'total_pages') };
        const bad: string[] = [];
        if (Number(body.total) !== 3 || Number(body.total_pages) !== 2)
          bad.push(
            `the body has total ${JSON.stringify(body.total)} and total_pages ${JSON.stringify(body.total_pages)}`,
          );
        for (const [header, want] of [
          ['x-tec-total', 3],
          ['x-tec-totalpages', 2],
        ] as const)
          if (res.headers[header] !== String(want)) bad.push(`${header}: ${res.headers[header] ?? 'absent'}`);
        // Core's headers are optional (the original drops them), but when sent they count the same.
        for (const [header, want] of [
          ['x-wp-total', 3],
          ['x-wp-totalpages', 2],
        ] as const)
          if (res.headers[header] !== undefined && res.headers[header] !== String(want))
            bad.push(`${header}: ${res.headers[header]}`);
        t.assert(
          bad.length === 0,
          `page ${n} of the 3 ${P} at per_page=2 (expected total 3 and 2 pages in the body and the headers): ${bad.join('; ')}`,
          res,
        );
      }
    },
  );
}

/**
 * What an empty list answer holds beyond its empty array (the original's own REST tests assert it
 * of every archive: no events, an empty category, tag, venue or organizer, no featured event, no
 * organizers, no categories): total 0 and total_pages 0 in the body, X-TEC-Total and
 * X-TEC-TotalPages 0 (core's X-WP-* 0 when sent), and no next_rest_url or previous_rest_url.
 * Returns what is wrong, one entry each; [] when all holds.
 */
export function emptyAnswerWrongs(res: ApiResponse, key: string): string[] {
  const bad: string[] = [];
  const records = field(res.json, key);
  if (!Array.isArray(records) || records.length > 0)
    bad.push(`${key} is ${JSON.stringify(records)?.slice(0, 120) ?? 'absent'}, expected []`);
  for (const k of ['total', 'total_pages'])
    if (field(res.json, k) !== 0 && field(res.json, k) !== '0')
      bad.push(`${k} is ${JSON.stringify(field(res.json, k)) ?? 'absent'}, expected 0`);
  for (const h of ['x-tec-total', 'x-tec-totalpages'])
    if (res.headers[h] !== '0') bad.push(`${h}: ${res.headers[h] ?? 'absent'}, expected 0`);
  for (const h of ['x-wp-total', 'x-wp-totalpages'])
    if (res.headers[h] !== undefined && res.headers[h] !== '0') bad.push(`${h}: ${res.headers[h]}, expected 0`);
  for (const k of ['next_rest_url', 'previous_rest_url'])
    if (field(res.json, k) !== undefined) bad.push(`${k} is ${JSON.stringify(field(res.json, k))}, expected none`);
  return bad;
}

/** The URL of a page link, or a reason it is no URL. */
function linkUrl(link: unknown): URL | string {
  if (typeof link !== 'string' || link.length === 0) return `is ${JSON.stringify(link) ?? 'absent'}`;
  try {
    return new URL(link);
  } catch {
    return `${JSON.stringify(link)} is no URL`;
  }
}

/** A URL path without its trailing slashes (the original's list links end in `/events/`). */
const barePath = (path: string) => path.replace(/\/+$/, '');

/**
 * What is wrong with one page link: it must name `page` (or, when `page` is null, no page other
 * than 1: the original links page 1 by its bare URL, and `page=1` names the same page), carry every
 * parameter of `sent` with its value (`same` compares a value the server may re-spell, such as a
 * date) and, when `listUrl` is given (the URL of the list read), name the same route: its path, up
 * to a trailing slash.
 */
export function pageLinkWrongs(
  what: string,
  link: unknown,
  page: number | null,
  sent: Record<string, string | number>,
  same: (key: string, got: string, want: string) => boolean = (_k, g, w) => g === w,
  listUrl?: string,
): string[] {
  const url = linkUrl(link);
  if (typeof url === 'string') return [`${what} ${url}`];
  const q = url.searchParams;
  const bad: string[] = [];
  if (listUrl !== undefined && barePath(url.pathname) !== barePath(new URL(listUrl).pathname))
    bad.push(`${what} names the path ${url.pathname}, expected the list's ${new URL(listUrl).pathname}`);
  const got = q.get('page');
  if (page === null ? got !== null && got !== '1' : got !== String(page))
    bad.push(`${what} has page=${got ?? '(none)'}, expected ${page === null ? 'no page (page 1)' : page}`);
  for (const [k, v] of Object.entries(sent)) {
    const g = q.get(k);
    if (g === null || !same(k, g, String(v))) bad.push(`${what} has ${k}=${g ?? '(none)'}, sent ${v}`);
  }
  return bad;
}

/**
 * Empty answers and page links, declared once for the five resources: a list matching nothing
 * (should: 200, [], totals 0 in the body and the headers, no page links) and the links of pages 1,
 * 2 and 3 of three records at per_page=1 (should: next on pages 1 and 2, previous on pages 2 and 3,
 * page 2 linking page 1 by its bare URL, every link and rest_url on the list's own route keeping
 * every filter sent), as the original's
 * own REST tests assert them (EventArchiveCest, VenueArchiveCest, CategoryArchiveCest and the rest).
 */
export function emptyAndLinkChecks(r: ResourceDef, three: ThreeRecords, extra: Record<string, string> = {}): void {
  const P = r.plural;
  check(
    {
      id: `${P}.list.empty-answer`,
      spec: `List ${P}: search; docs/requirements.md#original-tests (should: an empty result is 200 with [], total and total_pages 0, X-TEC-Total and X-TEC-TotalPages 0 and no next or previous link)`,
      level: 'should',
      requirements: [req.route('GET', P), req.param(P, 'search')],
      tags: [],
    },
    `answers a list matching nothing with 200, an empty array, total 0 in the body and the headers, and no page links`,
    async (t) => {
      const query = { search: `${t.scope}nomatch`, ...r.listScope, ...extra };
      const res = await t.api.get(`/${P}`, query);
      t.expectStatus(res, 200, `a list of ${P} matching nothing (search=${query.search})`);
      const bad = emptyAnswerWrongs(res, P);
      t.assert(bad.length === 0, `the empty list of ${P}: ${bad.join('; ')}`, res);
    },
  );

  check(
    {
      id: `${P}.list.page-links`,
      spec: `List ${P}: page, per_page; docs/requirements.md#original-tests (should: next_rest_url on every page but the last, previous_rest_url on every page but the first, the link to page 1 the bare URL or page=1, every link and rest_url naming the list's route and keeping the filters; read on pages 1, 2 and 3 of 3)`,
      level: 'should',
      requirements: [req.route('GET', P), req.param(P, 'page'), req.param(P, 'per_page'), req.param(P, 'search')],
      tags: ['writes'],
    },
    `pages 1, 2 and 3 of three ${P} at per_page=1 link the next and the previous page (page 1 by its bare URL) on the list's route, keeping every filter`,
    async (t) => {
      const { search } = await three(t);
      const sent: Record<string, string | number> = { search, per_page: 1, ...r.listScope, ...extra };
      const bad: string[] = [];
      let last: ApiResponse | undefined;
      for (const n of [1, 2, 3]) {
        // Page 1 read without `page` (its default), as a client's first read is.
        const res = await t.api.get(`/${P}`, n === 1 ? sent : { ...sent, page: n });
        const page = readList(t, res, P, { what: `page ${n} of 3 (per_page=1)` });
        t.assert(page.ids.length === 1, `page ${n} of 3 (per_page=1) lists ${showIds(page.ids)}, expected one`, res);
        last = res;
        const list = res.exchange.url;
        const next = field(res.json, 'next_rest_url');
        const prev = field(res.json, 'previous_rest_url');
        if (n < 3) bad.push(...pageLinkWrongs(`page ${n}'s next_rest_url`, next, n + 1, sent, undefined, list));
        else if (next !== undefined) bad.push(`page 3 of 3 has next_rest_url ${JSON.stringify(next)}`);
        if (n > 1)
          bad.push(
            ...pageLinkWrongs(`page ${n}'s previous_rest_url`, prev, n === 2 ? null : n - 1, sent, undefined, list),
          );
        else if (prev !== undefined) bad.push(`page 1 has previous_rest_url ${JSON.stringify(prev)}`);
        bad.push(
          ...pageLinkWrongs(
            `page ${n}'s rest_url`,
            field(res.json, 'rest_url'),
            n === 1 ? null : n,
            sent,
            undefined,
            list,
          ),
        );
      }
      t.assert(bad.length === 0, `the page links of three ${P} at per_page=1: ${bad.join('; ')}`, last);
    },
  );
}
