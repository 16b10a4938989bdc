/**
 * The namespace root (GET /{namespace}): it describes the namespace, and (as the original does)
 * lists its routes with their arguments. Clients discover the variant from it.
 */
import { check } from '../../lib/check/index.ts';
import { field, isObject, req } from '../../lib/spec/contract.ts';

check(
  {
    id: 'root.get.names-namespace',
    spec: 'Endpoints: GET /cal/events/v1 (namespace description); docs/requirements.md#root-route',
    level: 'must',
    requirements: [req.rootRoute()],
    tags: [],
  },
  'the namespace root answers 2xx JSON naming the namespace',
  async (t) => {
    const res = await t.anon.get('');
    t.expectStatus(res, '2xx', 'GET on the namespace root');
    const body = t.json(res);
    t.assert(
      field(body, 'namespace') === t.config.namespace,
      `the root names namespace ${JSON.stringify(field(body, 'namespace'))}, expected ${JSON.stringify(t.config.namespace)}`,
      res,
    );
  },
);

check(
  {
    id: 'root.get.accepts-namespace-and-context',
    spec: 'Root route parameters (namespace, context=view)',
    level: 'must',
    requirements: [req.param('root', 'namespace'), req.param('root', 'context')],
    tags: [],
  },
  'the namespace root accepts its namespace and context parameters',
  async (t) => {
    const res = await t.anon.get('', { namespace: t.config.namespace, context: 'view' });
    t.expectStatus(res, '2xx', 'GET on the namespace root with namespace and context=view');
    const body = t.json(res);
    t.assert(
      field(body, 'namespace') === t.config.namespace,
      `with the parameters the root names namespace ${JSON.stringify(field(body, 'namespace'))}, expected ${JSON.stringify(t.config.namespace)}`,
      res,
    );
  },
);

/** Route keys of the variant's endpoint table, as the original lists them under `routes`. */
function expectedRoutes(ns: string, extended: boolean): string[] {
  const keys = [`/${ns}`, `/${ns}/doc`];
  for (const r of ['events', 'venues', 'organizers', 'categories', 'tags']) keys.push(`/${ns}/${r}`);
  return keys.concat(extended ? [`/${ns}/venues/by-slug/`, `/${ns}/organizers/by-slug/`] : [], [
    `/${ns}/events/by-slug/`,
  ]);
}

check(
  {
    id: 'root.get.lists-routes',
    spec: 'docs/requirements.md#root-route: should = {namespace, routes} as recorded',
    level: 'should',
    requirements: [req.rootRoute()],
    tags: [],
  },
  'the namespace root lists every route of the variant under routes',
  async (t) => {
    const res = await t.anon.get('');
    const routes = field(t.json(res), 'routes');
    if (!isObject(routes)) return t.fail('the root has no routes object', res);
    const keys = Object.keys(routes);
    const missing = expectedRoutes(t.config.namespace, t.extended).filter(
      (want) => !keys.some((k) => (want.endsWith('/') ? k.startsWith(want) : k === want)),
    );
    t.assert(missing.length === 0, `the root's routes lack ${missing.join(', ')}`, res);
    const listed = field(routes[`/${t.config.namespace}/events`], 'methods');
    const methods = Array.isArray(listed) ? listed : [];
    t.assert(
      methods.includes('GET') && methods.includes('POST'),
      `the events route lists methods ${JSON.stringify(methods)}, expected GET and POST`,
      res,
    );
  },
);
