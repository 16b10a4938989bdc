/**
 * Invalid field values of categories and tags (issue 12, point 1): an empty name, and for
 * categories a parent that names no category (an unknown ID, a non-numeric value), are refused
 * on create and on update by POST, PUT and PATCH, and change nothing: no term is created, and the
 * updated term keeps every field, also the valid ones sent with the invalid value. Measured on
 * both versions (docs/requirements.md#measured-cross-cutting): `name: ""` on create and update and
 * `parent` of a missing term on create are 400 `rest_invalid_param`, and the update takes the same
 * arguments. Values are drawn by lib/spec/arbitraries/invalid.ts (bounded runs). The fields applied on
 * every method live in items.ts (`update.<method>-applies`) and create.ts (`create.reflects-fields`).
 */
import fc from 'fast-check';
import { invalidCases, nonNumeric, unknownId } from '../../../lib/spec/arbitraries/invalid.ts';
import { check } from '../../../lib/check/index.ts';
import { isCleared } from '../../events/support.ts';
import { changedKeys, heldAsSent } from '../generated.ts';
import type { Params } from '../../../lib/types.ts';
import { type ApiRecord, req, sameIds, showIds } from '../../../lib/spec/contract.ts';
import type { Taxonomy } from '../../../lib/spec/resources.ts';
import { idsOf, listTerms, makeTerm, meta, readTerm, SHOW_EMPTY, slugFor, termFields } from './support.ts';

const METHODS = ['POST', 'PUT', 'PATCH'] as const;
/** Which method the first case uses; the next cases take the following ones in turn. */
const OFFSET = fc.integer({ min: 0, max: 2 });

/** The invalid values of a taxonomy's fields: an empty name; categories also a parent that is no category. */
function invalidTable(tx: Taxonomy): Record<string, Record<string, fc.Arbitrary<unknown>>> {
  return {
    name: { empty: fc.constant('') },
    ...(tx.hierarchical ? { parent: { unknown: unknownId, 'non-numeric': nonNumeric } } : {}),
  };
}

/** The fields a refused write must leave alone, for messages and comparison. */
function snapshot(tx: Taxonomy, rec: ApiRecord): string {
  return JSON.stringify(termFields(tx).map((f) => rec[f]));
}

