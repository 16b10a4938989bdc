/**
 * Field x operation coverage for venues and organizers (issue 12, point 1): every field of the
 * spec's table is sent and asserted on update by POST, PUT and PATCH, with a new value per method
 * (must: docs/requirements.md#update); `status` on each method (must: measured on 6.8.0 and 4.6.8). Matrix rows: req.cover(`<plural>.<field>.<post|put|patch>`).
 */
import { check, type CheckContext } from '../../../lib/check/index.ts';
import type { Params } from '../../../lib/types.ts';
import { at, req, isObject, recordId, showIds } from '../../../lib/spec/contract.ts';
import { sameBoolean, sameDateTime, sameText } from '../../../lib/spec/normalise.ts';
import { an, type LinkedDef } from '../../../lib/spec/resources.ts';
import { createRecord, fullPayload, scopedIds } from './support.ts';
import { isCleared } from '../../events/support.ts';
import { changedFields, changedKeys, heldAsSent } from '../generated.ts';

const METHODS = ['POST', 'PUT', 'PATCH'] as const;
type Method = (typeof METHODS)[number];

/** A new value of `field` for an update by `method`. */
function valueFor(t: CheckContext, field: string, method: Method): string {
  const i = METHODS.indexOf(method);
  switch (field) {
    case 'website':
      return `https://example.org/${t.scope}/${method.toLowerCase()}`;
    case 'email':
      return `${method.toLowerCase()}.${t.scope}@example.org`;
    case 'zip':
      return ['75004', '69001', '13002'][i];
    case 'phone':
      return `+33 1 42 76 40 4${i}`;
    default:
      return `${t.scope} ${field} ${method} Straße Ñandú`;
  }
}

