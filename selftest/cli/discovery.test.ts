// Target discovery (issue 14 point 5): a site URL finds its REST root through WordPress discovery
// (Link rel="https://api.w.org/"), /wp-json or ?rest_route=; ?rest_route= roots work throughout
// (URLs, queries, curl lines); an HTML answer is "not a REST API" (exit 2, one line with the fix);
// redirect hints are absolute; a target clock more than 5 minutes off is a warning.
import {
  createServer,
  request as httpRequest,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startReferenceServer, type ReferenceServer } from '../../fixtures/reference-server/index.ts';
import { certify } from '../../lib/certify/certify.ts';
import { Client } from '../../lib/run/client.ts';
import { loadConfig } from '../../lib/run/config/load.ts';
import { restRootOf } from '../../lib/run/config/validate.ts';
import { clockSkewWarning, discoveryLinks } from '../../lib/run/preflight.ts';

let ref: ReferenceServer;
const servers: Server[] = [];
const PASSWORD = 'disc-pass-1';

beforeAll(async () => {
  ref = await startReferenceServer({
    variant: 'extended',
    port: 0,
    user: 'admin',
    password: PASSWORD,
    seedFixtures: true,
  });
});
afterAll(async () => {
  for (const s of servers) s.close();
  await ref.close();
});

/** Forward a request to the reference server at `path`, optionally changing the answer's headers. */
function forward(req: IncomingMessage, res: ServerResponse, path: string, headers: Record<string, string> = {}): void {
  const upstream = new URL(ref.url);
  const up = httpRequest(
    { host: upstream.hostname, port: upstream.port, path, method: req.method, headers: req.headers },
    (r) => {
      res.writeHead(r.statusCode ?? 502, { ...r.headers, ...headers });
      r.pipe(res);
    },
  );
  req.pipe(up);
}

async function serve(handler: (req: IncomingMessage, res: ServerResponse, origin: string) => void): Promise<string> {
  let origin = '';
  const server = createServer((req, res) => handler(req, res, origin));
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  servers.push(server);
  origin = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  return origin;
}

const page = (res: ServerResponse, status: number, headers: Record<string, string> = {}) => {
  res.writeHead(status, { 'content-type': 'text/html; charset=UTF-8', ...headers });
  res.end('<!doctype html><html><head><title>My Site</title></head><body>Hello</body></html>');
};

const run = (baseUrl: string, grep = '^root\\.') => {
  const lines: string[] = [];
  const config = loadConfig({
    env: {},
    dotenv: false,
    flags: { 'base-url': baseUrl, user: 'admin', password: PASSWORD, seed: 1, grep },
  });
  return certify(config, { writeReports: false, log: (l) => lines.push(l) }).then((result) => ({ result, lines }));
};

test('?rest_route= roots: canonical form, URLs with the route in the parameter and queries after &', () => {
  expect(restRootOf(new URL('https://site.example/?rest_route=/'))).toBe('https://site.example/?rest_route=/');
  expect(restRootOf(new URL('https://site.example/?rest_route='))).toBe('https://site.example/?rest_route=/');
  expect(restRootOf(new URL('https://site.example/wp-json/'))).toBe('https://site.example/wp-json');
  expect(restRootOf(new URL('https://site.example/?p=1'))).toBeNull();
  const client = new Client({
    baseUrl: 'https://site.example/?rest_route=/',
    namespace: 'cal/events/v1',
    auth: { kind: 'basic', user: 'u', password: 'secret-pw' },
    timeoutMs: 1000,
    concurrency: 1,
  });
  expect(client.root).toBe('https://site.example/?rest_route=/cal/events/v1');
  expect(client.urlFor({ path: '/events', query: { per_page: 2, categories: ['a', 'b'] } })).toBe(
    'https://site.example/?rest_route=/cal/events/v1/events&per_page=2&categories[]=a&categories[]=b',
  );
  expect(client.urlFor({ path: '/events/by-slug/a&b' })).toBe(
    'https://site.example/?rest_route=/cal/events/v1/events/by-slug/a%26b',
  );
  expect(client.curlFor('GET', client.urlFor({ path: '/tags', query: { page: 2 } }), {}, undefined, true)).toContain(
    "'https://site.example/?rest_route=/cal/events/v1/tags&page=2'",
  );
});

test('discovery links: the Link header and the HTML <link>, made absolute', () => {
  const headers = {
    link: '<https://x.example/wp-json/wp/v2/pages/2>; rel="alternate", <https://x.example/wp-json/>; rel="https://api.w.org/"',
  };
  expect(discoveryLinks({ headers, text: '' }, 'https://x.example/')).toEqual(['https://x.example/wp-json']);
  const html = `<html><head><link rel='https://api.w.org/' href='/index.php?rest_route=/' /></head></html>`;
  expect(discoveryLinks({ headers: { 'content-type': 'text/html' }, text: html }, 'https://y.example/blog')).toEqual([
    'https://y.example/index.php?rest_route=/',
  ]);
});

