/**
 * The `doc` route: interface documentation (the original serves an OpenAPI/Swagger document).
 */
import { check } from '../../lib/check/index.ts';
import { field, isObject, req } from '../../lib/spec/contract.ts';

check(
  {
    id: 'root.doc.answers',
    spec: 'Endpoints: GET /cal/events/v1/doc; docs/requirements.md#doc-route (must: 2xx)',
    level: 'must',
    requirements: [req.rootRoute('/doc')],
    tags: [],
  },
  'the doc route answers 2xx',
  async (t) => {
    const res = await t.anon.get('/doc');
    t.expectStatus(res, '2xx', 'GET /doc');
  },
);

check(
  {
    id: 'root.doc.openapi-document',
    spec: 'docs/requirements.md#doc-route (should: a JSON OpenAPI/Swagger document)',
    level: 'should',
    requirements: [req.rootRoute('/doc')],
    tags: [],
  },
  'the doc route serves a JSON OpenAPI or Swagger document with paths',
  async (t) => {
    const res = await t.anon.get('/doc');
    const body = t.json(res, 'the doc route');
    t.assert(
      typeof field(body, 'openapi') === 'string' || typeof field(body, 'swagger') === 'string',
      'the document names neither openapi nor swagger',
      res,
    );
    const paths = field(body, 'paths');
    t.assert(isObject(paths) && Object.keys(paths).length > 0, 'the document has no paths', res);
  },
);
