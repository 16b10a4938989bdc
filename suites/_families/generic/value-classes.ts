/**
 * Value classes of the text fields, declared once for the five resources (issue 22, point 1): every
 * free-text field of the resource's table (a string without a format of its own) is updated with
 * a value of each class in turn, by POST, PUT and PATCH, and read back: plain ASCII, non-ASCII,
 * markup characters (`&`, `<`, quotes), several words in mixed case, and a long value. URLs and
 * e-mail addresses take their own classes (case, query strings, sub-addresses). Must: the read-back
 * equals what was sent after normalisation (docs/requirements.md#contract).
 */
import { check } from '../../../lib/check/index.ts';
import type { Params } from '../../../lib/types.ts';
import { req } from '../../../lib/spec/contract.ts';
import { decodeEntities, sameMarkup, sameText } from '../../../lib/spec/normalise.ts';
import type { ResourceDef } from '../../../lib/spec/resources.ts';
import { make } from './support.ts';

const METHODS = ['POST', 'PUT', 'PATCH'] as const;

/** String fields with a format of their own: dates, a status, a zone, a slug, an image, the URL and e-mail classes below. */
const FORMATTED = ['date', 'date_utc', 'status', 'timezone', 'start_date', 'end_date', 'slug', 'image'];
const FORMATTED_VENUE = ['show_map', 'show_map_link'];

/** The classes, each a value of a free-text field (`scope` keeps the run tag in names). */
const TEXT_CLASSES: ReadonlyArray<readonly [string, (scope: string, f: string) => string]> = [
  ['ascii', (s, f) => `${s} plain ${f}`],
  ['non-ascii', (s, f) => `${s} Ærøskøbing Ñandú Straße 東京 ${f}`],
  ['markup', (s, f) => `${s} Tom & Jerry's "best" <b>show</b> ${f}`],
  ['words and case', (s, f) => `${s} The QUICK brown Fox JUMPS over ${f}`],
  ['long', (s, f) => `${s} ${'lorem ipsum dolor sit amet '.repeat(6)}${f}`],
];
const URLS = [
  'https://example.org/plain',
  'https://example.org:8443/path/to/page#section',
  'https://example.org/search?a=1&b=two',
  'https://Example.ORG/Mixed/Case',
  `https://example.org/${'long-path-'.repeat(12)}end`,
];
const EMAILS = (s: string) => [
  `${s}.plain@example.org`,
  `${s}.o-brien@sub.example.org`,
  `${s}+tag@example.org`,
  `${s}.UPPER.Case@Example.ORG`,
  `${s}.${'long'.repeat(10)}@example.org`,
];

/** The free-text fields of a resource: strings without a format of their own. */
const freeText = (r: ResourceDef) =>
  Object.keys(r.fields).filter(
    (f) =>
      r.fields[f] === 'string' &&
      !FORMATTED.includes(f) &&
      !(r.plural === 'venues' && FORMATTED_VENUE.includes(f)) &&
      f !== 'email' &&
      f !== 'website',
  );

