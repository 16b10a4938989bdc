/**
 * Update of a venue or organizer by POST, PUT and PATCH on /{id}: the sent fields are applied
 * (must); unsent fields keep their values (should: the original resets status, the map flags,
 * stateprovince and image); a missing ID is a 4xx (should 404).
 */
import { check } from '../../../lib/check.ts';
import { sameText } from '../../../lib/normalise.ts';
import { req, field } from '../../../lib/contract.ts';
import type { LinkedDef } from '../../../lib/resources.ts';
import { createRecord, fullPayload, sampleValue } from './support.ts';
import type { Params } from '../../../lib/client.ts';

const METHODS = ['POST', 'PUT', 'PATCH'] as const;

export function updateChecks(d: LinkedDef): void {
  const P = d.plural;
  const metaField = d.searchField; // city / email: a meta field, besides the name and description

  for (const method of METHODS) {
    check(
      {
        id: `${P}.update.${method.toLowerCase()}-applies`,
        spec: `Resources and their fields ("Update" is POST, PUT or PATCH on the item route); docs/requirements.md#update (must: applies the sent fields, 2xx)`,
        level: 'must',
        requirements: [
          req.route(method, d.plural, '/{id}'),
          req.field(d.plural, d.nameField),
          req.field(d.plural, 'description'),
          req.field(d.plural, metaField),
        ],
        tags: ['writes'],
      },
      `${method} /${P}/{id} applies the sent name, description and ${metaField}`,
      async (t) => {
        const rec = await createRecord(
          t,
          d,
          { description: 'before', [metaField]: sampleValue(t, metaField) },
          'to update',
        );
        const sent: Params = {
          [d.nameField]: t.name(`renamed ${d.kind} Ōtaki`),
          description: `${t.scope} nouvelle déscription`,
          [metaField]: metaField === 'email' ? `${t.scope}.new@example.org` : `${t.scope} Łódź`,
        };
        const res = await t.api.request({ method, path: `/${P}/${rec.id}`, json: sent });
        t.expectStatus(res, '2xx', `${method} /${P}/${rec.id}`);
        const read = await t.api.get(`/${P}/${rec.id}`);
        t.expectStatus(read, '2xx', `GET /${P}/${rec.id} after the update`);
        for (const [f, v] of Object.entries(sent)) {
          t.assert(
            sameText(String(v), field(read.json, f)),
            `after ${method} the ${d.kind} reads ${f} ${JSON.stringify(field(read.json, f))}, sent ${JSON.stringify(v)}`,
            read,
          );
        }
      },
    );
  }

  check(
    {
      id: `${P}.update.answers-200`,
      spec: 'docs/requirements.md#measured-cross-cutting: update answers 200 with the record (should)',
      level: 'should',
      requirements: [req.route('POST', d.plural, '/{id}')],
      tags: ['writes'],
    },
    `an update answers 200 with the updated ${d.kind}`,
    async (t) => {
      const rec = await createRecord(t, d, {}, 'answer');
      const description = `${t.scope} answered description`;
      const res = await t.api.post(`/${P}/${rec.id}`, { description });
      t.expectStatus(res, 200, `POST /${P}/${rec.id}`);
      t.assert(
        field(res.json, 'id') === rec.id && sameText(description, field(res.json, 'description')),
        `the update answer shows id ${JSON.stringify(field(res.json, 'id'))} and description ${JSON.stringify(field(res.json, 'description'))}, expected ${rec.id} and the sent description`,
        res,
      );
    },
  );

  check(
    {
      id: `${P}.update.keeps-unsent`,
      spec: `Update: every field optional (HTTP PATCH semantics; should). The original deviates: it resets status (draft -> publish), venue show_map/show_map_link, stateprovince and image`,
      level: 'should',
      requirements: [
        req.route('PATCH', d.plural, '/{id}'),
        req.field(d.plural, 'status'),
        ...(d.kind === 'venue' ? ['show_map', 'show_map_link', 'stateprovince'] : []).map((f) =>
          req.field(d.plural, f),
        ),
      ],
      tags: ['writes'],
    },
    `an update that sends only the description keeps every other field`,
    async (t) => {
      const payload = { ...fullPayload(t, d, 'kept'), status: 'draft' } as Params;
      const image = t.config.fixtures?.image;
      if (image) payload.image = image.id;
      const rec = await t.create(P, payload);
      const before = await t.api.get(`/${P}/${rec.id}`);
      t.expectStatus(before, '2xx', `GET /${P}/${rec.id}`);
      const res = await t.api.patch(`/${P}/${rec.id}`, { description: `${t.scope} only this changes` });
      t.expectStatus(res, '2xx', `PATCH /${P}/${rec.id}`);
      const after = await t.api.get(`/${P}/${rec.id}`);
      t.expectStatus(after, '2xx', `GET /${P}/${rec.id} after the update`);
      const changed: string[] = [];
      const keys = [
        d.nameField,
        'website',
        'status',
        ...d.textFields,
        ...(d.kind === 'venue' ? ['show_map', 'show_map_link'] : []),
        ...(image ? ['image'] : []),
      ];
      for (const k of keys) {
        if (JSON.stringify(field(before.json, k)) !== JSON.stringify(field(after.json, k)))
          changed.push(`${k}: ${JSON.stringify(field(before.json, k))} -> ${JSON.stringify(field(after.json, k))}`);
      }
      t.assert(changed.length === 0, `fields not sent changed: ${changed.join('; ')}`, after);
    },
  );
}
