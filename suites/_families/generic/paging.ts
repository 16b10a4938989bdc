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