export function linkedFieldChecks(d: LinkedDef): void {
  const P = d.plural;
  const fields = [...d.textFields, 'website', 'description'];
  check(
    {
      id: `${P}.fields.every-method`,
      spec: `Resources and their fields / ${d.section}: every field (update: POST, PUT, PATCH); docs/requirements.md#update (must: each applies the sent fields)`,
      level: 'must',
      requirements: [
        ...METHODS.map((m) => req.route(m, P, '/{id}')),
        ...fields.map((f) => req.field(P, f)),
        ...[d.nameField, ...fields].flatMap((f) => METHODS.map((m) => req.cover(`${P}.${f}.${m.toLowerCase()}`))),
      ],
      tags: ['writes'],
    },
    `POST, PUT and PATCH each apply the name and every field of the ${d.section} table`,
    async (t) => {
      const rec = await createRecord(t, d, {}, 'fields');
      for (const method of METHODS) {
        const body: Params = { [d.nameField]: t.name(`${d.kind} ${method}`) };
        for (const f of fields) body[f] = valueFor(t, f, method);
        const res = await t.api.request({ method, path: `/${P}/${rec.id}`, json: body });
        t.expectStatus(res, '2xx', `${method} /${P}/${rec.id}`);
        const readRes = await t.api.get(`/${P}/${rec.id}`);
        const read = t.record(readRes, `the ${d.kind} after ${method}`) as Record<string, unknown>;
        const bad = [d.nameField, ...fields]
          .filter((f) => !sameText(String(body[f]), read[f]))
          .map((f) => `${f}=${JSON.stringify(read[f])} (sent ${JSON.stringify(body[f])})`);
        t.assert(bad.length === 0, `after ${method} /${P}/${rec.id} the ${d.kind} has ${bad.join(', ')}`, readRes);
      }
    },
  );

  check(
    {
      id: `${P}.fields.status`,
      spec: `Resources and their fields / ${d.section}: status; States and transitions 1 (settable on update); docs/requirements.md#update (must: each applies the sent fields; draft, pending and private measured on 6.8.0 and 4.6.8, 2026-11-28); List ${P}: status (must: as measured, status=pending lists a pending record on both)`,
      level: 'must',
      requirements: [
        ...METHODS.map((m) => req.cover(`${P}.status.${m.toLowerCase()}`)),
        req.field(P, 'status'),
        req.param(P, 'status'),
      ],
      tags: ['writes'],
    },
    `POST, PUT and PATCH each apply the status sent (draft, pending, private); status=pending lists the pending ${d.kind}`,
    async (t) => {
      const rec = await createRecord(t, d, {}, 'status');
      const statuses: Record<Method, string> = { POST: 'draft', PUT: 'pending', PATCH: 'private' };
      for (const method of METHODS) {
        const res = await t.api.request({ method, path: `/${P}/${rec.id}`, json: { status: statuses[method] } });
        t.expectStatus(res, '2xx', `${method} /${P}/${rec.id}`);
        const readRes = await t.api.get(`/${P}/${rec.id}`);
        const read = t.record(readRes, `the ${d.kind}`) as Record<string, unknown>;
        t.assert(
          read.status === statuses[method],
          `after ${method} with status ${statuses[method]} the ${d.kind} has status ${JSON.stringify(read.status)}`,
          readRes,
        );
        if (method === 'PUT') {
          // A status other than publish and draft selects too (measured: both versions list it).
          const { ids, page } = await scopedIds(t, d, { status: 'pending' });
          t.assert(
            ids.includes(rec.id),
            `status=pending lists ${showIds(ids)}, not the pending ${d.kind} ${rec.id}`,
            page.res,
          );
        }
      }
    },
  );

  /** Updates by `method` with `body` and reads the record back by ID. */
  async function update(t: CheckContext, method: Method, id: number, body: Params) {
    const res = await t.api.request({ method, path: `/${P}/${id}`, json: body });
    t.expectStatus(res, '2xx', `${method} /${P}/${id} with ${JSON.stringify(body).slice(0, 300)}`);
    const readRes = await t.api.get(`/${P}/${id}`);
    const read = t.record(readRes, `the ${d.kind} after ${method}`) as Record<string, unknown>;
    return { read, readRes };
  }

  check(
    {
      id: `${P}.fields.author`,
      spec: `Resources and their fields / ${d.section}: author (user ID; update: POST, PUT, PATCH); docs/requirements.md#update (must: each applies the sent fields); n/a unless fixture otherAuthor (sending the default author back proves nothing)`,
      level: 'must',
      requirements: [
        ...METHODS.map((m) => req.route(m, P, '/{id}')),
        req.field(P, 'author'),
        ...METHODS.map((m) => req.cover(`${P}.author.${m.toLowerCase()}`)),
      ],
      tags: ['writes', 'fixture'],
    },
    `POST, PUT and PATCH each apply the author sent (another existing user, then the default author, then the other)`,
    async (t) => {
      const other = t.fixture('otherAuthor');
      const rec = await createRecord(t, d, {}, 'author');
      const own = String(rec.author);
      if (own === String(other.id))
        t.na(`the fixture otherAuthor ${other.id} is the default author of a created ${d.kind}: it cannot tell`);
      const sequence: Array<[Method, string]> = [
        ['POST', String(other.id)],
        ['PUT', own],
        ['PATCH', String(other.id)],
      ];
      for (const [method, author] of sequence) {
        const body: Params = { [d.nameField]: t.name(`${d.kind} author ${method}`), author: Number(author) };
        const { read, readRes } = await update(t, method, rec.id, body);
        t.assert(
          String(read.author) === author,
          `after ${method} with author ${author} the ${d.kind} has author ${JSON.stringify(read.author)}`,
          readRes,
        );
      }
    },
  );

  check(
    {
      id: `${P}.fields.publication`,
      spec: `Resources and their fields / ${d.section}: date, date_utc (update: POST, PUT, PATCH); docs/requirements.md#update (must: each applies the sent fields)`,
      level: 'must',
      requirements: [
        ...METHODS.map((m) => req.route(m, P, '/{id}')),
        req.field(P, 'date'),
        req.field(P, 'date_utc'),
        ...['date', 'date_utc'].flatMap((f) => METHODS.map((m) => req.cover(`${P}.${f}.${m.toLowerCase()}`))),
      ],
      tags: ['writes'],
    },
    `POST, PUT and PATCH each apply the publication date sent, local (date) and UTC (date_utc)`,
    async (t) => {
      const rec = await createRecord(t, d, {}, 'publication');
      let days = -60;
      for (const method of METHODS) {
        const date = `${at(days--).slice(0, 10)} 07:45:00`;
        const a = await update(t, method, rec.id, { [d.nameField]: t.name(`${d.kind} date ${method}`), date });
        t.assert(
          sameDateTime(date, a.read.date),
          `after ${method} with date ${date} the ${d.kind} has date ${JSON.stringify(a.read.date)}`,
          a.readRes,
        );
        const dateUtc = `${at(days--).slice(0, 10)} 06:30:00`;
        const b = await update(t, method, rec.id, {
          [d.nameField]: t.name(`${d.kind} date_utc ${method}`),
          date_utc: dateUtc,
        });
        t.assert(
          sameDateTime(dateUtc, b.read.date_utc),
          `after ${method} with date_utc ${dateUtc} the ${d.kind} has date_utc ${JSON.stringify(b.read.date_utc)}`,
          b.readRes,
        );
      }
    },
  );

  if (d.kind === 'venue')
    check(
      {
        id: `${P}.fields.map-flags`,
        spec: `Resources and their fields / ${d.section}: show_map, show_map_link (booleans; update: POST, PUT, PATCH); docs/requirements.md#update (must: each applies the sent fields)`,
        level: 'must',
        requirements: [
          ...METHODS.map((m) => req.route(m, P, '/{id}')),
          req.field(P, 'show_map'),
          req.field(P, 'show_map_link'),
          ...['show_map', 'show_map_link'].flatMap((f) =>
            METHODS.map((m) => req.cover(`${P}.${f}.${m.toLowerCase()}`)),
          ),
        ],
        tags: ['writes'],
      },
      `POST, PUT and PATCH each apply show_map and show_map_link sent (alternating "true" and "false")`,
      async (t) => {
        // Sent as strings: the spec types show_map and show_map_link as strings, and the original
        // (6.8.0) refuses a JSON boolean with 400 rest_invalid_param ("show_map is not of type string").
        const rec = await createRecord(t, d, { show_map: 'false', show_map_link: 'false' }, 'map');
        let value = true;
        for (const method of [...METHODS, 'PATCH' as const]) {
          const body: Params = {
            [d.nameField]: t.name(`${d.kind} map ${method}`),
            show_map: String(value),
            show_map_link: String(!value),
          };
          const sent = { show_map: value, show_map_link: !value };
          const { read, readRes } = await update(t, method, rec.id, body);
          const bad = (['show_map', 'show_map_link'] as const)
            .filter((f) => !sameBoolean(sent[f], read[f]))
            .map((f) => `${f}=${JSON.stringify(read[f])} (sent "${sent[f]}")`);
          t.assert(bad.length === 0, `after ${method} the ${d.kind} has ${bad.join(', ')}`, readRes);
          value = !value;
        }
      },
    );

  check(
    {
      id: `${P}.fields.image`,
      spec: `Resources and their fields / ${d.section}: image (string: featured image ID or URL; update: POST, PUT, PATCH); docs/requirements.md#fixture-only (measured on 6.8.0 and 4.6.8)`,
      level: 'must',
      requirements: [
        ...METHODS.map((m) => req.route(m, P, '/{id}')),
        req.field(P, 'image'),
        ...METHODS.map((m) => req.cover(`${P}.image.${m.toLowerCase()}`)),
      ],
      tags: ['writes', 'fixture'],
    },
    `POST and PATCH each apply an image ID sent (as a string), PUT an image URL`,
    async (t) => {
      const image = t.fixture('image');
      for (const method of METHODS) {
        const rec = await createRecord(t, d, {}, `image ${method}`);
        // The field is a string (the spec's table): 6.8.0 and 4.6.8 refuse a JSON number with 400.
        const sent = method === 'PUT' ? image.url : String(image.id);
        const body: Params = { [d.nameField]: t.name(`${d.kind} image ${method}`), image: sent };
        const { read, readRes } = await update(t, method, rec.id, body);
        const got = read.image;
        const shown = isObject(got) ? (got.id ?? got.url) : got;
        t.assert(
          String(shown) === String(image.id) || shown === image.url,
          `after ${method} with image ${sent} the ${d.kind} shows image ${JSON.stringify(got)?.slice(0, 200)}`,
          readRes,
        );
      }
    },
  );

  check(
    {
      id: `${P}.fields.invalid-refused`,
      spec: `Resources and their fields / ${d.section} (author integer, date, status); docs/requirements.md#measured-cross-cutting: invalid value is 400 rest_invalid_param (recorded on create: date "foo", author 999); update unmeasured, so should`,
      level: 'should',
      requirements: [
        ...METHODS.map((m) => req.route(m, P, '/{id}')),
        ...['author', 'date', 'date_utc', 'status'].map((f) => req.cover(`${P}.${f}.invalid`)),
      ],
      tags: ['writes'],
    },
    `refuses a malformed date or date_utc, a non-numeric author and an unknown status on update (4xx), and changes nothing`,
    async (t) => {
      const rec = await createRecord(t, d, {}, 'invalid');
      const before = t.record(await t.api.get(`/${P}/${rec.id}`), `the ${d.kind}`) as Record<string, unknown>;
      const cases: Array<[Method, string, unknown]> = [
        ['POST', 'date', 'not a date'],
        ['PUT', 'date_utc', '2026-13-45 99:00:00'],
        ['PATCH', 'author', 'abc'],
        ['POST', 'status', 'no-such-status'],
      ];
      // One read after the four refused updates (was one after each): each sends its own field,
      // so a change by any of them stays for the read to show.
      const name = t.name(`${d.kind} must not be applied`);
      for (const [method, field, value] of cases) {
        const res = await t.api.request({
          method,
          path: `/${P}/${rec.id}`,
          json: { [d.nameField]: name, [field]: value },
        });
        t.expectStatus(res, '4xx', `${method} /${P}/${rec.id} with ${field} ${JSON.stringify(value)}`);
      }
      const readRes = await t.api.get(`/${P}/${rec.id}`);
      const read = t.record(readRes, `the ${d.kind}`) as Record<string, unknown>;
      const changed = [
        ...(sameText(String(before[d.nameField]), read[d.nameField])
          ? []
          : [`${d.nameField}=${JSON.stringify(read[d.nameField])}`]),
        ...cases
          .filter(([, field]) => read[field] !== before[field])
          .map(([, field]) => `${field}=${JSON.stringify(read[field])} (was ${JSON.stringify(before[field])})`),
      ];
      t.assert(
        changed.length === 0,
        `after the refused ${cases.map(([m, f, v]) => `${m} with ${f} ${JSON.stringify(v)}`).join(', ')} the ${d.kind} changed: ${changed.join(', ')}`,
        readRes,
      );
    },
  );

  check(
    {
      id: `${P}.fields.cleared`,
      spec: `Resources and their fields / ${d.section} (extended only: the optional fields default to null); docs/requirements.md#update (should: an empty value clears the field; measured on 6.8.0, 4.6.8 refuses "")`,
      level: 'should',
      requirements: [
        ...METHODS.map((m) => req.route(m, P, '/{id}')),
        ...fields.map((f) => req.field(P, f)),
        ...fields.map((f) => req.cover(`${P}.${f}.clear`)),
      ],
      tags: ['writes', 'extended'],
    },
    `POST, PUT and PATCH each clear every optional text field of the ${d.section} table sent empty ("")`,
    async (t) => {
      for (const method of METHODS) {
        const rec = await t.create(P, fullPayload(t, d, `cleared ${method}`));
        const body: Params = Object.fromEntries(fields.map((f) => [f, '']));
        const { read, readRes } = await update(t, method, rec.id, body);
        const kept = fields
          .filter((f) => !isCleared(read[f]))
          .map((f) => `${f}=${JSON.stringify(read[f])} (was ${JSON.stringify(rec[f])})`);
        t.assert(
          kept.length === 0,
          `after ${method} /${P}/${rec.id} with every optional field "" the ${d.kind} still has ${kept.join(', ')}`,
          readRes,
        );
      }
    },
  );

  check(
    {
      id: `${P}.fields.image-cleared`,
      spec: `Resources and their fields / ${d.section}: image (extended only: default null); an empty value clears it (should); docs/requirements.md#fixture-only`,
      level: 'should',
      requirements: [req.route('PATCH', P, '/{id}'), req.field(P, 'image'), req.cover(`${P}.image.clear`)],
      tags: ['writes', 'extended', 'fixture'],
    },
    `an update with image "" removes the ${d.kind}'s image`,
    async (t) => {
      const image = t.fixture('image');
      const rec = await createRecord(t, d, { image: String(image.id) }, 'image cleared');
      const before = t.record(await t.api.get(`/${P}/${rec.id}`), `the ${d.kind} with image ${image.id}`);
      if (isCleared(before.image))
        t.blocked(`setup: the ${d.kind} ${rec.id} created with image ${image.id} shows no image`);
      const { read, readRes } = await update(t, 'PATCH', rec.id, { image: '' });
      t.assert(
        isCleared(read.image),
        `after PATCH /${P}/${rec.id} with image "" the ${d.kind} shows image ${JSON.stringify(read.image)?.slice(0, 200)}`,
        readRes,
      );
    },
  );

  check(
    {
      id: `${P}.fields.rename-to-existing`,
      spec: `Resources and their fields / ${d.section}: ${d.nameField} (optional on update); docs/requirements.md#update (must: the update applies; measured on 6.8.0 and 4.6.8: 200, both records keep their IDs)`,
      level: 'must',
      requirements: [req.route('POST', P, '/{id}'), req.field(P, d.nameField)],
      tags: ['writes'],
    },
    `renaming ${an(d.kind)} to the name of another ${d.kind} applies the name and leaves the other one as it was`,
    async (t) => {
      // Each with a description of its own: a rename that merges the two shows in the other one.
      const first = await createRecord(t, d, { description: t.name('first description') }, 'named first');
      const second = await createRecord(t, d, { description: t.name('second description') }, 'named second');
      const before = t.setup.record(
        await t.api.get(`/${P}/${first.id}`),
        `the ${d.kind} ${first.id} before the rename`,
      );
      const { read, readRes } = await update(t, 'POST', second.id, { [d.nameField]: first[d.nameField] });
      t.assert(
        read.id === second.id && sameText(String(first[d.nameField]), read[d.nameField]),
        `after POST /${P}/${second.id} with the name of ${d.kind} ${first.id} (${JSON.stringify(first[d.nameField])}) it reads ${d.nameField}=${JSON.stringify(read[d.nameField])}`,
        readRes,
      );
      const otherRes = await t.api.get(`/${P}/${first.id}`);
      const other = t.record(otherRes, `the ${d.kind} ${first.id}`);
      t.assert(
        other.id === first.id && sameText(String(first[d.nameField]), other[d.nameField]),
        `the ${d.kind} ${first.id} whose name was reused reads ${d.nameField}=${JSON.stringify(other[d.nameField])}`,
        otherRes,
      );
      // As it was: every field of the other record reads as before the rename.
      const changed = changedFields(before, other);
      t.assert(
        changed.length === 0,
        `after the rename the ${d.kind} ${first.id} whose name was reused changed: ${changed.join('; ')}`,
        otherRes,
      );
    },
  );

  check(
    {
      id: `${P}.fields.empty-name-kept`,
      spec: `Resources and their fields / ${d.section}: ${d.nameField} (required on create); docs/requirements.md#update (must: an update never leaves the record without its name; measured on 6.8.0 and 4.6.8: 400, name kept)`,
      level: 'must',
      requirements: [...METHODS.map((m) => req.route(m, P, '/{id}')), req.field(P, d.nameField)],
      tags: ['writes'],
    },
    `an update by POST, PUT or PATCH with an empty name leaves the ${d.kind}'s name as it was`,
    async (t) => {
      const rec = await createRecord(t, d, {}, 'empty name');
      for (const method of METHODS) {
        const res = await t.api.request({ method, path: `/${P}/${rec.id}`, json: { [d.nameField]: '' } });
        t.assert(res.status < 500, `${method} /${P}/${rec.id} with ${d.nameField} "" answered ${res.status}`, res);
        const readRes = await t.api.get(`/${P}/${rec.id}`);
        const read = t.record(readRes, `the ${d.kind} after ${method} with an empty name`);
        t.assert(
          sameText(String(rec[d.nameField]), read[d.nameField]),
          `after ${method} /${P}/${rec.id} with ${d.nameField} "" (answered ${res.status}) it reads ${d.nameField}=${JSON.stringify(read[d.nameField])}, was ${JSON.stringify(rec[d.nameField])}`,
          readRes,
        );
      }
    },
  );

  check(
    {
      id: `${P}.fields.empty-name-400`,
      spec: `Resources and their fields / ${d.section}: ${d.nameField}; docs/requirements.md#measured-linked-2026-11 (should: an empty name on update is 400 rest_invalid_param, measured on 6.8.0 and 4.6.8)`,
      level: 'should',
      requirements: [...METHODS.map((m) => req.route(m, P, '/{id}')), req.field(P, d.nameField)],
      tags: ['writes'],
    },
    `an update by POST, PUT or PATCH with an empty name answers 400`,
    async (t) => {
      const rec = await createRecord(t, d, {}, 'empty name 400');
      for (const method of METHODS) {
        const res = await t.api.request({ method, path: `/${P}/${rec.id}`, json: { [d.nameField]: '' } });
        t.expectStatus(res, 400, `${method} /${P}/${rec.id} with ${d.nameField} ""`);
      }
    },
  );

  check(
    {
      id: `${P}.create.sent-id-ignored`,
      spec: `Path parameters: id (post ID, set by the service); Resources and their fields / ${d.section} (no id field); docs/requirements.md#generated-fields (must: a create never overwrites another record)`,
      level: 'must',
      requirements: [req.route('POST', P, ''), req.route('GET', P, '/{id}')],
      tags: ['writes'],
    },
    `a create that sends the id of an existing ${d.kind} makes a new record (or is refused) and leaves that ${d.kind} as it was`,
    async (t) => {
      const existing = await createRecord(t, d, {}, 'id owner');
      const name = t.name(`${d.kind} sending an id`);
      const res = await t.api.post(`/${P}`, { [d.nameField]: name, id: existing.id });
      t.assert(res.status < 500, `POST /${P} with id ${existing.id} answered ${res.status}`, res);
      const made = recordId(res);
      if (made !== undefined && made !== existing.id) t.track(P, made);
      t.assert(
        made !== existing.id,
        `POST /${P} with id ${existing.id} answered the record ${existing.id} itself`,
        res,
      );
      const readRes = await t.api.get(`/${P}/${existing.id}`);
      const read = t.record(readRes, `the ${d.kind} ${existing.id}`);
      t.assert(
        sameText(String(existing[d.nameField]), read[d.nameField]),
        `after POST /${P} with id ${existing.id} and ${d.nameField} ${JSON.stringify(name)}, the ${d.kind} ${existing.id} reads ${d.nameField}=${JSON.stringify(read[d.nameField])}`,
        readRes,
      );
    },
  );

  check(
    {
      id: `${P}.fields.generated-read-only`,
      spec: `Response records: not shown; docs/requirements.md#generated-fields (should: global_id, global_id_lineage, url and modified are the service's; measured on 6.8.0 and 4.6.8: sent values are ignored on create and update)`,
      level: 'should',
      requirements: [req.route('POST', P, ''), req.route('PATCH', P, '/{id}')],
      tags: ['writes'],
    },
    `global_id, global_id_lineage, url and modified sent on create or update are ignored`,
    async (t) => {
      const forged = {
        global_id: 'forged.example.org?id=1',
        global_id_lineage: ['forged.example.org?id=1'],
        url: 'https://forged.example.org/record/',
        modified: '2001-01-01 00:00:00',
      };
      const res = await t.api.post(`/${P}`, { [d.nameField]: t.name(`${d.kind} forging fields`), ...forged });
      const made = t.record(res, `POST /${P} with generated fields`);
      t.track(P, made.id as number);
      const onCreate = heldAsSent(made, forged);
      t.assert(onCreate.length === 0, `the created ${d.kind} holds the sent ${onCreate.join(', ')}`, res);
      const before = t.record(await t.api.get(`/${P}/${made.id}`), `the ${d.kind}`);
      const { read, readRes } = await update(t, 'PATCH', made.id as number, forged);
      const onUpdate = heldAsSent(read, forged);
      const changed = changedKeys(before, read, ['global_id', 'global_id_lineage', 'url']);
      t.assert(
        onUpdate.length === 0 && changed.length === 0,
        `after PATCH /${P}/${made.id} with forged generated fields it holds the sent ${onUpdate.join(', ') || '-'} and changed ${changed.join(', ') || '-'}`,
        readRes,
      );
    },
  );
}
