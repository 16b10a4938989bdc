/**
 * Create of a venue or organizer (POST /venues, /organizers): the name is required, every optional
 * field of the spec's table is accepted and reflected. Declared by suites/<plural>/create.test.ts.
 * Names are unique per check: the original merges a venue created with an existing name.
 */
import { check } from '../../../lib/check/index.ts';
import { sameText, sameDateTime } from '../../../lib/spec/normalise.ts';
import { validateError } from '../../../lib/spec/schemas.ts';
import { req, sameIds, showIds, field, isInteger, isObject } from '../../../lib/spec/contract.ts';
import type { LinkedDef } from '../../../lib/spec/resources.ts';
import { an } from '../../../lib/spec/resources.ts';
import { imageProblems } from '../../../lib/spec/answers.ts';
import { fullPayload, createRecord, scopedIds } from './support.ts';

export function createChecks(d: LinkedDef): void {
  const P = d.plural;
  const routeCreate = req.route('POST', d.plural, '');

  check(
    {
      id: `${P}.create.requires-name`,
      spec: `Resources and their fields / ${d.section} (${d.nameField} required); docs/requirements.md#missing-required-field (must: 4xx and nothing created); positive control: ${an(d.kind)} of the scope is listed`,
      level: 'must',
      requirements: [req.field(d.plural, d.nameField), routeCreate],
      tags: ['writes'],
    },
    `rejects ${an(d.kind)} without ${d.nameField} with a 4xx and creates nothing`,
    async (t) => {
      // Positive control: a record of the same scope, which the scope's list must show.
      const control = await createRecord(t, d, {}, 'control');
      const res = await t.api.post(`/${P}`, { description: `${t.scope} nameless` });
      t.trackCreated(P, res);
      t.expectStatus(res, '4xx', `POST /${P} without ${d.nameField}`);
      const { ids, page } = await scopedIds(t, d);
      t.assert(
        sameIds(ids, [control.id]),
        `after the refused create, the list searched for the check's scope holds ${showIds(ids)}, expected only the control ${control.id}`,
        page.res,
      );
    },
  );

  check(
    {
      id: `${P}.create.missing-name-400`,
      spec: `docs/requirements.md#measured-cross-cutting: missing required field is 400 rest_missing_callback_param with an error body (should)`,
      level: 'should',
      requirements: [req.field(d.plural, d.nameField), routeCreate],
      tags: ['writes'],
    },
    `answers 400 with a JSON error body to ${an(d.kind)} without ${d.nameField}`,
    async (t) => {
      const res = await t.api.post(`/${P}`, { description: `${t.scope} nameless` });
      t.trackCreated(P, res);
      t.expectStatus(res, 400, `POST /${P} without ${d.nameField}`);
      const v = validateError(t.json(res, 'the error'));
      t.assert(v.ok, `the error body does not have the error shape: ${v.message}`, res);
    },
  );

  check(
    {
      id: `${P}.create.reflects-text-fields`,
      spec: `Resources and their fields / ${d.section}; docs/requirements.md#valid-create (must: 2xx, id, sent fields reflected after normalisation)`,
      level: 'must',
      requirements: [
        ...req.covers(P, [d.nameField, 'description', 'website', ...d.textFields], ['create']),
        routeCreate,
        ...[d.nameField, 'description', 'website', ...d.textFields].map((f) => req.field(d.plural, f)),
      ],
      tags: ['writes'],
    },
    `creates ${an(d.kind)} with every optional text field and reflects them (normalised) in the answer and on read`,
    async (t) => {
      const payload = fullPayload(t, d);
      const res = await t.api.post(`/${P}`, payload);
      const id = field(res.json, 'id');
      if (isInteger(id)) t.track(P, id);
      t.expectStatus(res, '2xx', `POST /${P} with every text field`);
      t.assert(Number.isInteger(id), `the create answer has no integer id (got ${JSON.stringify(id)})`, res);
      const read = await t.api.get(`/${P}/${id}`);
      t.expectStatus(read, '2xx', `GET /${P}/${id}`);
      for (const [label, r] of [
        ['the create answer', res],
        ['the read', read],
      ] as const) {
        const body = r.json;
        for (const [f, v] of Object.entries(payload)) {
          if (f === 'show_map' || f === 'show_map_link') continue;
          t.assert(
            sameText(String(v), field(body, f)),
            `${label} shows ${f} ${JSON.stringify(field(body, f))}, sent ${JSON.stringify(v)}`,
            r,
          );
        }
      }
    },
  );

  if (d.kind === 'venue') {
    check(
      {
        id: `${P}.create.show-map-flags`,
        spec: 'Resources and their fields / Venue (show_map, show_map_link); docs/requirements.md#contract (booleans as booleans)',
        level: 'must',
        requirements: [
          ...req.covers(P, ['show_map', 'show_map_link'], ['create']),
          routeCreate,
          req.field(d.plural, 'show_map'),
          req.field(d.plural, 'show_map_link'),
        ],
        tags: ['writes'],
      },
      'stores show_map and show_map_link as sent ("false" / "true") and shows them as booleans',
      async (t) => {
        // Sent as strings: the spec types them string and the original rejects JSON booleans.
        const rec = await createRecord(t, d, { show_map: 'false', show_map_link: 'true' }, 'map flags');
        const read = await t.api.get(`/${P}/${rec.id}`);
        t.expectStatus(read, '2xx', `GET /${P}/${rec.id}`);
        const body = t.record(read);
        t.assert(body?.show_map === false, `show_map reads ${JSON.stringify(body?.show_map)}, sent "false"`, read);
        t.assert(
          body?.show_map_link === true,
          `show_map_link reads ${JSON.stringify(body?.show_map_link)}, sent "true"`,
          read,
        );
      },
    );
  }

  check(
    {
      id: `${P}.create.publication-date`,
      spec: `Resources and their fields / ${d.section} (date, date_utc); docs/requirements.md#contract (dates as YYYY-MM-DD hh:mm:ss equal to what was sent)`,
      level: 'must',
      requirements: [
        ...req.covers(P, ['date', 'date_utc'], ['create']),
        routeCreate,
        req.field(d.plural, 'date'),
        req.field(d.plural, 'date_utc'),
      ],
      tags: ['writes'],
    },
    `stores a sent date and a sent date_utc as the ${d.kind}'s publication date`,
    async (t) => {
      const a = await createRecord(t, d, { date: '2021-03-04 05:06:07' }, 'dated');
      t.assert(
        sameDateTime('2021-03-04 05:06:07', a.date),
        `${an(d.kind)} created with date 2021-03-04 05:06:07 shows date ${JSON.stringify(a.date)}`,
      );
      // The create under test, not setup: the read-back below judges it (date_utc on create).
      const made = await t.api.post(`/${P}`, {
        [d.nameField]: t.name(`utc dated ${d.kind}`),
        date_utc: '2021-05-06 07:08:09',
      });
      t.trackCreated(P, made);
      t.expectStatus(made, '2xx', `POST /${P} with date_utc 2021-05-06 07:08:09`);
      const b = { id: field(made.json, 'id') };
      if (!isInteger(b.id)) return t.fail(`POST /${P} with date_utc answered no integer id`, made);
      const read = await t.api.get(`/${P}/${b.id}`);
      t.expectStatus(read, '2xx', `GET /${P}/${b.id}`);
      t.assert(
        sameDateTime('2021-05-06 07:08:09', field(read.json, 'date_utc')),
        `${an(d.kind)} created with date_utc 2021-05-06 07:08:09 shows date_utc ${JSON.stringify(field(read.json, 'date_utc'))}`,
        read,
      );
    },
  );

  check(
    {
      id: `${P}.create.timestamp-date`,
      spec: `Resources and their fields / ${d.section} (date_utc: the request form is not shown); docs/requirements.md#original-tests (should: a Unix timestamp sent as date_utc is stored as that instant, as the original's own tests send it)`,
      level: 'should',
      requirements: [routeCreate, req.field(d.plural, 'date_utc')],
      tags: ['writes'],
    },
    `stores a date_utc sent as a Unix timestamp as that instant in UTC`,
    async (t) => {
      // 2021-05-06 07:08:00 UTC.
      const stamp = '1620284880';
      const rec = await createRecord(t, d, { date_utc: stamp }, 'timestamp dated');
      const read = await t.api.get(`/${P}/${rec.id}`);
      t.expectStatus(read, '2xx', `GET /${P}/${rec.id}`);
      t.assert(
        sameDateTime('2021-05-06 07:08:00', field(read.json, 'date_utc')),
        `${an(d.kind)} created with date_utc ${stamp} (2021-05-06 07:08:00 UTC) shows date_utc ${JSON.stringify(field(read.json, 'date_utc'))}`,
        read,
      );
    },
  );

  check(
    {
      id: `${P}.create.status`,
      spec: `Resources and their fields / ${d.section} (status); States and transitions 1 (status settable on create)`,
      level: 'must',
      requirements: [...req.covers(P, ['status'], ['create']), routeCreate, req.field(d.plural, 'status')],
      tags: ['writes'],
    },
    `stores a sent status (draft)`,
    async (t) => {
      const rec = await createRecord(t, d, { status: 'draft' }, 'draft');
      const read = await t.api.get(`/${P}/${rec.id}`);
      t.expectStatus(read, '2xx', `GET /${P}/${rec.id} as the author`);
      t.assert(
        field(read.json, 'status') === 'draft',
        `${an(d.kind)} created with status draft reads status ${JSON.stringify(field(read.json, 'status'))}`,
        read,
      );
    },
  );

  check(
    {
      id: `${P}.create.author`,
      spec: `Resources and their fields / ${d.section} (author, integer); docs/requirements.md#measured-cross-cutting (author a string of digits); n/a unless fixture otherAuthor (another existing user: sending the default author back proves nothing)`,
      level: 'must',
      requirements: [...req.covers(P, ['author'], ['create']), routeCreate, req.field(d.plural, 'author')],
      tags: ['writes', 'fixture'],
    },
    `accepts author (another existing user than the default author) and shows it as the record's author`,
    async (t) => {
      const other = t.fixture('otherAuthor');
      const first = await createRecord(t, d, {}, 'authorless');
      if (String(first.author) === String(other.id))
        t.na(`the fixture otherAuthor ${other.id} is the default author of a created ${d.kind}: it cannot tell`);
      const res = await t.api.post(`/${P}`, { [d.nameField]: t.name(`authored ${d.kind}`), author: other.id });
      t.trackCreated(P, res);
      t.expectStatus(res, '2xx', `POST /${P} with author ${other.id}`);
      t.assert(
        String(field(res.json, 'author')) === String(other.id),
        `${an(d.kind)} created with author ${other.id} shows author ${JSON.stringify(field(res.json, 'author'))} (the default author is ${JSON.stringify(first.author)})`,
        res,
      );
    },
  );

  check(
    {
      id: `${P}.create.image`,
      spec: `Resources and their fields / ${d.section} (image: string, featured image ID or URL); docs/requirements.md#fixture-only (the ID sent as a string: measured on 6.8.0 and 4.6.8)`,
      level: 'must',
      requirements: [...req.covers(P, ['image'], ['create']), routeCreate, req.field(d.plural, 'image')],
      tags: ['writes', 'fixture'],
    },
    `accepts an image ID and shows that image on the record`,
    async (t) => {
      const image = t.fixture('image');
      // The field is a string (the spec's table): 6.8.0 and 4.6.8 refuse a JSON number with 400.
      // The create under test, not setup: the read-back below judges it (image on create).
      const made = await t.api.post(`/${P}`, { [d.nameField]: t.name(`imaged ${d.kind}`), image: String(image.id) });
      t.trackCreated(P, made);
      t.expectStatus(made, '2xx', `POST /${P} with image "${image.id}"`);
      const rec = { id: field(made.json, 'id') };
      if (!isInteger(rec.id)) return t.fail(`POST /${P} with image "${image.id}" answered no integer id`, made);
      const read = await t.api.get(`/${P}/${rec.id}`);
      t.expectStatus(read, '2xx', `GET /${P}/${rec.id}`);
      const got = field(read.json, 'image');
      const shown = isObject(got) ? (got.id ?? got.url) : got;
      t.assert(
        shown === image.id || shown === image.url || String(shown) === String(image.id),
        `${an(d.kind)} created with image ${image.id} shows image ${JSON.stringify(got)}`,
        read,
      );
    },
  );

  check(
    {
      id: `${P}.create.image-by-id`,
      spec: `Resources and their fields / ${d.section} (image: featured image ID or URL); docs/requirements.md#fixture-only; docs/requirements.md#original-tests (should: the image given by ID is that attachment, its id and its url both, in the create answer and read by ID, as the original's own tests assert)`,
      level: 'should',
      requirements: [routeCreate, req.route('GET', d.plural, '/{id}'), req.field(d.plural, 'image')],
      tags: ['writes', 'fixture'],
    },
    `${an(d.kind)} created with the ID of an existing image answers and reads back that image: its id and its url both`,
    async (t) => {
      const image = t.fixture('image');
      const res = await t.api.post(`/${P}`, {
        [d.nameField]: t.name(`image by id ${d.kind}`),
        image: String(image.id),
      });
      t.trackCreated(P, res);
      const rec = t.record(res, `POST /${P} with image "${image.id}"`);
      const created = imageProblems(rec.image, image);
      t.assert(created.length === 0, `the create answer with image "${image.id}": ${created.join('; ')}`, res);
      const readRes = await t.api.get(`/${P}/${rec.id}`);
      const read = imageProblems(t.record(readRes, `GET /${P}/${rec.id}`).image, image);
      t.assert(
        read.length === 0,
        `GET /${P}/${rec.id} (created with image "${image.id}"): ${read.join('; ')}`,
        readRes,
      );
    },
  );

  check(
    {
      id: `${P}.create.image-by-url`,
      spec: `Resources and their fields / ${d.section} (image: featured image ID or URL); docs/requirements.md#fixture-only; docs/requirements.md#original-tests (should: the image given by URL is that attachment, its id and its url, in the create answer, as the original's own tests assert; measured on 6.8.0 and 4.6.8)`,
      level: 'should',
      requirements: [routeCreate, req.field(d.plural, 'image')],
      tags: ['writes', 'fixture'],
    },
    `${an(d.kind)} created with the URL of an existing image answers that image: its id and its url`,
    async (t) => {
      const image = t.fixture('image');
      const res = await t.api.post(`/${P}`, { [d.nameField]: t.name(`image by url ${d.kind}`), image: image.url });
      t.trackCreated(P, res);
      const rec = t.record(res, `POST /${P} with image ${image.url}`);
      const bad = imageProblems(rec.image, image);
      t.assert(bad.length === 0, `the create answer with image ${JSON.stringify(image.url)}: ${bad.join('; ')}`, res);
    },
  );

  check(
    {
      id: `${P}.create.duplicate-name`,
      spec: `Resources and their fields / ${d.section}: ${d.nameField} (required; nothing says unique); docs/requirements.md#valid-create (must: 2xx, a record with the fields sent); docs/requirements.md#unique-names (the original answers the existing record: not demanded)`,
      level: 'must',
      requirements: [routeCreate, req.field(d.plural, d.nameField)],
      tags: ['writes'],
    },
    `a second create with the name and description of an existing ${d.kind} answers a record with them, and the first one stays as it was`,
    async (t) => {
      const fields = { [d.nameField]: t.name(`twice ${d.kind}`), description: `${t.scope} the same description` };
      const first = await t.create(P, fields);
      const res = await t.api.post(`/${P}`, fields);
      const again = t.record(res, `the second POST /${P} with the name ${JSON.stringify(fields[d.nameField])}`);
      // The original answers the first record (duplicate avoidance); another server may make a new one.
      if (again.id !== first.id) t.track(P, again.id as number);
      t.assert(
        sameText(String(fields[d.nameField]), again[d.nameField]),
        `the second create answered ${d.nameField}=${JSON.stringify(again[d.nameField])}, sent ${JSON.stringify(fields[d.nameField])}`,
        res,
      );
      t.assert(
        sameText(fields.description, again.description),
        `the second create answered description=${JSON.stringify(again.description)}, sent ${JSON.stringify(fields.description)}`,
        res,
      );
      const readRes = await t.api.get(`/${P}/${first.id}`);
      const read = t.record(readRes, `the first ${d.kind} ${first.id}`);
      t.assert(
        sameText(String(fields[d.nameField]), read[d.nameField]) && sameText(fields.description, read.description),
        `after the second create the first ${d.kind} ${first.id} reads ${d.nameField}=${JSON.stringify(read[d.nameField])}, description=${JSON.stringify(read.description)}`,
        readRes,
      );
    },
  );

  check(
    {
      id: `${P}.create.twice-same-details`,
      spec: `Resources and their fields / ${d.section} (nothing says unique); docs/requirements.md#valid-create (must: 2xx, a record with the fields sent); docs/requirements.md#unique-names (the original answers the existing record: measured on 6.8.0 and 4.6.8, the second create of the same details answers the first ID and one record is listed; a new record is conformant too)`,
      level: 'must',
      requirements: [routeCreate, req.route('GET', d.plural, ''), req.field(d.plural, d.nameField)],
      tags: ['writes'],
    },
    `${an(d.kind)} created twice with every field the same: both answers hold every field, the first record keeps them, and the list holds exactly the records the answers named`,
    async (t) => {
      const payload = fullPayload(t, d, 'twice');
      const wrongs = (body: unknown) =>
        Object.entries(payload).flatMap(([f, sent]) => {
          const got = field(body, f);
          const same =
            f === 'show_map' || f === 'show_map_link' ? got === (sent === 'true') : sameText(String(sent), got);
          return same ? [] : [`${f} ${JSON.stringify(got)}, sent ${JSON.stringify(sent)}`];
        });
      const ids: number[] = [];
      for (const n of ['first', 'second']) {
        const res = await t.api.post(`/${P}`, payload);
        t.trackCreated(P, res);
        const rec = t.record(res, `the ${n} POST /${P} of the same details`);
        if (!ids.includes(rec.id as number)) ids.push(rec.id as number);
        const bad = wrongs(rec);
        t.assert(bad.length === 0, `the ${n} create of the same details answered ${bad.join('; ')}`, res);
      }
      const readRes = await t.api.get(`/${P}/${ids[0]}`);
      const bad = wrongs(t.record(readRes, `the first ${d.kind} ${ids[0]}`));
      t.assert(
        bad.length === 0,
        `after the second create the first ${d.kind} ${ids[0]} reads ${bad.join('; ')}`,
        readRes,
      );
      const { ids: listed, page } = await scopedIds(t, d);
      t.assert(
        sameIds(listed, ids),
        `the two creates answered ${showIds(ids)}, and the list searched for the check's scope holds ${showIds(listed)}: it must hold exactly the records the answers named`,
        page.res,
      );
    },
  );
}
