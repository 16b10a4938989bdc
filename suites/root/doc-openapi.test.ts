/**
 * The `doc` route documents the interface (issue 12, point 6): a JSON OpenAPI or Swagger document
 * whose `info` has a title and a version and whose paths describe at least the event list and the
 * event read (LEVELS.md doc route: should; the originals serve OpenAPI 3 on 6.x, Swagger 2 on 4.6.8).
 */
import { check } from '../../lib/check/index.ts';
import { field, isObject, req } from '../../lib/spec/contract.ts';
import { docRootWrong } from '../../lib/spec/doc-root.ts';

check(
  {
    id: 'root.doc.describes-events',
    spec: 'Endpoints: GET /doc (interface documentation); docs/requirements.md#doc-route (should: a JSON OpenAPI/Swagger document)',
    level: 'should',
    requirements: [req.rootRoute('/doc'), req.cover('root.doc.info'), req.cover('root.doc.events')],
    tags: [],
  },
  'serves an OpenAPI/Swagger document with info title and version that describes the event list and event read',
  async (t) => {
    const res = await t.api.get('/doc');
    t.expectStatus(res, 200, 'GET /doc');
    const doc = t.json(res, 'the doc route');
    if (!isObject(doc)) return t.fail('the document is not a JSON object', res);
    t.assert(
      typeof doc.openapi === 'string' || typeof doc.swagger === 'string',
      `the document names neither openapi nor swagger (keys: ${Object.keys(doc).join(', ')})`,
      res,
    );
    const title = field(doc.info, 'title');
    t.assert(
      typeof title === 'string' && title.trim() !== '' && String(field(doc.info, 'version') ?? '').trim() !== '',
      `info is ${JSON.stringify(doc.info)?.slice(0, 200)}, expected a title and a version`,
      res,
    );
    const paths = isObject(doc.paths) ? doc.paths : {};
    const find = (re: RegExp) => Object.entries(paths).find(([p]) => re.test(p))?.[1];
    const listGet = !!field(find(/(^|\/)events\/?$/), 'get');
    const itemGet = !!field(find(/(^|\/)events\/\{[^}]+\}\/?$/), 'get');
    t.assert(
      listGet && itemGet,
      `paths describe the event list GET: ${listGet}, the event read GET: ${itemGet} (paths: ${Object.keys(paths).slice(0, 8).join(', ')})`,
      res,
    );
  },
);

/** The routes of the spec's endpoint table, as OpenAPI paths below the namespace. */
const ROUTES_BOTH = [
  '/events',
  '/events/{id}',
  '/events/by-slug/{slug}',
  '/venues',
  '/venues/{id}',
  '/organizers',
  '/organizers/{id}',
  '/categories',
  '/categories/{id}',
  '/tags',
  '/tags/{id}',
  '/doc',
];
const ROUTES_EXTENDED = ['/venues/by-slug/{slug}', '/organizers/by-slug/{slug}'];

check(
  {
    id: 'root.doc.describes-routes',
    spec: 'Endpoints: GET /doc (interface documentation); docs/requirements.md#doc-route (should: the original documents every route of its variant and the Event, Venue and Organizer records; measured on 6.8.0 and 4.6.8)',
    level: 'should',
    requirements: [req.rootRoute('/doc')],
    tags: [],
  },
  'the document describes every route of the endpoint table for the variant, and the event, venue and organizer records',
  async (t) => {
    const res = await t.anon.get('/doc');
    t.expectStatus(res, 200, 'GET /doc');
    const doc = t.json(res, 'the doc route');
    if (!isObject(doc)) return t.fail('the document is not a JSON object', res);
    const paths = isObject(doc.paths) ? Object.keys(doc.paths) : [];
    // A path is named with any parameter name ({id}, {slug}, {event_id}, ...), with or without a trailing slash.
    const shape = (p: string) => p.replace(/\{[^}]*\}/g, '{}').replace(/\/$/, '');
    const have = new Set(paths.map(shape));
    const want = [...ROUTES_BOTH, ...(t.extended ? ROUTES_EXTENDED : [])];
    const missing = want.filter((p) => !have.has(shape(p)));
    t.assert(missing.length === 0, `the document's paths lack ${missing.join(', ')} (it has ${paths.join(', ')})`, res);
    const schemas = field(field(doc, 'components'), 'schemas') ?? field(doc, 'definitions');
    const names = isObject(schemas) ? Object.keys(schemas).map((n) => n.toLowerCase()) : [];
    const lacking = ['event', 'venue', 'organizer'].filter((n) => !names.includes(n));
    t.assert(
      lacking.length === 0,
      `the document's schemas (components.schemas or definitions: ${names.join(', ') || 'none'}) lack ${lacking.join(', ')}`,
      res,
    );
  },
);

check(
  {
    id: 'root.doc.names-rest-root',
    spec: "Endpoints: GET /doc (interface documentation); docs/requirements.md#doc-route (should: a JSON OpenAPI/Swagger document; the original's names its REST root: OpenAPI servers on 6.8.0, Swagger basePath on 4.6.8, measured 2026-11-28; the host is not compared, the original drops the port)",
    level: 'should',
    requirements: [req.rootRoute('/doc')],
    tags: [],
  },
  "the interface document names the REST root it describes: OpenAPI servers (or Swagger basePath) with the namespace's path",
  async (t) => {
    const res = await t.api.get('/doc');
    t.expectStatus(res, 200, 'GET /doc');
    const nsUrl = `${t.config.baseUrl.replace(/\/+$/, '')}/${t.config.namespace}`;
    const wrong = docRootWrong(t.json(res, 'the doc route'), nsUrl);
    t.assert(wrong === '', `GET /doc: ${wrong}`, res);
  },
);
