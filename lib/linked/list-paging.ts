/**
 * Venue and organizer lists: per_page, page, their defaults, totals and the list schemas. The
 * check's records get distinct post dates (equal dates make the original's pages overlap) and
 * page URLs are built here, never followed (the original's next_rest_url drops `search`).
 */
import { check } from '../check.ts';
import { validateList } from '../schemas.ts';
import { type LinkedDef, req, createMany, listPage, show } from '../posts.ts';

export function listPagingChecks(d: LinkedDef): void {
  const P = d.plural;
  const routeList = req.route(d, 'GET', '');

  check(
    { id: `${P}.list.per-page`, spec: `List ${P}: per_page; LEVELS.md per_page=N (must: exactly min(N, matches))`, level: 'must', requirements: [routeList, req.param(d, 'per_page'), req.param(d, 'search')], tags: ['writes'] },
    `per_page=2 lists exactly 2 of the check's 3 ${P}`,
    async (t) => {
      await createMany(t, d, 3);
      const page = await listPage(t, d, { search: t.scope, per_page: 2 });
      t.assert(page.records.length === 2, `per_page=2 listed ${page.records.length} records ${show(page.ids)}, expected 2`, page.res);
    },
  );

  check(
    { id: `${P}.list.pages-partition`, spec: `List ${P}: page; LEVELS.md pages (must: partition the list, no overlap, no gap)`, level: 'must', requirements: [routeList, req.param(d, 'page'), req.param(d, 'per_page')], tags: ['writes'] },
    `pages 1 and 2 of per_page=2 partition the check's 3 ${P} with distinct dates`,
    async (t) => {
      const made = await createMany(t, d, 3);
      const want = made.map((r) => r.id as number).sort((a, b) => a - b);
      const p1 = await listPage(t, d, { search: t.scope, per_page: 2, page: 1 });
      const p2 = await listPage(t, d, { search: t.scope, per_page: 2, page: 2 });
      const seen = [...p1.ids, ...p2.ids];
      const overlap = p1.ids.filter((id) => p2.ids.includes(id));
      t.assert(overlap.length === 0, `pages 1 ${show(p1.ids)} and 2 ${show(p2.ids)} overlap on ${show(overlap)}`, p2.res);
      const missing = want.filter((id) => !seen.includes(id));
      t.assert(missing.length === 0 && seen.length === want.length, `pages 1 ${show(p1.ids)} and 2 ${show(p2.ids)} do not partition the created ${show(want)}`, p2.res);
    },
  );

  check(
    { id: `${P}.list.defaults`, spec: 'Limits 1, 2: per_page defaults to 10, page to 1; LEVELS.md (must)', level: 'must', requirements: [routeList, req.param(d, 'per_page'), req.param(d, 'page')], tags: ['writes'] },
    `without page and per_page the list is the first page of 10`,
    async (t) => {
      await createMany(t, d, 11, 'defaults');
      const first = await listPage(t, d, { search: t.scope });
      t.assert(first.records.length === 10, `the default page lists ${first.records.length} of the check's 11 records, expected 10`, first.res);
      const page1 = await listPage(t, d, { search: t.scope, page: 1, per_page: 10 });
      t.assert(JSON.stringify([...first.ids].sort()) === JSON.stringify([...page1.ids].sort()), `the default page ${show(first.ids)} is not page=1&per_page=10 ${show(page1.ids)}`, first.res);
    },
  );

  check(
    { id: `${P}.list.totals`, spec: 'reference-behavior.md Lists: total, total_pages (should)', level: 'should', requirements: [routeList, req.param(d, 'per_page')], tags: ['writes'] },
    `total and total_pages count the matching ${P}`,
    async (t) => {
      await createMany(t, d, 3);
      const page = await listPage(t, d, { search: t.scope, per_page: 2 });
      const body = page.res.json;
      t.assert(body?.total === 3 || body?.total === '3', `total is ${JSON.stringify(body?.total)}, expected 3`, page.res);
      t.assert(body?.total_pages === 2 || body?.total_pages === '2', `total_pages is ${JSON.stringify(body?.total_pages)}, expected 2`, page.res);
    },
  );

  check(
    { id: `${P}.list.schema-contract`, spec: 'LEVELS.md minimal contract: records in an array under the plural name (must)', level: 'must', requirements: [routeList], tags: ['writes'] },
    `the ${P} list meets the minimal response contract`,
    async (t) => {
      await createMany(t, d, 1);
      const res = await t.api.get(`/${P}`, { search: t.scope });
      t.expectStatus(res, '2xx', `GET /${P}`);
      const v = validateList(P, t.json(res), 'contract');
      t.assert(v.ok, `the list breaks the minimal contract: ${v.message}`, res);
    },
  );

  check(
    { id: `${P}.list.schema-shape`, spec: 'reference-behavior.md Lists; reference/responses.md (should)', level: 'should', requirements: [routeList], tags: ['writes'] },
    `the ${P} list has the original's list shape`,
    async (t) => {
      await createMany(t, d, 1);
      const res = await t.api.get(`/${P}`, { search: t.scope });
      t.expectStatus(res, '2xx', `GET /${P}`);
      const v = validateList(P, t.json(res), 'shape');
      t.assert(v.ok, `the list does not have the list shape: ${v.message}`, res);
    },
  );
}
