/**
 * Venue and organizer list filters: search, event, has_events, only_with_upcoming, status, and
 * what anonymous callers see. Every search token carries the check's scope, so only the check's
 * own records can match.
 */
import { check, sharedSetup, type CheckContext } from '../../../lib/check/index.ts';
import { MISSING_ID, req, showIds, field, readList } from '../../../lib/spec/contract.ts';
import type { ApiResponse } from '../../../lib/types.ts';
import type { LinkedDef } from '../../../lib/spec/resources.ts';
import { createRecord, createLinkedEvent, listPage, scopedIds, sampleValue } from './support.ts';

export function listFilterChecks(d: LinkedDef): void {
  const P = d.plural;
  const routeList = req.route('GET', d.plural, '');

  // The records the two search checks read (one shared setup): one whose name holds two words of
  // the scope (`nm` and `wb`), one whose description holds a third (`ds`), one holding none.
  const searchPool = sharedSetup(`${P}.list search records`, async (s) => ({
    scope: s.scope,
    byName: await s.create(P, { [d.nameField]: `${s.scope}nm Ångström ${d.kind} ${s.scope}wb` }),
    byDescription: await s.create(P, {
      [d.nameField]: s.name(`other ${d.kind}`),
      description: `Über ${s.scope}ds café`,
    }),
    neither: await createRecord(s, d, {}, 'unmatched'),
  }));

  check(
    {
      id: `${P}.list.search`,
      spec: `List ${P}: search (match in title, description or custom fields); docs/requirements.md#search (must: title or description words)`,
      level: 'must',
      requirements: [routeList, req.param(d.plural, 'search')],
      tags: ['writes'],
    },
    `search finds the ${P} whose name or description holds the words, and no others`,
    async (t) => {
      const { scope, byName, byDescription, neither } = await searchPool.get(t);
      for (const [token, want, not] of [
        [`${scope}nm`, byName.id, [byDescription.id, neither.id]],
        [`${scope}ds`, byDescription.id, [byName.id, neither.id]],
      ] as const) {
        const page = await listPage(t, d, { search: token, per_page: 50 });
        t.assert(
          page.ids.includes(want),
          `search=${token} does not list ${d.kind} ${want}: ${showIds(page.ids)}`,
          page.res,
        );
        const wrong = page.ids.filter((id) => (not as readonly number[]).includes(id));
        t.assert(
          wrong.length === 0,
          `search=${token} also lists ${showIds(wrong)}, which do not hold the word`,
          page.res,
        );
      }
    },
  );

  check(
    {
      id: `${P}.list.search-words`,
      spec: `List ${P}: search (match in title, description or custom fields); docs/requirements.md#measured-linked-2026-11 (should: several words each match, in any order and case, within one field; measured on 6.8.0 and 4.6.8)`,
      level: 'should',
      requirements: [routeList, req.param(d.plural, 'search')],
      tags: ['writes'],
    },
    `search with several words in mixed case and another order lists the ${d.kind} whose name holds every word, not one holding one`,
    async (t) => {
      const { scope, byName, byDescription, neither } = await searchPool.get(t);
      const reversed = `${scope.toUpperCase()}WB ${scope}nm`;
      const page = await listPage(t, d, { search: reversed, per_page: 50 }, { notFoundIsEmpty: true });
      t.assert(
        page.ids.includes(byName.id) && !page.ids.includes(byDescription.id) && !page.ids.includes(neither.id),
        `search=${reversed} lists ${showIds(page.ids)}, expected ${byName.id} (its name holds both words) and not ${byDescription.id} or ${neither.id}`,
        page.res,
      );
      // Each word is held, but by two records: neither holds both.
      const split = `${scope}nm ${scope}ds`;
      const none = await listPage(t, d, { search: split, per_page: 50 }, { notFoundIsEmpty: true });
      t.assert(
        !none.ids.includes(byName.id) && !none.ids.includes(byDescription.id),
        `search=${split} lists ${showIds(none.ids)}: the ${P} ${byName.id} and ${byDescription.id} each hold only one of the words`,
        none.res,
      );
    },
  );

  check(
    {
      id: `${P}.list.search-no-match`,
      spec: `List ${P}: search; docs/requirements.md#measured-lists: no match answers [] with an unfiltered total (6.x) or 404 (4.6.8)`,
      level: 'must',
      requirements: [routeList, req.param(d.plural, 'search')],
      tags: ['writes'],
    },
    `a search that matches nothing lists no ${P} (an empty list or a 404)`,
    async (t) => {
      const present = await createRecord(t, d, {}, 'present');
      // Positive control: the search for the check's scope lists the record.
      const control = await scopedIds(t, d);
      t.assert(
        control.ids.includes(present.id),
        `search=${t.scope} does not list the ${d.kind} ${present.id} (positive control): ${showIds(control.ids)}`,
        control.page.res,
      );
      const page = await listPage(t, d, { search: `${t.scope}nomatchzz`, per_page: 50 }, { notFoundIsEmpty: true });
      t.assert(page.records.length === 0, `search for a word no ${d.kind} holds lists ${showIds(page.ids)}`, page.res);
    },
  );

  check(
    {
      id: `${P}.list.search-meta-field`,
      spec: `List ${P}: search (custom fields); docs/requirements.md#venue-organizer-lists (venues: address fields; organizers: phone, email, website) (should)`,
      level: 'should',
      requirements: [routeList, req.param(d.plural, 'search'), req.field(d.plural, d.searchField)],
      tags: ['writes'],
    },
    `search also matches the ${d.searchField} field`,
    async (t) => {
      const token = `${t.scope}mf`;
      const value = d.searchField === 'email' ? `${token}@example.org` : `${token} ${sampleValue(t, d.searchField)}`;
      const rec = await createRecord(t, d, { [d.searchField]: value }, 'meta searched');
      const page = await listPage(t, d, { search: token, per_page: 50 });
      t.assert(
        page.ids.includes(rec.id),
        `search=${token} does not find the ${d.kind} whose ${d.searchField} is ${JSON.stringify(value)}: ${showIds(page.ids)}`,
        page.res,
      );
    },
  );

  check(
    {
      id: `${P}.list.event`,
      spec: `List ${P}: event (records related to this event ID); docs/requirements.md#venue-organizer-lists (must: as measured)`,
      level: 'must',
      requirements: [routeList, req.param(d.plural, 'event')],
      tags: ['writes'],
    },
    `event=<id> lists the ${d.kind} linked to that event and not another`,
    async (t) => {
      const linked = await createRecord(t, d, {}, 'linked');
      const other = await createRecord(t, d, {}, 'unlinked');
      const ev = await createLinkedEvent(t, d, linked.id);
      const page = await listPage(t, d, { event: ev.id, per_page: 50 });
      t.assert(
        page.ids.includes(linked.id),
        `event=${ev.id} does not list the linked ${d.kind} ${linked.id}: ${showIds(page.ids)}`,
        page.res,
      );
      t.assert(!page.ids.includes(other.id), `event=${ev.id} also lists the unlinked ${d.kind} ${other.id}`, page.res);
    },
  );

  check(
    {
      id: `${P}.list.event-unknown`,
      spec: `List ${P}: event; docs/requirements.md#unknown-filter-values (must: no 2xx listing of unrelated records; a refusal is a 4xx, never a 5xx; positive control: listed without the filter)`,
      level: 'must',
      requirements: [routeList, req.param(d.plural, 'event'), req.param(d.plural, 'search')],
      tags: ['writes'],
    },
    `event=<an ID no event has> lists none of the check's ${P} (a 4xx or an empty list)`,
    async (t) => {
      const rec = await createRecord(t, d, {}, 'unrelated');
      // Positive control: without the unknown event the scope lists the record.
      const before = await scopedIds(t, d);
      t.assert(
        before.ids.includes(rec.id),
        `the scope lists ${showIds(before.ids)} without an event filter; expected the ${d.kind} ${rec.id}`,
        before.page.res,
      );
      const res = await t.api.get(`/${P}`, { search: t.scope, event: MISSING_ID, per_page: 50 });
      // A refusal (4xx) is conformant; a server error is not.
      t.assert(
        res.status < 500,
        `event=${MISSING_ID} (no such event) answered ${res.status}, a server error; expected a 4xx or an empty list`,
        res,
      );
      if (res.status >= 200 && res.status < 300) {
        const records = field(res.json, P);
        const ids = Array.isArray(records) ? records.map((r: unknown) => field(r, 'id')) : [];
        t.assert(
          ids.length === 0,
          `event=${MISSING_ID} (no such event) answered ${res.status} listing ${showIds(ids)}, among them the unlinked ${d.kind} ${rec.id}: an unknown event must not list unrelated records`,
          res,
        );
      }
    },
  );

  check(
    {
      id: `${P}.list.event-invalid-400`,
      spec: `docs/requirements.md#venue-organizer-lists: event must be an event ID (missing ID or foo: 400 rest_invalid_param); docs/requirements.md#unknown-filter-values (should: 400)`,
      level: 'should',
      requirements: [routeList, req.param(d.plural, 'event')],
      tags: [],
    },
    `answers 400 rest_invalid_param to an event value that is not an event ID`,
    async (t) => {
      for (const value of [String(MISSING_ID), 'foo']) {
        const res = await t.api.get(`/${P}`, { event: value });
        t.expectStatus(res, 400, `GET /${P}?event=${value}`);
        t.assert(
          field(res.json, 'code') === 'rest_invalid_param',
          `GET /${P}?event=${value}: the error code is ${JSON.stringify(field(res.json, 'code'))}, expected "rest_invalid_param"`,
          res,
        );
      }
    },
  );

  check(
    {
      id: `${P}.list.has-events`,
      spec: `List ${P}: has_events; docs/requirements.md#venue-organizer-lists (truthy: linked to a published event; false-ish: the complement)`,
      level: 'must',
      requirements: [routeList, req.param(d.plural, 'has_events')],
      tags: ['writes'],
    },
    `has_events=true lists the ${d.kind} with an event, has_events=false the one without`,
    async (t) => {
      const withEvent = await createRecord(t, d, {}, 'with event');
      const without = await createRecord(t, d, {}, 'without event');
      await createLinkedEvent(t, d, withEvent.id);
      const yes = await scopedIds(t, d, { has_events: 'true' });
      t.assert(
        yes.ids.includes(withEvent.id) && !yes.ids.includes(without.id),
        `has_events=true lists ${showIds(yes.ids)}, expected ${withEvent.id} and not ${without.id}`,
        yes.page.res,
      );
      const no = await scopedIds(t, d, { has_events: 'false' });
      t.assert(
        no.ids.includes(without.id) && !no.ids.includes(withEvent.id),
        `has_events=false lists ${showIds(no.ids)}, expected ${without.id} and not ${withEvent.id}`,
        no.page.res,
      );
    },
  );

  check(
    {
      id: `${P}.list.only-with-upcoming`,
      spec: `List ${P}: only_with_upcoming; docs/requirements.md#levels (should: the original looks at the site's first 10 upcoming events only)`,
      level: 'should',
      requirements: [routeList, req.param(d.plural, 'only_with_upcoming')],
      tags: ['writes'],
    },
    `only_with_upcoming=true lists the ${d.kind} with an upcoming event and not the one without`,
    async (t) => {
      const upcoming = await createRecord(t, d, {}, 'upcoming');
      const none = await createRecord(t, d, {}, 'eventless');
      await createLinkedEvent(t, d, upcoming.id, { daysAhead: 1 });
      const { ids, page } = await scopedIds(t, d, { only_with_upcoming: 'true' });
      t.assert(
        ids.includes(upcoming.id),
        `only_with_upcoming=true does not list ${upcoming.id}, linked to tomorrow's event: ${showIds(ids)}`,
        page.res,
      );
      t.assert(!ids.includes(none.id), `only_with_upcoming=true lists ${none.id}, which has no event`, page.res);
    },
  );

  check(
    {
      id: `${P}.list.status`,
      spec: `List ${P}: status; docs/requirements.md#status-filter (must: publish, draft select those)`,
      level: 'must',
      requirements: [routeList, req.param(d.plural, 'status'), req.field(d.plural, 'status')],
      tags: ['writes'],
    },
    `status=draft lists the draft ${d.kind} only, status=publish the published one only`,
    async (t) => {
      const draft = await createRecord(t, d, { status: 'draft' }, 'draft');
      const pub = await createRecord(t, d, { status: 'publish' }, 'published');
      for (const [status, want, not] of [
        ['draft', draft.id, pub.id],
        ['publish', pub.id, draft.id],
      ] as const) {
        const { ids, page } = await scopedIds(t, d, { status });
        t.assert(
          ids.includes(want) && !ids.includes(not),
          `status=${status} lists ${showIds(ids)}, expected ${want} and not ${not}`,
          page.res,
        );
      }
    },
  );

  check(
    {
      id: `${P}.list.anonymous-published-only`,
      spec: 'docs/requirements.md#anonymous-lists (should: published records only)',
      level: 'should',
      requirements: [routeList, req.field(d.plural, 'status')],
      tags: ['writes', 'security', 'anonymous'],
    },
    `an anonymous list shows the published ${d.kind} and not the draft`,
    async (t) => {
      const draft = await createRecord(t, d, { status: 'draft' }, 'hidden draft');
      const pub = await createRecord(t, d, {}, 'public');
      const { ids, page } = await scopedIds(t, d, {}, { anon: true });
      t.assert(
        ids.includes(pub.id) && !ids.includes(draft.id),
        `the anonymous list shows ${showIds(ids)}, expected ${pub.id} and not the draft ${draft.id}`,
        page.res,
      );
    },
  );

  /**
   * The meta fields the original's search looks into (measured on 6.8.0 and 4.6.8): venues every
   * address field and phone, but not country or website; organizers phone, e-mail and website.
   */
  const searched =
    d.kind === 'venue'
      ? ['address', 'city', 'province', 'state', 'zip', 'phone', 'stateprovince']
      : ['phone', 'email', 'website'];

  check(
    {
      id: `${P}.list.search-address-fields`,
      spec: `List ${P}: search (custom fields); docs/requirements.md#venue-organizer-lists (should: venues every address field and phone, organizers phone, email and website; measured on 6.8.0 and 4.6.8; docs/requirements.md#measured-linked-2026-11)`,
      level: 'should',
      requirements: [routeList, req.param(d.plural, 'search'), ...searched.map((f) => req.field(d.plural, f))],
      tags: ['writes'],
    },
    `search finds the ${d.kind} by a word of each of ${searched.join(', ')}`,
    async (t) => {
      // One record holds a distinct word in every searched field; a second record holds none.
      const token = (f: string) => `${t.scope}${f.slice(0, 4)}x`;
      const body: Record<string, string> = {};
      for (const f of searched)
        body[f] =
          f === 'email'
            ? `${token(f)}@example.org`
            : f === 'website'
              ? `https://${token(f)}.example.org/`
              : `${token(f)} 12`;
      const rec = await createRecord(t, d, body, 'address searched');
      const other = await createRecord(t, d, {}, 'not searched');
      const missed: string[] = [];
      let last: ApiResponse | undefined;
      for (const f of searched) {
        const page = await listPage(t, d, { search: token(f), per_page: 50 }, { notFoundIsEmpty: true });
        last = page.res;
        t.assert(
          !page.ids.includes(other.id),
          `search=${token(f)} lists ${other.id}, which holds no such word`,
          page.res,
        );
        if (!page.ids.includes(rec.id)) missed.push(`${f} (search=${token(f)} lists ${showIds(page.ids)})`);
      }
      t.assert(missed.length === 0, `search does not find the ${d.kind} ${rec.id} by its ${missed.join('; ')}`, last);
    },
  );

  check(
    {
      id: `${P}.list.search-non-string-400`,
      spec: `List ${P}: search (string); docs/requirements.md#measured-linked-2026-11: search[]=a&search[]=b and search[k]=v are 400 rest_invalid_param (should)`,
      level: 'should',
      requirements: [routeList, req.param(d.plural, 'search')],
      tags: [],
    },
    `answers 400 to a search sent as a list or as an object`,
    async (t) => {
      for (const query of [{ search: ['a', 'b'] }, { 'search[k]': 'a' }]) {
        const res = await t.api.get(`/${P}`, query);
        t.expectStatus(res, 400, `GET /${P} with ${JSON.stringify(query)}`);
      }
    },
  );

  /** The IDs a list answer shows: none for a refusal (4xx); a server error fails. */
  const listedOrRefused = (t: CheckContext, res: ApiResponse, what: string): number[] => {
    t.assert(res.status < 500, `${what} answered ${res.status}, a server error`, res);
    if (res.status >= 400) return [];
    return readList(t, res, d.plural, { what, notFoundIsEmpty: true }).ids;
  };

  // A draft and a published record, only read by the status checks below (one shared setup).
  const statusPair = sharedSetup(`${P}.list status pair`, async (s) => ({
    scope: s.scope,
    draft: await createRecord(s, d, { status: 'draft' }, 'status draft'),
    pub: await createRecord(s, d, {}, 'status public'),
  }));

  check(
    {
      id: `${P}.list.status-unknown`,
      spec: `List ${P}: status; docs/requirements.md#unknown-filter-values (must: no 2xx listing of unrelated records)`,
      level: 'must',
      requirements: [routeList, req.param(d.plural, 'status')],
      tags: ['writes'],
    },
    `status=<no such status> lists none of the check's ${P}, neither the published nor the draft one (an empty list or a refusal)`,
    async (t) => {
      const { pub, draft, scope } = await statusPair.get(t);
      // Positive controls: each record is listed by its own status.
      for (const [rec, status] of [
        [pub, 'publish'],
        [draft, 'draft'],
      ] as const) {
        const control = await scopedIds(t, d, { search: scope, status });
        t.assert(
          control.ids.includes(rec.id),
          `status=${status} does not list the ${status} ${d.kind} ${rec.id} (positive control): ${showIds(control.ids)}`,
          control.page.res,
        );
      }
      const res = await t.api.get(`/${P}`, { search: scope, per_page: 50, status: 'nosuchstatus' });
      const ids = listedOrRefused(t, res, `GET /${P}?status=nosuchstatus`);
      const shown = [pub.id, draft.id].filter((id) => ids.includes(id));
      t.assert(
        shown.length === 0,
        `status=nosuchstatus lists the check's ${P} ${showIds(shown)} (published ${pub.id}, draft ${draft.id})`,
        res,
      );
    },
  );

  check(
    {
      id: `${P}.list.status-unknown-400`,
      spec: `List ${P}: status; docs/requirements.md#unknown-filter-values (should: 400; the original answers 400 rest_invalid_param, administrators and visitors alike)`,
      level: 'should',
      requirements: [routeList, req.param(d.plural, 'status')],
      tags: ['anonymous'],
    },
    `answers 400 to an unknown status, authenticated and anonymous`,
    async (t) => {
      for (const [client, who] of [
        [t.api, 'authenticated'],
        [t.anon, 'anonymous'],
      ] as const) {
        const res = await client.get(`/${P}`, { status: 'nosuchstatus' });
        t.expectStatus(res, 400, `${who} GET /${P}?status=nosuchstatus`);
      }
    },
  );

  check(
    {
      id: `${P}.list.anonymous-status-400`,
      spec: `List ${P}: status; docs/requirements.md#status-filter (should: a visitor's non-publish status is 400; measured on 6.8.0 and 4.6.8)`,
      level: 'should',
      requirements: [routeList, req.param(d.plural, 'status')],
      tags: ['writes', 'security', 'anonymous'],
    },
    `an anonymous status=publish lists the published ${d.kind} only; status=draft and status=draft,publish answer 400 and show no draft`,
    async (t) => {
      const { draft, pub, scope } = await statusPair.get(t);
      const ok = await scopedIds(t, d, { search: scope, status: 'publish' }, { anon: true });
      t.assert(
        ok.ids.includes(pub.id) && !ok.ids.includes(draft.id),
        `an anonymous status=publish lists ${showIds(ok.ids)}, expected ${pub.id} and not the draft ${draft.id}`,
        ok.page.res,
      );
      for (const status of ['draft', 'draft,publish']) {
        const res = await t.anon.get(`/${P}`, { search: scope, per_page: 50, status });
        const ids = listedOrRefused(t, res, `anonymous GET /${P}?status=${status}`);
        t.assert(!ids.includes(draft.id), `an anonymous status=${status} lists the draft ${d.kind} ${draft.id}`, res);
        t.expectStatus(res, 400, `anonymous GET /${P}?status=${status}`);
      }
    },
  );

  // A draft venue/organizer linked to an event: the event filter reaches it for an editor, never for a visitor.
  const draftLinked = sharedSetup(`${P}.list draft record of an event`, async (s) => {
    const draft = await createRecord(s, d, { status: 'draft' }, 'draft linked');
    const ev = await createLinkedEvent(s, d, draft.id);
    return { draft, ev };
  });

  check(
    {
      id: `${P}.list.event-draft-record`,
      spec: `List ${P}: event (records related to this event ID), status; docs/requirements.md#venue-organizer-lists (must: as measured on 6.8.0 and 4.6.8)`,
      level: 'must',
      requirements: [routeList, req.param(d.plural, 'event'), req.field(d.plural, 'status')],
      tags: ['writes'],
    },
    `an authenticated event=<id> lists the draft ${d.kind} linked to that event`,
    async (t) => {
      const { draft, ev } = await draftLinked.get(t);
      const page = await listPage(t, d, { event: ev.id, per_page: 50 });
      t.assert(
        page.ids.includes(draft.id),
        `event=${ev.id} does not list its draft ${d.kind} ${draft.id}: ${showIds(page.ids)}`,
        page.res,
      );
    },
  );

  check(
    {
      id: `${P}.list.event-draft-anonymous`,
      spec: `List ${P}: event; docs/requirements.md#anonymous-lists (should: published records only; measured on 6.8.0 and 4.6.8)`,
      level: 'should',
      requirements: [routeList, req.param(d.plural, 'event')],
      tags: ['writes', 'security', 'anonymous'],
    },
    `an anonymous event=<id> does not list the draft ${d.kind} linked to that event`,
    async (t) => {
      const { draft, ev } = await draftLinked.get(t);
      // Positive control: the editor's list of the same event shows the draft.
      const control = await listPage(t, d, { event: ev.id, per_page: 50 });
      t.assert(
        control.ids.includes(draft.id),
        `setup: event=${ev.id} does not list its draft ${d.kind} ${draft.id} to an editor: ${showIds(control.ids)}`,
        control.res,
      );
      const res = await t.anon.get(`/${P}`, { event: ev.id, per_page: 50 });
      const ids = listedOrRefused(t, res, `anonymous GET /${P}?event=${ev.id}`);
      t.assert(!ids.includes(draft.id), `an anonymous event=${ev.id} lists the draft ${d.kind} ${draft.id}`, res);
    },
  );
}
