/**
 * The `doc` route documents the interface (issue 12, point 6): a JSON OpenAPI or Swagger document
 * whose `info` has a title and a version and whose paths describe at least the event list and the
 * event read (LEVELS.md doc route: should; the originals serve OpenAPI 3 on 6.x, Swagger 2 on 4.6.8).
 */
import { check } from '../../lib/check.ts';
import { field, isObject, req } from '../../lib/contract.ts';

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
