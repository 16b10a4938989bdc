// Unit table of lib/spec/doc-root.ts: the doc route's document names the REST root it describes
// (the answers of 6.8.0 and 4.6.8 measured 2026-11-28, and the ways a document can miss it).
import { expect, test } from 'vitest';
import { docRootWrong } from '../../lib/spec/doc-root.ts';

const NS = 'http://127.0.0.1:8883/wp-json/tribe/events/v1';
test.each([
  [
    '6.8.0: servers without the port',
    { openapi: '3.0.0', servers: [{ url: 'http://127.0.0.1/wp-json/tribe/events/v1/' }] },
    true,
  ],
  ['servers without the trailing slash', { openapi: '3.0.0', servers: [{ url: `${NS}` }] }, true],
  ['a relative server URL', { openapi: '3.0.0', servers: [{ url: '/wp-json/tribe/events/v1' }] }, true],
  ['one of two servers', { openapi: '3.0.0', servers: [{ url: 'http://x/' }, { url: `${NS}/` }] }, true],
  ['4.6.8: Swagger basePath', { swagger: '2.0', host: '127.0.0.1', basePath: '/wp-json/tribe/events/v1/' }, true],
  ['servers naming the site', { openapi: '3.0.0', servers: [{ url: 'http://127.0.0.1:8883/' }] }, false],
  [
    'servers naming the REST root without the namespace',
    { openapi: '3.0.0', servers: [{ url: 'http://127.0.0.1:8883/wp-json/' }] },
    false,
  ],
  ['another namespace', { openapi: '3.0.0', servers: [{ url: 'http://127.0.0.1/wp-json/cal/events/v1/' }] }, false],
  ['no servers', { openapi: '3.0.0' }, false],
  ['a server that is no URL', { openapi: '3.0.0', servers: [{ url: 42 }] }, false],
  ['Swagger without basePath', { swagger: '2.0', host: '127.0.0.1' }, false],
  ['Swagger basePath of the site', { swagger: '2.0', basePath: '/' }, false],
  ['no object', [1], false],
])('docRootWrong: %s', (_, doc, names) => {
  expect(docRootWrong(doc, NS) === '').toBe(names);
});

// A ?rest_route= root (WordPress without pretty permalinks): the route in the query is where the
// URL points; a server naming the site's home page does not name it.
const QUERY_NS = 'http://127.0.0.1:8883/?rest_route=/tribe/events/v1';
test.each([
  ['the same ?rest_route= URL', { openapi: '3.0.0', servers: [{ url: `${QUERY_NS}/` }] }, true],
  [
    'another host, the same route',
    { openapi: '3.0.0', servers: [{ url: 'http://x/?rest_route=/tribe/events/v1' }] },
    true,
  ],
  ['the site home page', { openapi: '3.0.0', servers: [{ url: 'http://127.0.0.1:8883/' }] }, false],
  ['the REST index', { openapi: '3.0.0', servers: [{ url: 'http://127.0.0.1:8883/?rest_route=/' }] }, false],
  ['another namespace', { openapi: '3.0.0', servers: [{ url: 'http://x/?rest_route=/cal/events/v1' }] }, false],
])('docRootWrong, a ?rest_route= root: %s', (_, doc, names) => {
  expect(docRootWrong(doc, QUERY_NS) === '').toBe(names);
});
