/**
 * Property-based create payloads for venues and organizers: every valid payload round-trips
 * (create answer and read reflect what was sent); every invalid one is a 4xx and creates nothing.
 */
import { check } from '../../../lib/check/index.ts';
import { replayCommand } from '../../../lib/run/config/replay.ts';
import type { CheckContext } from '../../../lib/check/index.ts';
import type { Params } from '../../../lib/types.ts';
import { sameDateTime, sameText } from '../../../lib/spec/normalise.ts';
import { req, sameIds, showIds, field, isInteger } from '../../../lib/spec/contract.ts';
import type { LinkedDef } from '../../../lib/spec/resources.ts';
import { an } from '../../../lib/spec/resources.ts';
import { createRecord, scopedIds } from './support.ts';
import { bind, invalidLinked, validLinked } from '../../../lib/spec/arbitraries/venues.ts';

/** Why `body` does not reflect `sent`, or null. */
function mismatch(_d: LinkedDef, sent: Params, body: unknown): string | null {
  for (const [f, v] of Object.entries(sent)) {
    const got = field(body, f);
    let same: boolean;
    if (f === 'date') same = sameDateTime(String(v), got);
    else if (f === 'status') same = got === v;
    else if (f === 'show_map' || f === 'show_map_link') same = got === (v === 'true');
    else same = sameText(String(v), got);
    if (!same) return `${f} shows ${JSON.stringify(got)}, sent ${JSON.stringify(v)}`;
  }
  return null;
}

export function payloadChecks(d: LinkedDef): void {
  const P = d.plural;
  const fieldReqs = [
    d.nameField,
    'description',
    'status',
    'date',
    'website',
    ...d.textFields,
    ...(d.kind === 'venue' ? ['show_map', 'show_map_link'] : []),
  ].map((f) => req.field(d.plural, f));

  check(
    {
      id: `${P}.create.round-trip`,
      spec: `Resources and their fields / ${d.section}; docs/requirements.md#valid-create (must: sent fields reflected after normalisation)`,
      level: 'must',
      requirements: [req.route('POST', d.plural, ''), req.route('GET', d.plural, '/{id}'), ...fieldReqs],
      tags: ['writes', 'property'],
    },
    `any valid ${d.kind} payload (random optional fields, non-ASCII text) is created and read back as sent`,
    async (t: CheckContext) => {
      let n = 0;
      await t.property(
        validLinked(d),
        async (draft) => {
          const sent = bind(d, t.scope, ++n, draft);
          const res = await t.api.post(`/${P}`, sent);
          const id = field(res.json, 'id');
          if (isInteger(id)) t.track(P, id, res.json);
          t.expectStatus(res, '2xx', `POST /${P}`);
          t.assert(Number.isInteger(id), `the create answer has no integer id`, res);
          const bad = mismatch(d, sent, res.json);
          t.assert(!bad, `the create answer does not reflect the payload: ${bad}`, res);
          const read = await t.api.get(`/${P}/${id}`);
          t.expectStatus(read, '2xx', `GET /${P}/${id}`);
          const badRead = mismatch(d, sent, read.json);
          t.assert(!badRead, `the read ${d.kind} does not reflect the payload: ${badRead}`, read);
        },
        // 12 runs, not --num-runs (20): each costs 3 requests, and the fault matrix (5 runs) kills
        // every fault of this check; the terms' round trips make 10.
        { numRuns: 12 },
      );
    },
  );

  check(
    {
      id: `${P}.create.invalid-creates-nothing`,
      spec: `Resources and their fields / ${d.section} (${d.nameField} required); docs/requirements.md#missing-required-field (must: 4xx and nothing created); positive control: ${an(d.kind)} of the scope is listed`,
      level: 'must',
      requirements: [req.route('POST', d.plural, ''), req.field(d.plural, d.nameField)],
      tags: ['writes', 'property'],
    },
    `any ${d.kind} payload without a name (missing or empty) is a 4xx and creates nothing`,
    async (t: CheckContext) => {
      let n = 0;
      // Positive control: a record of the same scope, which the scope's list must show.
      const control = await createRecord(t, d, {}, 'control');
      // The refused payloads by run: their descriptions hold the scope and the run's number.
      const refused = new Map<number, Params>();
      // 12 runs, not --num-runs (20): one request each; the fault matrix proves this check's faults at 5.
      await t.property(
        invalidLinked(d),
        async (draft) => {
          const sent = { ...bind(d, t.scope, ++n, draft), description: `${t.scope} invalid ${n}` };
          const res = await t.api.post(`/${P}`, sent);
          t.trackCreated(P, res);
          t.expectStatus(
            res,
            '4xx',
            `POST /${P} with ${d.nameField} ${draft.name === undefined ? 'missing' : 'empty'}`,
          );
          refused.set(n, sent);
        },
        { numRuns: 12 },
      );
      // One list for all the runs: a record found names the payload that made it.
      const { ids, page } = await scopedIds(t, d);
      if (!sameIds(ids, [control.id])) {
        const made = page.records
          .filter((r) => r.id !== control.id)
          .map((r) => {
            const run = /invalid (\d+)(?!\d)/.exec(JSON.stringify(field(r, 'description') ?? ''))?.[1];
            const payload = run ? refused.get(Number(run)) : undefined;
            return `${r.id}${payload ? ` (made by ${JSON.stringify(payload)})` : ''}`;
          });
        t.fail(
          `after ${refused.size} refused creates the list holds ${showIds(ids)}, expected only the control ${control.id}: ${made.join('; ')}; replay: ${replayCommand(t.config, t.meta.id)}`,
          page.res,
        );
      }
    },
  );
}
