/**
 * By-slug edges for events (issue 12, point 7): an empty slug, the slug of a venue, a draft's slug
 * anonymously and as an editor, and the by-slug read returning the same full record as the read
 * by ID. LEVELS.md: by-slug read = same record as by ID (must); a missing record is a 4xx (must).
 */
import { check } from '../../lib/check.ts';
import { isRecordOf, type ApiRecord, req, expectNotServed } from '../../lib/contract.ts';
import { makeEvent } from './support.ts';

const BY_SLUG = req.route('GET', 'events', '/by-slug/{slug}');

check(
  {
    id: 'events.by-slug.empty-slug',
    spec: 'Endpoints: {slug} (any characters except /; an empty segment names no record); docs/requirements.md#missing-record (must: no record)',
    level: 'must',
    requirements: [BY_SLUG, req.param('path', 'slug'), req.cover('events.by-slug.empty')],
    tags: [],
  },
  'an empty slug serves no event record',
  async (t) => {
    for (const path of ['/events/by-slug/', '/events/by-slug/%20']) {
      const res = await t.api.get(path);
      const body = res.json as ApiRecord;
      t.assert(
        !(res.status >= 200 && res.status < 300 && body && typeof body === 'object' && Number.isInteger(body.id)),
        `GET ${path} answered ${res.status} with record ${body?.id}`,
        res,
      );
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
      const slug = String(rec.slug ?? '');
      if (!slug) t.blocked(`the created record ${rec.id} has no slug`);
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
