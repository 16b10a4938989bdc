/**
 * Unsent fields on update, declared once for the five resources: a record made with every field of
 * its table is updated by POST, PUT and PATCH, each sending one field, and every other field must
 * read back as before (should: docs/requirements.md#unsent-fields; the original resets many event,
 * venue and organizer fields, its quirks say which). What is set and sent is data
 * (lib/spec/resources.ts `keepSample`); the image joins when the target names one (a fixture).
 */
import { check, type CheckContext } from '../../../lib/check/index.ts';
import type { Params } from '../../../lib/types.ts';
import { field, req } from '../../../lib/spec/contract.ts';
import { NEW_RECORD, NewLink, type ResourceDef } from '../../../lib/spec/resources.ts';
import { make, valueKey } from './support.ts';

const METHODS = ['POST', 'PUT', 'PATCH'] as const;

/** The create payload with each NewLink and NEW_RECORD replaced by a record made for the check. */
export async function resolvePayload(
  t: CheckContext,
  r: ResourceDef,
  create: Record<string, unknown>,
): Promise<Params> {
  const out: Params = {};
  for (const [k, v] of Object.entries(create)) {
    if (v === NEW_RECORD) out[k] = (await make(t, r, `kept ${k}`)).id;
    else if (v instanceof NewLink) {
      const name = v.resource === 'categories' || v.resource === 'tags' ? 'name' : k;
      const linked = await t.create(v.resource, { [name]: t.name(`kept ${k}`) });
      out[k] = v.many ? [linked.id] : linked.id;
    } else out[k] = v as Params[string];
  }
  return out;
}

const shown = (v: unknown) => JSON.stringify(v)?.slice(0, 160) ?? 'nothing';

export function keepChecks(r: ResourceDef): void {
  const P = r.plural;
  check(
    {
      id: `${P}.update.keeps-unsent`,
      spec: `Resources and their fields ("Update" is POST, PUT or PATCH on the item route, where every field is optional); docs/requirements.md#unsent-fields (should: unsent fields keep their values)`,
      level: 'should',
      requirements: [
        ...METHODS.map((m) => req.route(m, P, '/{id}')),
        ...req.covers(P, Object.keys(r.fields), ['keep']),
      ],
      tags: ['writes'],
    },
    `POST, PUT and PATCH sending one field each keep every other field of the ${r.noun}`,
    async (t) => {
      const sample = r.keepSample(t.name.bind(t), t.scope, t.extended);
      const payload = await resolvePayload(t, r, sample.create);
      const image = t.config.fixtures?.image;
      // The field is a string (the spec's table): 6.8.0 and 4.6.8 refuse a JSON number with 400.
      if (image && 'image' in r.fields) payload.image = String(image.id);
      const rec = await t.create(P, payload);
      const path = `/${P}/${rec.id}`;
      let before = await t.api.get(path);
      t.expectStatus(before, '2xx', `GET ${path}`);
      for (const [method, body] of sample.updates) {
        const res = await t.api.request({ method, path, json: body });
        t.expectStatus(res, '2xx', `${method} ${path} with ${shown(body)}`);
        const after = await t.api.get(path);
        t.expectStatus(after, '2xx', `GET ${path} after ${method}`);
        const changed = Object.keys(r.fields)
          .filter((k) => !(k in body))
          .filter((k) => valueKey(field(before.json, k)) !== valueKey(field(after.json, k)))
          .map(
            (k) =>
              `${k}: ${valueKey(field(before.json, k)).slice(0, 160)} -> ${valueKey(field(after.json, k)).slice(0, 160)}`,
          );
        t.assert(
          changed.length === 0,
          `${method} ${path} sending only ${Object.keys(body).join(', ')} changed fields it did not send: ${changed.join('; ')}`,
          after,
        );
        before = after;
      }
    },
  );
}
