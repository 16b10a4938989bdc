/**
 * Read of one venue or organizer by ID, a missing ID, the record schemas, and a record read back
 * whole (issue 40): every field written, its url (the permalink), its json_ld, and the same record
 * by slug (extended) and in a list. Measured on 6.8.0 and 4.6.8 (2026-11-28): by slug equals by
 * ID, a list record is the read without json_ld, url is `/venue/<slug>/` (`/organizer/<slug>/`;
 * 4.6.8 shows no slug: the one the name makes).
 */
import { check, sharedSetup } from '../../../lib/check/index.ts';
import { validateRecord } from '../../../lib/spec/schemas.ts';
import { at, field, req } from '../../../lib/spec/contract.ts';
import { sameText } from '../../../lib/spec/normalise.ts';
import { agreementWrongs, permalinkWrong, titleSlug, writtenWrongs } from '../../../lib/spec/records.ts';
import { an, type LinkedDef } from '../../../lib/spec/resources.ts';
import type { Params } from '../../../lib/types.ts';
import { fullPayload, listPage } from './support.ts';

export function readChecks(d: LinkedDef): void {
  const P = d.plural;
  const routeRead = req.route('GET', d.plural, '/{id}');
  // One record written with every field, which the three read checks only read (made once per file).
  const written = sharedSetup(`${P} read record`, async (s) => {
    const author = s.config.fixtures?.otherAuthor;
    const image = s.config.fixtures?.image;
    // A publication date a day back, with seconds; the image by ID (fixture).
    const exact = { status: 'publish', date: `${at(-1).slice(0, 10)} 06:13:27` };
    const sent: Params = {
      ...fullPayload(s, d, 'read'),
      ...exact,
      ...(image ? { image: String(image.id) } : {}),
      ...(author ? { author: author.id } : {}),
    };
    return { sent, exact, image, rec: await s.create(P, sent), scope: s.scope };
  });

  check(
    {
      id: `${P}.read.schema-contract`,
      spec: 'docs/requirements.md#contract (must)',
      level: 'must',
      requirements: [routeRead],
      tags: ['writes'],
    },
    `a read ${d.kind} meets the minimal response contract`,
    async (t) => {
      const { rec } = await written.get(t);
      const res = await t.api.get(`/${P}/${rec.id}`);
      t.expectStatus(res, '2xx', `GET /${P}/${rec.id}`);
      const v = validateRecord(d.kind, t.record(res), 'contract');
      t.assert(v.ok, `the ${d.kind} breaks the minimal contract: ${v.message}`, res);
    },
  );

  check(
    {
      id: `${P}.read.schema-shape`,
      spec: 'docs/requirements.md#record-shapes Records; docs/requirements.md#record-shapes (should: full record shape)',
      level: 'should',
      requirements: [routeRead],
      tags: ['writes'],
    },
    `a read ${d.kind} has the original's record shape`,
    async (t) => {
      const { rec } = await written.get(t);
      const res = await t.api.get(`/${P}/${rec.id}`);
      t.expectStatus(res, '2xx', `GET /${P}/${rec.id}`);
      const v = validateRecord(d.kind, t.record(res), 'shape');
      t.assert(v.ok, `the ${d.kind} does not have the record shape: ${v.message}`, res);
    },
  );

  check(
    {
      id: `${P}.read.record-values`,
      spec: `Endpoints: GET /${P}/{id}, GET /${P}, GET /${P}/by-slug/{slug} (extended); docs/requirements.md#original-tests (should: every value written, the status, publication date (date, date_utc at the site's offset) and image (fixture) exactly, url its permalink, json_ld naming it; by slug and in a list the same record; measured on 6.8.0 and 4.6.8)`,
      level: 'should',
      requirements: [routeRead, req.route('GET', d.plural, '')],
      tags: ['writes'],
    },
    `${an(d.kind)} written with every text field${d.kind === 'venue' ? ' and both map flags' : ''}, status publish and a publication date (fixture: another author, an image) reads back whole: each value, the status, date, date_utc and image exactly, url (its permalink), json_ld; by slug (extended) and in a list the same record`,
    async (t) => {
      const { sent, exact, image, rec, scope } = await written.get(t);
      const res = await t.api.get(`/${P}/${rec.id}`);
      const read = t.record(res, `GET /${P}/${rec.id}`);
      const bad = writtenWrongs(read, { exact: { status: exact.status }, date: exact.date, image });
      for (const [f, v] of Object.entries(sent)) {
        if (f in exact || f === 'image') continue;
        const got = read[f];
        const same =
          f === 'show_map' || f === 'show_map_link'
            ? got === (v === 'true')
            : f === 'author'
              ? String(got) === String(v)
              : sameText(String(v), got);
        if (!same) bad.push(`${f} ${JSON.stringify(got)?.slice(0, 100)}, sent ${JSON.stringify(v)}`);
      }
      // 4.6.8 shows no slug: the url's is the one the name makes (measured).
      const slug = read.slug ?? titleSlug(String(sent[d.nameField]));
      const permalink = permalinkWrong(read.url, slug, rec.id as number);
      if (permalink) bad.push(permalink);
      const ld = read.json_ld;
      const type = d.kind === 'venue' ? 'Place' : 'Person';
      if (field(ld, '@type') !== type || !sameText(String(sent[d.nameField]), field(ld, 'name')))
        bad.push(`json_ld ${JSON.stringify(ld)?.slice(0, 120)}, expected a schema.org ${type} named as the ${d.kind}`);
      if (t.extended && typeof read.slug === 'string') {
        const slugRes = await t.api.get(`/${P}/by-slug/${encodeURIComponent(read.slug)}`);
        bad.push(...agreementWrongs(read, slugRes.json, 'by slug'));
      }
      const page = await listPage(t, d, { search: scope, per_page: 50 });
      bad.push(
        ...agreementWrongs(
          read,
          page.records.find((r) => r.id === rec.id),
          'in the list',
          { ignoreDeep: ['json_ld'] },
        ),
      );
      t.assert(bad.length === 0, `the ${d.kind} ${rec.id} read back: ${bad.join('; ')}`, res);
    },
  );
}
