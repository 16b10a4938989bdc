/**
 * Update of a venue or organizer by POST, PUT and PATCH on /{id}: the sent fields are applied
 * (must); unsent fields keep their values (should: the original resets status, the map flags,
 * stateprovince and image); a missing ID is a 4xx (should 404).
 */
import { check } from '../../../lib/check.ts';
import { req, field } from '../../../lib/contract.ts';
import type { LinkedDef } from '../../../lib/resources.ts';
import { fullPayload } from './support.ts';
import type { Params } from '../../../lib/client.ts';

const _METHODS = ['POST', 'PUT', 'PATCH'] as const;

export function updateChecks(d: LinkedDef): void {
  const P = d.plural;
  const _metaField = d.searchField; // city / email: a meta field, besides the name and description

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