export function termFieldChecks(tx: Taxonomy): void {
  const table = invalidTable(tx);
  const fields = Object.keys(table);

  check(
    meta(tx, {
      id: 'fields.invalid-refused',
      spec: `Resources and their fields / Event ${tx.noun} (name required, non-empty${tx.hierarchical ? '; parent: parent category term ID' : ''}); docs/requirements.md#measured-cross-cutting: invalid value is 400 rest_invalid_param (name "" on create and update, a missing parent on create)`,
      level: 'must',
      requirements: [
        req.route('POST', tx.kind),
        ...METHODS.map((m) => req.route(m, tx.kind, '/{id}')),
        ...fields.map((f) => req.field(tx.kind, f)),
        ...fields.map((f) => req.cover(`${tx.kind}.${f}.invalid`)),
      ],
      tags: ['writes', 'property'],
    }),
    `refuses an empty name${tx.hierarchical ? ' and a parent that is no category (unknown ID, non-numeric)' : ''} on create and on POST, PUT and PATCH updates, and changes nothing`,
    async (t) => {
      const parent = tx.hierarchical ? await makeTerm(t, tx, 'parent') : undefined;
      const made = await makeTerm(t, tx, 'target', {
        description: t.name('kept description'),
        slug: slugFor(t, 'kept'),
        ...(parent ? { parent: parent.id } : {}),
      });
      const own = [made.id, ...(parent ? [parent.id] : [])];
      const before = snapshot(tx, (await readTerm(t, tx, made.id)).body);
      let run = 0;
      await t.property(
        fc.tuple(OFFSET, invalidCases(table)),
        async ([offset, cases]) => {
          run++;
          const updates: string[] = [];
          for (const [i, c] of cases.entries()) {
            const method = METHODS[(offset + i) % 3];
            const shown = `${c.name}=${JSON.stringify(c.value)} (${c.kind})`;
            // The invalid value goes with valid changes: a server that applies those and drops the
            // invalid one changed the term.
            const body: Params = { description: t.name(`changed r${run} c${i}`), [c.name]: c.value as string };
            if (c.name !== 'name') body.name = t.name(`renamed r${run} c${i}`);
            const res = await t.api.request({ method, path: `/${tx.kind}/${made.id}`, json: body });
            t.expectStatus(res, '4xx', `${method} /${tx.kind}/${made.id} with ${shown}`);
            updates.push(`${method} with ${shown}`);
            // The same value on create; the slug carries the scope, so a term created anyway is found.
            const create: Params = {
              name: c.name === 'name' ? '' : t.name(`created r${run} c${i}`),
              slug: slugFor(t, `c-r${run}-c${i}`),
              [c.name]: c.value as string,
            };
            const cres = await t.api.post(`/${tx.kind}`, create);
            t.trackCreated(tx.kind, cres);
            t.expectStatus(cres, '4xx', `POST /${tx.kind} with ${shown}`);
          }
          // One read after the run's refused updates (was one after each): each sends a description
          // of its own (`changed r<run> c<case>`), so a change by any of them stays for the read to show.
          const after = await readTerm(t, tx, made.id, `GET /${tx.kind}/${made.id} after the refused updates`);
          t.assert(
            snapshot(tx, after.body) === before,
            `the refused ${updates.join(', ')} changed the ${tx.noun}: ${termFields(tx).join(', ')} were ${before}, are ${snapshot(tx, after.body)}`,
            after.res,
          );
          const { res, items } = await listTerms(t, tx, { search: t.scope, ...SHOW_EMPTY, per_page: 50 });
          // Positive control: the check's own terms are listed; nothing else is.
          const extra = idsOf(items).filter((id) => !own.includes(id));
          t.assert(
            sameIds(idsOf(items), own),
            `after refused creates with ${cases.map((c) => `${c.name}=${JSON.stringify(c.value)}`).join(', ')} the scope lists ${showIds(idsOf(items))}: ${extra.length ? `made ${showIds(extra)} anyway` : `the check's own ${showIds(own)} are missing (positive control)`}`,
            res,
          );
        },
        { numRuns: 2 },
      );
    },
  );

  check(
    meta(tx, {
      id: 'fields.description-cleared',
      spec: `Resources and their fields / Event ${tx.noun}: description (optional string); an empty value clears it (should: the original refuses an empty description with 400)`,
      level: 'should',
      requirements: [
        req.route('PATCH', tx.kind, '/{id}'),
        req.field(tx.kind, 'description'),
        req.cover(`${tx.kind}.description.clear`),
      ],
      tags: ['writes'],
    }),
    `an update with description "" clears the ${tx.noun}'s description`,
    async (t) => {
      const made = await makeTerm(t, tx, 'cleared', { description: t.name('description to clear') });
      const path = `/${tx.kind}/${made.id}`;
      const res = await t.api.patch(path, { description: '' });
      t.expectStatus(res, '2xx', `PATCH ${path} with description ""`);
      const { body, res: read } = await readTerm(t, tx, made.id);
      t.assert(
        isCleared(body.description),
        `after PATCH with description "" the ${tx.noun} has description ${JSON.stringify(body.description)}`,
        read,
      );
    },
  );

  check(
    meta(tx, {
      id: 'fields.generated-read-only',
      spec: `Resources and their fields / Event ${tx.noun} (name, description, slug${tx.hierarchical ? ', parent' : ''} only); docs/requirements.md#generated-fields (should: count, url, taxonomy and urls are the service's; measured on 6.8.0 and 4.6.8: sent values are ignored on create and on POST, PUT and PATCH updates)`,
      level: 'should',
      requirements: [req.route('POST', tx.kind), req.route('PATCH', tx.kind, '/{id}')],
      tags: ['writes'],
    }),
    `count, url, taxonomy and urls sent on create or update are ignored`,
    async (t) => {
      const forged = {
        count: 42,
        url: 'https://forged.example.org/term/',
        taxonomy: tx.hierarchical ? 'post_tag' : 'tribe_events_cat',
        urls: { self: 'https://forged.example.org/self', collection: 'https://forged.example.org/all' },
      };
      const res = await t.api.post(`/${tx.kind}`, { name: t.name(`${tx.noun} forging fields`), ...forged });
      const made = t.record(res, `POST /${tx.kind} with generated fields`);
      t.track(tx.kind, made.id as number);
      const onCreate = heldAsSent(made, forged);
      t.assert(onCreate.length === 0, `the created ${tx.noun} holds the sent ${onCreate.join(', ')}`, res);
      const path = `/${tx.kind}/${made.id}`;
      t.expectStatus(await t.api.patch(path, forged), '2xx', `PATCH ${path} with forged generated fields`);
      const { body: after, res: readRes } = await readTerm(t, tx, made.id as number);
      const onUpdate = heldAsSent(after, forged);
      // Against the create's answer: what the service made of the term.
      const changed = changedKeys(made, after, Object.keys(forged));
      t.assert(
        onUpdate.length === 0 && changed.length === 0,
        `after PATCH ${path} with forged generated fields it holds the sent ${onUpdate.join(', ') || '-'} and changed ${changed.join(', ') || '-'}`,
        readRes,
      );
    },
  );
}