export function valueClassChecks(r: ResourceDef): void {
  const P = r.plural;
  const text = freeText(r);
  const url = 'website' in r.fields;
  const email = 'email' in r.fields;
  const fields = [...text, ...(url ? ['website'] : []), ...(email ? ['email'] : [])];
  check(
    {
      id: `${P}.fields.value-classes`,
      spec: `Resources and their fields / ${r.noun}: ${fields.join(', ')}; docs/requirements.md#contract (must: text reflected after normalisation) and docs/requirements.md#update (each method applies the sent fields)`,
      level: 'must',
      requirements: [
        ...METHODS.map((m) => req.route(m, P, '/{id}')),
        ...fields.map((f) => req.field(P, f)),
        ...req.covers(P, fields, ['post', 'put', 'patch']),
      ],
      tags: ['writes'],
    },
    `reflects ASCII, non-ASCII, markup, mixed-case, long text, URL and e-mail forms sent to every text field by each of POST, PUT and PATCH, compared after normalisation (markup as text, its tags stripped: ${P}.fields.markup-kept judges the tags)`,
    async (t) => {
      const rec = await make(t, r, 'value classes');
      const path = `/${P}/${rec.id}`;
      // Every class by every method: a method that mishandles one class shows.
      for (const [i, [label, value]] of TEXT_CLASSES.entries())
        for (const method of METHODS) {
          const body: Params = { ...r.required(36) };
          for (const f of text) body[f] = value(t.scope, `${f} ${method.toLowerCase()}`);
          if (url) body.website = URLS[i].replace('://', `://${method.toLowerCase()}.`);
          if (email) body.email = EMAILS(`${t.scope}.${method.toLowerCase()}`)[i];
          const res = await t.api.request({ method, path, json: body });
          t.expectStatus(res, '2xx', `${method} ${path} with ${label} values`);
          const readRes = await t.api.get(path);
          const read = t.record(readRes, `${r.noun} ${rec.id} after the ${label} values by ${method}`);
          const bad = fields
            .filter((f) => !sameText(String(body[f]), read[f]))
            .map((f) => `${f}=${JSON.stringify(read[f])?.slice(0, 160)} (sent ${JSON.stringify(body[f])})`);
          t.assert(bad.length === 0, `after ${method} ${path} with ${label} values: ${bad.join('; ')}`, readRes);
        }
    },
  );

  check(
    {
      id: `${P}.fields.markup-kept`,
      spec: `Resources and their fields / ${r.noun}: ${r.markupKept.join(', ')}; docs/requirements.md#measured-markup-2026-11 (should: the inline markup the original keeps in these fields reads back as sent, measured on 6.8.0 and 4.6.8; the must-level contract strips tags)`,
      level: 'should',
      requirements: [...METHODS.map((m) => req.route(m, P, '/{id}')), ...r.markupKept.map((f) => req.field(P, f))],
      tags: ['writes'],
    },
    `keeps the inline markup (<b>, <em>) sent by each of POST, PUT and PATCH to ${r.markupKept.join(', ')}: the tags read back as sent, neither stripped nor escaped`,
    async (t) => {
      const rec = await make(t, r, 'markup kept');
      const path = `/${P}/${rec.id}`;
      for (const method of METHODS) {
        const body: Params = { ...r.required(36) };
        for (const f of r.markupKept) body[f] = `${t.scope} Tom & Jerry's "best" <b>show</b> <em>${method}</em> ${f}`;
        const res = await t.api.request({ method, path, json: body });
        t.expectStatus(res, '2xx', `${method} ${path} with markup`);
        const readRes = await t.api.get(path);
        const read = t.record(readRes, `${r.noun} ${rec.id} after the markup by ${method}`);
        const bad = r.markupKept
          .filter((f) => !sameMarkup(String(body[f]), read[f]))
          .map((f) => `${f}=${JSON.stringify(read[f])?.slice(0, 200)} (sent ${JSON.stringify(body[f])})`);
        t.assert(bad.length === 0, `after ${method} ${path} the markup is not kept: ${bad.join('; ')}`, readRes);
      }
    },
  );

  check(
    {
      id: `${P}.fields.entities-once`,
      spec: `Resources and their fields / ${r.noun}: ${text.join(', ')}; docs/requirements.md#contract (should: text is entity-encoded at most once, as the original answers: one decoding gives back what was sent; the must-level normalisation decodes until nothing changes and cannot tell)`,
      level: 'should',
      requirements: [req.route('PATCH', P, '/{id}'), ...text.map((f) => req.field(P, f))],
      tags: ['writes'],
    },
    `answers \`&\`, \`<\` and quotes sent to every text field encoded at most once`,
    async (t) => {
      const rec = await make(t, r, 'entities once');
      const path = `/${P}/${rec.id}`;
      const body: Params = { ...r.required(36) };
      for (const f of text) body[f] = `${t.scope} Tom & Jerry's "best" 1 < 2 ${f}`;
      const res = await t.api.patch(path, body);
      t.expectStatus(res, '2xx', `PATCH ${path} with & < and quotes`);
      const readRes = await t.api.get(path);
      const read = t.record(readRes, `${r.noun} ${rec.id}`);
      const missing = text.filter((f) => typeof read[f] !== 'string');
      t.assert(missing.length === 0, `the ${r.noun} answers no text for ${missing.join(', ')}`, readRes);
      // What is left of an entity after one decoding was encoded twice (`&amp;amp;` -> `&amp;`).
      const twice = text
        .filter((f) => ENTITY_LEFT.test(decodeEntities(String(read[f]))))
        .map((f) => `${f}=${JSON.stringify(read[f])?.slice(0, 160)}`);
      t.assert(twice.length === 0, `entities encoded twice in ${twice.join('; ')}`, readRes);
    },
  );
}

/** An HTML entity. */
const ENTITY_LEFT = /&(?:#\d+|#x[\da-f]+|[a-z]+\d*);/i;
