/**
 * By-slug edges for venues and organizers (issue 12, point 7; extended only), mirroring
 * suites/events/by-slug-edges.test.ts: an empty slug serves no record, the slug of a record of
 * another kind (an event, an organizer for venues, a venue for organizers) is a 4xx, a draft's slug
 * serves nothing to a visitor and the draft to an editor, and the read by slug returns the same
 * full record as the read by ID. docs/requirements.md#by-slug (must: same record as by ID),
 * #missing-record (must: 4xx); measured on 6.8.0 (verified.md G10, behavior.md 5.5): the slug must
 * name a record of that kind (400 for an event's slug), a draft is 403 to a visitor and 200 to an
 * editor, the by-slug record has the ID route's keys.
 *
 * The records are only read, so they share one setup per file (lib/check/shared.ts): a published
 * record, a draft (made published, so it has a slug, then moved to draft: the original gives a
 * draft created as such no slug), an event and a record of the other linked kind.
 */
import { check, sharedSetup } from '../../../lib/check/index.ts';
import { at, isRecordOf, recordId, req } from '../../../lib/spec/contract.ts';
import { type LinkedDef, ORGANIZERS, VENUES, an } from '../../../lib/spec/resources.ts';
import { slugOf } from './by-slug.ts';

const path = (d: LinkedDef, slug: string) => `/${d.plural}/by-slug/${encodeURIComponent(slug)}`;

export function bySlugEdgeChecks(d: LinkedDef): void {
  const P = d.plural;
  const other = d.kind === 'venue' ? ORGANIZERS : VENUES;
  const GET_SLUG = req.route('GET', P, '/by-slug/{slug}');

  const setup = sharedSetup(`${P}.by-slug edges`, async (s) => {
    const published = await slugOf(s, d, 'slug published');
    const draft = await slugOf(s, d, 'slug draft');
    const moved = await s.api.patch(`/${P}/${draft.id}`, { status: 'draft' });
    if (recordId(moved) !== draft.id)
      s.blocked(`setup: moving the ${d.kind} ${draft.id} to draft answered ${moved.status}`, moved);
    const foreign = await slugOf(s, other, `slug ${other.kind}`);
    const event = await s.create('events', { title: s.name('slug event'), start_date: at(6), end_date: at(6, 11) });
    const eventSlug = event.slug;
    if (typeof eventSlug !== 'string' || !eventSlug)
      return s.blocked(`setup: the created event ${event.id} shows no slug`);
    return { published, draft, foreign, event: { id: event.id, slug: eventSlug } };
  });

  check(
    {
      id: `${P}.by-slug.empty-slug`,
      spec: `Endpoints: GET /${P}/by-slug/{slug} (extended only; {slug}: any characters except /, an empty segment names no record); docs/requirements.md#missing-record (must: no record)`,
      level: 'must',
      requirements: [GET_SLUG, req.param('path', 'slug'), req.cover(`${P}.by-slug.empty`)],
      tags: ['extended'],
    },
    `an empty or blank slug serves no ${d.kind} record`,
    async (t) => {
      for (const p of [`/${P}/by-slug/`, `/${P}/by-slug/%20`]) {
        const res = await t.api.get(p);
        t.assert(
          recordId(res) === undefined,
          `GET ${p} answered ${res.status} with the record ${recordId(res)}; an empty slug names no ${d.kind}`,
          res,
        );
      }
    },
  );

  check(
    {
      id: `${P}.by-slug.other-kind`,
      spec: `Endpoints: GET /${P}/by-slug/{slug} (extended only: ${an(d.kind)}); docs/requirements.md#missing-record (must: 4xx; measured: an event's slug is 400)`,
      level: 'must',
      requirements: [GET_SLUG, req.param('path', 'slug'), req.cover(`${P}.by-slug.other-kind`)],
      tags: ['writes', 'extended'],
    },
    `the slug of an event or of a${other.kind === 'organizer' ? 'n' : ''} ${other.kind} is no ${d.kind}: 4xx`,
    async (t) => {
      const s = await setup.get(t);
      for (const [kind, rec] of [
        ['event', s.event],
        [other.kind, s.foreign],
      ] as const) {
        const res = await t.api.get(path(d, rec.slug));
        t.expectStatus(res, '4xx', `GET ${path(d, rec.slug)} (the slug of the ${kind} ${rec.id})`);
      }
    },
  );

  check(
    {
      id: `${P}.by-slug.draft`,
      spec: `Endpoints: GET /${P}/by-slug/{slug} (extended only); docs/requirements.md#measured-cross-cutting: anonymous reads of non-published records are 403, the editor reads them (should, security)`,
      level: 'should',
      requirements: [GET_SLUG, req.cover(`${P}.by-slug.draft`)],
      tags: ['writes', 'extended', 'security', 'anonymous'],
    },
    `a draft ${d.kind}'s slug serves nothing to a visitor and the draft to an editor`,
    async (t) => {
      const { draft } = await setup.get(t);
      const p = path(d, draft.slug);
      const anon = await t.anon.get(p);
      t.assert(!isRecordOf(anon, draft.id), `an anonymous GET ${p} revealed the draft ${d.kind} ${draft.id}`, anon);
      const editor = await t.api.get(p);
      t.assert(
        isRecordOf(editor, draft.id),
        `the editor's GET ${p} answered ${editor.status}, not the draft ${d.kind} ${draft.id}`,
        editor,
      );
    },
  );

  check(
    {
      id: `${P}.by-slug.same-record`,
      spec: `Endpoints: GET /${P}/by-slug/{slug} (extended only); docs/requirements.md#by-slug (same record as by ID); docs/requirements.md#record-shapes (single reads carry the full record)`,
      level: 'should',
      requirements: [GET_SLUG, req.route('GET', P, '/{id}'), req.cover(`${P}.by-slug.same-record`)],
      tags: ['writes', 'extended'],
    },
    `the read by slug returns the same full ${d.kind} record as the read by ID`,
    async (t) => {
      const { published } = await setup.get(t);
      const byId = await t.api.get(`/${P}/${published.id}`);
      const bySlug = await t.api.get(path(d, published.slug));
      const a = t.record(byId, 'the read by ID');
      const b = t.record(bySlug, 'the read by slug');
      const differ = [...new Set([...Object.keys(a), ...Object.keys(b)])].filter(
        (k) => JSON.stringify(a[k]) !== JSON.stringify(b[k]),
      );
      t.assert(differ.length === 0, `the by-slug record differs from the by-ID record in ${differ.join(', ')}`, bySlug);
    },
  );
}
