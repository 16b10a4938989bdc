/**
 * Venue and organizer list filters over records with only past, only draft and mixed events
 * (issue 12, point 4): `has_events` (true and false) and `event` at must ("as measured",
 * docs/requirements.md#venue-organizer-lists), `only_with_upcoming` (true and false) at should (the
 * original looks at the site's first 10 upcoming events only). Measured on both versions: a record
 * whose only event is in the past has events; one whose only event is a draft has none (it is in the
 * `has_events=false` set); `event` lists the records of that event whatever its status; an ID that
 * is no event is 400. `only_with_upcoming` counts the events the caller may list: drafts count for an
 * editor on 6.x, never for a visitor, never on 4.6.8 (quirk `upcoming-drafts-never-count`).
 *
 * The checks only read, so they share one setup per file (lib/check/shared.ts): four published
 * records, `past` (one published event 30 days ago), `draft` (one draft event in 2 days), `mixed`
 * (a published event 20 days ago, a draft one in 3 days and a published one tomorrow) and `none`,
 * plus an event linked to nothing.
 */
import { check, type CheckContext, sharedSetup } from '../../../lib/check/index.ts';
import type { Params } from '../../../lib/types.ts';
import { at, listedIds, req, sameIds, showIds } from '../../../lib/spec/contract.ts';
import type { LinkedDef } from '../../../lib/spec/resources.ts';
import { an } from '../../../lib/spec/resources.ts';
import { createLinkedEvent, createRecord, listPage } from './support.ts';

type Case = 'past' | 'draft' | 'mixed';
const CASES: Case[] = ['past', 'draft', 'mixed'];

