/**
 * Venue and organizer by-slug routes (extended only): read, update (POST/PUT/PATCH, with the body
 * `slug` equal to the path slug: the spec requires it, and the original answers 400 to a different
 * one) and delete address the same record as the ID routes. ASCII names keep slugs plain.
 */
import { check } from '../../../lib/check/index.ts';
import { sameText } from '../../../lib/spec/normalise.ts';
import { req, showIds, field } from '../../../lib/spec/contract.ts';
import type { LinkedDef } from '../../../lib/spec/resources.ts';
import { createRecord, scopedIds } from './support.ts';
import type { CheckContext } from '../../../lib/check/index.ts';

/** Creates a record (setup) and returns its ID and slug (read back when the create answer shows none). */
export async function slugOf(t: CheckContext, d: LinkedDef, label: string): Promise<{ id: number; slug: string }> {
  const rec = await createRecord(t, d, {}, label);
  let slug = rec.slug;
  if (typeof slug !== 'string' || !slug) {
    const read = await t.api.get(`/${d.plural}/${rec.id}`);
    slug = field(read.json, 'slug');
  }
  if (typeof slug !== 'string' || !slug) t.blocked(`setup: the created ${d.kind} ${rec.id} shows no slug`);
  return { id: rec.id, slug };
}

const path = (d: LinkedDef, slug: string) => `/${d.plural}/by-slug/${encodeURIComponent(slug)}`;

export function bySlugChecks(d: LinkedDef): void {
  const P = d.plural;

  check(
    {
      id: `${P}.by-slug.read`,
      spec: `Endpoints: GET /${P}/by-slug/{slug} (extended only); docs/requirements.md#by-slug (must: same record as by ID)`,
      level: 'must',
      requirements: [req.route('GET', d.plural, '/by-slug/{slug}')],
      tags: ['writes', 'extended'],
    },
    `GET /${P}/by-slug/{slug} returns the same ${d.kind} as by ID`,
    async (t) => {
      const { id, slug } = await slugOf(t, d, 'slug read');
      const res = await t.api.get(path(d, slug));
      t.expectStatus(res, '2xx', `GET ${path(d, slug)}`);
      t.assert(
        field(res.json, 'id') === id,
        `GET by slug ${slug} answered id ${JSON.stringify(field(res.json, 'id'))}, expected ${id}`,
        res,
      );
    },
  );

  for (const method of ['POST', 'PUT', 'PATCH'] as const) {
    check(
      {
        id: `${P}.by-slug.${method.toLowerCase()}-applies`,
        spec: `Endpoints: ${method} /${P}/by-slug/{slug} (extended only); Path parameters (body slug required for venues/organizers); docs/requirements.md#by-slug`,
        level: 'must',
        requirements: [req.route(method, d.plural, '/by-slug/{slug}'), req.field(d.plural, 'description')],
        tags: ['writes', 'extended'],
      },
      `${method} /${P}/by-slug/{slug} with the same slug in the body applies the sent description`,
      async (t) => {
        const { id, slug } = await slugOf(t, d, `slug ${method.toLowerCase()}`);
        const description = `${t.scope} updated by slug Ørsted`;
        const res = await t.api.request({ method, path: path(d, slug), json: { slug, description } });
        t.expectStatus(res, '2xx', `${method} ${path(d, slug)}`);
        const read = await t.api.get(`/${P}/${id}`);
        t.expectStatus(read, '2xx', `GET /${P}/${id}`);
        t.assert(
          sameText(description, field(read.json, 'description')),
          `after ${method} by slug the ${d.kind} reads description ${JSON.stringify(field(read.json, 'description'))}, sent ${JSON.stringify(description)}`,
          read,
        );
      },
    );
  }

  check(
    {
      id: `${P}.by-slug.delete`,
      spec: `Endpoints: DELETE /${P}/by-slug/{slug} (extended only); docs/requirements.md#delete (must: gone from default lists); positive control: listed before, a record whose slug extends the deleted one survives`,
      level: 'must',
      requirements: [req.route('DELETE', d.plural, '/by-slug/{slug}')],
      tags: ['writes', 'extended'],
    },
    `DELETE /${P}/by-slug/{slug} removes that ${d.kind} from the default list`,
    async (t) => {
      const { id, slug } = await slugOf(t, d, 'slug delete');
      // A record whose slug starts with the deleted one's must survive. Its name differs (the
      // original merges a record created with an existing name into the old one), but begins with
      // the same words, so its slug extends the deleted slug.
      const { id: kept, slug: keptSlug } = await slugOf(t, d, `slug delete ${d.kind} kept`);
      if (!keptSlug.startsWith(slug))
        t.blocked(`setup: the second ${d.kind}'s slug ${keptSlug} does not extend ${slug}`);
      // Positive control: both are listed before the delete (a list that finds nothing proves nothing).
      const before = await scopedIds(t, d);
      t.assert(
        before.ids.includes(id) && before.ids.includes(kept),
        `before the delete the default list holds ${showIds(before.ids)}; expected the ${d.kind}s ${id} and ${kept}`,
        before.page.res,
      );
      const res = await t.api.delete(path(d, slug));
      t.expectStatus(res, '2xx', `DELETE ${path(d, slug)}`);
      const { ids, page } = await scopedIds(t, d);
      t.assert(
        !ids.includes(id),
        `the default list still holds the ${d.kind} ${id} deleted by slug: ${showIds(ids)}`,
        page.res,
      );
      t.assert(
        ids.includes(kept),
        `DELETE ${path(d, slug)} also removed the ${d.kind} ${kept} (slug ${JSON.stringify(keptSlug)}) from the default list: ${showIds(ids)}`,
        page.res,
      );
    },
  );

  check(
    {
      id: `${P}.by-slug.missing-4xx`,
      spec: 'docs/requirements.md#missing-record, by-slug read (must: 4xx)',
      level: 'must',
      requirements: [req.route('GET', d.plural, '/by-slug/{slug}')],
      tags: ['extended'],
    },
    `GET /${P}/by-slug/{slug} of an unknown slug answers a 4xx`,
    async (t) => {
      const res = await t.api.get(path(d, `${t.scope}-no-such-${d.kind}`));
      t.expectStatus(res, '4xx', `GET by an unknown slug`);
    },
  );

  check(
    {
      id: `${P}.by-slug.missing-404`,
      spec: 'docs/requirements.md#missing-record, by-slug read (should: 404); the original answers 400',
      level: 'should',
      requirements: [req.route('GET', d.plural, '/by-slug/{slug}')],
      tags: ['extended'],
    },
    `GET /${P}/by-slug/{slug} of an unknown slug answers 404`,
    async (t) => {
      const res = await t.api.get(path(d, `${t.scope}-no-such-${d.kind}`));
      t.expectStatus(res, 404, `GET by an unknown slug`);
    },
  );
}
