/**
 * By-slug edges for events (issue 12, point 7): an empty slug, the slug of a venue, a draft's slug
 * anonymously and as an editor, and the by-slug read returning the same full record as the read
 * by ID. LEVELS.md: by-slug read = same record as by ID (must); a missing record is a 4xx (must).
 */
import { check } from '../../lib/check/index.ts';
import { isRecordOf, type ApiRecord, req, expectNotServed } from '../../lib/spec/contract.ts';
import { makeEvent } from './support.ts';

const BY_SLUG = req.route('GET', 'events', '/by-slug/{slug}');

/** The last path segment of a pretty permalink (`https://site/venue/my-hall/` -> `my-hall`), or ''. */
function slugOfPermalink(url: unknown): string {
  if (typeof url !== 'string') return '';
  try {
    return decodeURIComponent(new URL(url).pathname.split('/').filter(Boolean).at(-1) ?? '');
  } catch {
    return '';
  }
}

check(
  {
    id: 'events.by-slug.empty-slug',
    spec: 'Endpoints: {slug} (any characters except /; an empty segment names no record); docs/requirements.md#missing-record (must: no record). The original answers an authenticated empty slug with whichever slugless draft exists at that moment (WordPress drafts have an empty slug; docs/requirements.md#measured-original-2026-11): that record, whose `slug` field is present and blank, is named by the empty slug, so it is allowed (a served record without a `slug` field is not; measured 2026-11-28 on 6.8.0: an editor GET /events/by-slug/%20 serves a draft with `slug: ""` present), and the verdict never depends on the drafts other clients hold',
    level: 'must',
    requirements: [BY_SLUG, req.param('path', 'slug'), req.cover('events.by-slug.empty')],
    tags: [],
  },
  'an empty slug serves no event that has a slug, and nothing to a visitor',
  async (t) => {
    for (const path of ['/events/by-slug/', '/events/by-slug/%20']) {
      for (const [who, client] of [
        ['an editor', t.api],
        ['a visitor', t.anon],
      ] as const) {
        const res = await client.get(path);
        const body = res.json as ApiRecord;
        const served =
          res.status >= 200 && res.status < 300 && body && typeof body === 'object' && Number.isInteger(body.id);
        t.assert(res.status < 500, `${who}'s GET ${path} answered ${res.status}: a server error is no refusal`, res);
        t.assert(
          !served || (client === t.api && typeof body.slug === 'string' && body.slug.trim() === ''),
          `${who}'s GET ${path} answered ${res.status} with event ${body?.id} (slug ${JSON.stringify(body?.slug)}${served && !('slug' in body) ? ': the record has no slug field, so nothing shows the empty slug names it' : ''})`,
          res,
        );
      }
    }
  },
);

check(
  {
    id: 'events.by-slug.other-kind',
    spec: 'Endpoints: GET /events/by-slug/{slug} (an event); docs/requirements.md#missing-record (must: 4xx)',
    level: 'must',
    requirements: [BY_SLUG, req.param('path', 'slug'), req.cover('events.by-slug.other-kind')],
    tags: ['writes'],
  },
  'the slug of a venue or organizer is no event: 4xx',
  async (t) => {
    const venue = await t.create('venues', { venue: t.name('slug venue') });
    const org = await t.create('organizers', { organizer: t.name('slug organizer') });
    for (const rec of [venue, org]) {
      // 4.6.8 shows no `slug` on venues and organizers: their permalink ends with it.
      const slug = String(rec.slug ?? slugOfPermalink(rec.url));
      if (!slug) t.blocked(`the created record ${rec.id} shows neither a slug nor a permalink (url) ending with one`);
      const res = await t.api.get(`/events/by-slug/${encodeURIComponent(slug)}`);
      t.expectStatus(res, '4xx', `GET /events/by-slug/${slug} (the slug of record ${rec.id})`);
    }
  },
);

check(
  {
    id: 'events.by-slug.draft',
    spec: 'docs/requirements.md#measured-cross-cutting: anonymous reads of non-published records are 403; the editor reads them (should, security)',
    level: 'should',
    requirements: [BY_SLUG, req.cover('events.by-slug.draft')],
    tags: ['writes', 'security', 'anonymous'],
  },
  "a draft's slug serves nothing to a visitor and the draft to an editor",
  async (t) => {
    const ev = await makeEvent(t, 'draft slug', { status: 'draft' }, 32);
    const path = `/events/by-slug/${encodeURIComponent(String(ev.slug))}`;
    const anon = await t.anon.get(path);
    expectNotServed(t, anon, ev.id, `an anonymous GET ${path} of the draft`);
    const editor = await t.api.get(path);
    t.assert(
      isRecordOf(editor, ev.id),
      `the editor's GET ${path} answered ${editor.status}, not the draft ${ev.id}`,
      editor,
    );
  },
);

check(
  {
    id: 'events.by-slug.same-record',
    spec: 'docs/requirements.md#by-slug read (same record as by ID); docs/requirements.md#record-shapes (single reads carry the full record)',
    level: 'should',
    requirements: [BY_SLUG, req.route('GET', 'events', '/{id}'), req.cover('events.by-slug.same-record')],
    tags: ['writes'],
  },
  'the read by slug returns the same full record as the read by ID',
  async (t) => {
    const venue = await t.create('venues', { venue: t.name('full venue') });
    const ev = await makeEvent(t, 'full record', { venue: venue.id, cost: '12', website: 'https://example.org/x' }, 33);
    const byId = await t.api.get(`/events/${ev.id}`);
    const bySlug = await t.api.get(`/events/by-slug/${encodeURIComponent(String(ev.slug))}`);
    t.expectStatus(byId, '2xx', 'the read by ID');
    t.expectStatus(bySlug, '2xx', 'the read by slug');
    const a = t.record(byId);
    const b = t.record(bySlug);
    const differ = [...new Set([...Object.keys(a), ...Object.keys(b)])].filter(
      (k) => JSON.stringify(a[k]) !== JSON.stringify(b[k]),
    );
    t.assert(differ.length === 0, `the by-slug record differs from the by-ID record in ${differ.join(', ')}`, bySlug);
  },
);