export function listFilterEdgeChecks(d: LinkedDef): void {
  const P = d.plural;
  const routeList = req.route('GET', d.plural, '');

  const setup = sharedSetup(`${P}.list filter edges`, async (s) => {
    const past = await createRecord(s, d, {}, 'only past');
    const draft = await createRecord(s, d, {}, 'only draft');
    const mixed = await createRecord(s, d, {}, 'mixed');
    const none = await createRecord(s, d, {}, 'eventless');
    const events = {
      past: [await createLinkedEvent(s, d, past.id, { daysAhead: -30 })],
      draft: [await createLinkedEvent(s, d, draft.id, { daysAhead: 2, status: 'draft' })],
      mixed: [
        await createLinkedEvent(s, d, mixed.id, { daysAhead: -20 }),
        await createLinkedEvent(s, d, mixed.id, { daysAhead: 3, status: 'draft' }),
        await createLinkedEvent(s, d, mixed.id, { daysAhead: 1 }),
      ],
    };
    const bare = await s.create('events', {
      title: s.name('event of nothing'),
      start_date: at(4),
      end_date: at(4, 11),
    });
    const ids = { past: past.id, draft: draft.id, mixed: mixed.id, none: none.id };
    return { scope: s.scope, ids, all: Object.values(ids), events, bare };
  });

  type Setup = Awaited<ReturnType<typeof setup.get>>;

  /** The setup's records a list of its scope shows with `extra`. */
  async function listed(t: CheckContext, s: Setup, extra: Params, anon = false) {
    const page = await listPage(t, d, { search: s.scope, per_page: 50, ...extra }, { anon });
    return { page, ids: page.ids.filter((id) => s.all.includes(id)) };
  }

  const names = (s: Setup, ids: number[]) =>
    ids.map((id) => Object.entries(s.ids).find(([, v]) => v === id)?.[0] ?? String(id)).join(', ') || 'none';

  /** Asserts that the list with `extra` shows exactly the records named by `want`. */
  async function expectListed(t: CheckContext, s: Setup, extra: Params, want: number[], anon = false) {
    const { page, ids } = await listed(t, s, extra, anon);
    t.assert(
      sameIds(ids, want),
      `${anon ? 'the anonymous ' : ''}GET /${P}?${new URLSearchParams(extra as Record<string, string>)} lists ${names(s, ids)} (${showIds(ids)}) of the check's ${P}; expected ${names(s, want)} (${showIds(want)})`,
      page.res,
    );
  }

  const rows = (param: string, values: string[], cases: string[]) =>
    values.flatMap((v) => cases.map((c) => req.cover(`${P}.list.${param}.${v}.${c}`)));

  check(
    {
      id: `${P}.list.has-events-edges`,
      spec: `List ${P}: has_events (records that have events); docs/requirements.md#venue-organizer-lists (must: as measured; truthy: linked to an event that is not a draft or pending, a past one included; false: the complement)`,
      level: 'must',
      requirements: [routeList, req.param(d.plural, 'has_events'), ...rows('has_events', ['true', 'false'], CASES)],
      tags: ['writes'],
    },
    `has_events=true lists the ${P} with only a past event or mixed events, has_events=false those with only a draft event or none`,
    async (t) => {
      const s = await setup.get(t);
      await expectListed(t, s, { has_events: 'true' }, [s.ids.past, s.ids.mixed]);
      await expectListed(t, s, { has_events: 'false' }, [s.ids.draft, s.ids.none]);
    },
  );

  check(
    {
      id: `${P}.list.event-edges`,
      spec: `List ${P}: event (records related to this event ID); docs/requirements.md#venue-organizer-lists (must: as measured, whatever the event's status; an event linked to nothing lists none); docs/requirements.md#unknown-filter-values (an ID that is no event lists nothing)`,
      level: 'must',
      requirements: [
        routeList,
        req.param(d.plural, 'event'),
        ...CASES.map((c) => req.cover(`${P}.list.event.${c}`)),
        req.cover(`${P}.list.event.none`),
        req.cover(`${P}.list.event.other-kind`),
      ],
      tags: ['writes'],
    },
    `event=<id> lists the ${d.kind} of a past, a draft or any of several events; none for an event linked to nothing or the ID of ${an(d.kind)}`,
    async (t) => {
      const s = await setup.get(t);
      for (const c of CASES)
        for (const ev of s.events[c]) await expectListed(t, s, { event: String(ev.id) }, [s.ids[c]]);
      await expectListed(t, s, { event: String(s.bare.id) }, []);
      // The ID of a record that is no event: a 4xx, or a list without the unrelated records.
      const res = await t.api.get(`/${P}`, { search: s.scope, per_page: 50, event: s.ids.none });
      t.assert(
        res.status < 500,
        `event=${s.ids.none} (${an(d.kind)}, no event) answered ${res.status}, a server error; expected a 4xx`,
        res,
      );
      const shown = (res.status >= 200 && res.status < 300 ? listedIds(res.json, P) : []).filter((id) =>
        s.all.includes(id),
      );
      t.assert(
        shown.length === 0,
        `event=${s.ids.none} (the ID of ${an(d.kind)}, no event) answered ${res.status} listing ${showIds(shown)}`,
        res,
      );
    },
  );

  check(
    {
      id: `${P}.list.only-with-upcoming-edges`,
      spec: `List ${P}: only_with_upcoming (boolean, default false: records that have upcoming events); docs/requirements.md#venue-organizer-lists (should: the original looks at the site's first 10 upcoming events; a visitor's drafts never count; false does not filter)`,
      level: 'should',
      requirements: [
        routeList,
        req.param(d.plural, 'only_with_upcoming'),
        ...rows('only_with_upcoming', ['true', 'false'], CASES),
      ],
      tags: ['writes', 'anonymous'],
    },
    `only_with_upcoming=true lists the ${d.kind} with an upcoming published event only (not past, not a visitor's draft, not none); false lists them all`,
    async (t) => {
      const s = await setup.get(t);
      await expectListed(t, s, { only_with_upcoming: 'true' }, [s.ids.mixed], true);
      const editor = await listed(t, s, { only_with_upcoming: 'true' });
      t.assert(
        editor.ids.includes(s.ids.mixed) && !editor.ids.includes(s.ids.past) && !editor.ids.includes(s.ids.none),
        `an editor's only_with_upcoming=true lists ${names(s, editor.ids)}; expected mixed and neither past nor none`,
        editor.page.res,
      );
      await expectListed(t, s, { only_with_upcoming: 'false' }, s.all);
      await expectListed(t, s, { only_with_upcoming: 'false' }, s.all, true);
    },
  );

  check(
    {
      id: `${P}.list.upcoming-drafts-editor`,
      spec: `List ${P}: only_with_upcoming; docs/requirements.md#venue-organizer-lists (should: it counts the events the caller may list, an editor's drafts included on 6.x; 4.6.8 never counts drafts)`,
      level: 'should',
      requirements: [
        routeList,
        req.param(d.plural, 'only_with_upcoming'),
        req.cover(`${P}.list.only_with_upcoming.true.draft`),
      ],
      tags: ['writes'],
    },
    `an editor's only_with_upcoming=true lists the ${d.kind} whose only upcoming event is a draft`,
    async (t) => {
      const s = await setup.get(t);
      const { page, ids } = await listed(t, s, { only_with_upcoming: 'true' });
      t.assert(
        ids.includes(s.ids.draft),
        `an editor's only_with_upcoming=true lists ${names(s, ids)}; expected the ${d.kind} ${s.ids.draft} whose only event is a draft in 2 days`,
        page.res,
      );
    },
  );
}