test('a site URL: the REST root is found through the Link rel="https://api.w.org/" header and used', async () => {
  // The API lives at /api-root (not /wp-json): only the discovery link can find it.
  const site = await serve((req, res, origin) => {
    const url = req.url ?? '/';
    if (url.startsWith('/api-root')) return forward(req, res, `/wp-json${url.slice('/api-root'.length)}`);
    page(res, url === '/' ? 200 : 404, { link: `<${origin}/api-root/>; rel="https://api.w.org/"` });
  });
  const { result, lines } = await run(site);
  expect(result.problem).toBeUndefined();
  expect(result.exitCode).toBe(0);
  expect(result.report?.header.target).toBe(`${site}/api-root`);
  expect(lines.join('\n')).toMatch(/is not the REST root; found .*\/api-root \(WordPress discovery/);
});

test('a ?rest_route= only server: found by trying ?rest_route=/, and every request (queries, writes) works', async () => {
  const site = await serve((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const route = url.searchParams.get('rest_route');
    if (url.pathname !== '/' || route === null) return page(res, 404);
    url.searchParams.delete('rest_route');
    const rest = url.searchParams.toString();
    forward(req, res, `/wp-json${route}${rest ? `?${rest}` : ''}`);
  });
  const { result, lines } = await run(site, '^(root\\.|events\\.list\\.(contract|categories)$)');
  expect(result.problem).toBeUndefined();
  expect(result.report?.header.target).toBe(`${site}/?rest_route=/`);
  expect(lines.join('\n')).toMatch(/found .*\?rest_route=\/ \(a \?rest_route=\/ root\)/);
  const checks = result.report?.checks ?? [];
  expect(checks.some((c) => c.id === 'events.list.categories')).toBe(true);
  // The proxy hands on the reference's own /doc, whose servers name the reference's /wp-json
  // root, which this proxy does not serve: that warning is right, and the only one.
  expect(checks.filter((c) => c.status !== 'pass' && c.status !== 'n/a').map((c) => `${c.id} ${c.status}`)).toEqual([
    'root.doc.names-rest-root warn',
  ]);
  expect(result.exitCode).toBe(0);
});

test('a plain web server: "not a REST API", exit 2, naming what came and the fix', async () => {
  const site = await serve((_req, res) => page(res, 200));
  const { result } = await run(site);
  expect(result.exitCode).toBe(2);
  expect(result.report).toBeNull();
  expect(result.problem).toMatch(
    /^not a REST API: .* answered 200 with text\/html; charset=UTF-8 \(a page titled "My Site"\)/,
  );
  expect(result.problem).toMatch(/fix: give the REST root as --base-url, e\.g\. https:\/\/example\.org\/wp-json/);
  expect(result.problem).not.toContain('\n');
});

test('python3 -m http.server (a listing at /, 404 pages elsewhere): "not a REST API", not a missing namespace', async () => {
  // What `python3 -m http.server` answers: a directory listing at / and an HTML 404 page for the
  // namespace path. The 404 is a web server's, not a REST API's: the diagnosis is the base URL.
  const site = await serve((req, res) => {
    if (req.url === '/') return page(res, 200);
    res.writeHead(404, { 'content-type': 'text/html;charset=utf-8' });
    res.end('<!DOCTYPE HTML><html><head><title>Error response</title></head><body>404 File not found</body></html>');
  });
  const { result } = await run(`${site}/`);
  expect(result.exitCode).toBe(2);
  expect(result.problem).toMatch(
    /^not a REST API: .* answered 404 with text\/html;charset=utf-8 \(a page titled "Error response"\)/,
  );
  expect(result.problem).not.toContain('--namespace');
});

test('a redirect: the hint names an absolute URL', async () => {
  const site = await serve((req, res) => {
    res.writeHead(301, { location: `/moved${req.url}` });
    res.end();
  });
  const { result } = await run(`${site}/wp-json`);
  expect(result.exitCode).toBe(2);
  expect(result.problem).toContain(`redirect to ${site}/moved/wp-json/cal/events/v1`);
  expect(result.problem).toContain(`(probably ${site}/moved/wp-json)`);
});

test('a target clock an hour ahead: a warning, and the run goes on', async () => {
  expect(clockSkewWarning(new Date(Date.now() + 60_000).toUTCString(), Date.now())).toBeNull();
  expect(clockSkewWarning(undefined, Date.now())).toBeNull();
  const site = await serve((req, res) =>
    forward(req, res, req.url ?? '/', { date: new Date(Date.now() + 3_600_000).toUTCString() }),
  );
  const { result, lines } = await run(`${site}/wp-json`);
  expect(result.exitCode).toBe(0);
  expect(lines.join('\n')).toMatch(/warning: the target's clock \(Date: .*\) is 60 min ahead of ours/);
});
