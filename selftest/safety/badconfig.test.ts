/**
 * Bad configuration (issue 6): each mistake ends `calcert certify` with exit 2 and exactly one
 * line on stderr naming the problem and the fix; no stack trace, no report of a run that never
 * started.
 */
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startReferenceServer, type ReferenceServer } from '../../fixtures/reference-server/index.ts';
import { runCli, tmp } from './support.ts';

let reference: ReferenceServer;
let html: Server;
let other: Server;
let redirect: Server;
const url = (s: Server) => `http://127.0.0.1:${(s.address() as { port: number }).port}`;

async function listen(handler: Parameters<typeof createServer>[1]): Promise<Server> {
  const s = createServer(handler);
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', () => r()));
  return s;
}

beforeAll(async () => {
  reference = await startReferenceServer({ variant: 'extended', port: 0, user: 'admin', password: 'right-pass-1' });
  // A web page where the REST root should be.
  html = await listen((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=UTF-8' });
    res.end('<!DOCTYPE html><html><body><h1>Welcome to my blog</h1></body></html>');
  });
  // JSON, but another API.
  other = await listen((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ name: 'inventory service', version: 3, items: [] }));
  });
  // http -> https style redirect of the whole site.
  redirect = await listen((req, res) => {
    res.writeHead(301, { location: `https://example.org${req.url}` });
    res.end();
  });
});
afterAll(async () => {
  await reference?.close();
  await new Promise((r) => html?.close(r));
  await new Promise((r) => other?.close(r));
  await new Promise((r) => redirect?.close(r));
});

const cases: Array<[string, () => string[], RegExp]> = [
  [
    'a malformed URL',
    () => ['--base-url', 'example.org/wp-json'],
    /--base-url .* is not a URL.*e\.g\. https:\/\/example\.org\/wp-json/,
  ],
  ['an unknown variant', () => ['--variant', 'premium'], /--variant "premium" is unknown: use auto, base or extended/],
  [
    'a namespace the target does not serve',
    () => [
      '--base-url',
      reference.url,
      '--namespace',
      'tribe/events/v1',
      '--user',
      'admin',
      '--password',
      'right-pass-1',
    ],
    /namespace tribe\/events\/v1 does not exist.*fix:.*cal\/events\/v1/,
  ],
  [
    'wrong credentials',
    () => ['--base-url', reference.url, '--user', 'admin', '--password', 'wrong-pass'],
    /credentials were refused.*fix: check --user\/--password/,
  ],
  [
    'an HTML page where JSON was expected',
    () => ['--base-url', url(html), '--user', 'admin', '--password', 'x12345'],
    /not a REST API: .*not JSON.*fix: give the REST root as --base-url/, // issue 14.5 discovery wording
  ],
  [
    'a target that speaks another API',
    () => ['--base-url', url(other), '--user', 'admin', '--password', 'x12345'],
    /another API; fix: check --base-url and --namespace/,
  ],
  [
    'a redirecting target',
    () => ['--base-url', `${url(redirect)}/wp-json`, '--user', 'admin', '--password', 'x12345'],
    /301 redirect to https:\/\/example\.org.*fix: give the final REST root as --base-url \(probably https:\/\/example\.org\/wp-json\)/,
  ],
  [
    'an unreachable target',
    () => ['--base-url', 'http://127.0.0.1:1/wp-json'],
    /cannot reach the target.*fix: check --base-url/,
  ],
];

test('each bad configuration exits 2 with one line naming the problem and the fix', async () => {
  const runs = await Promise.all(
    cases.map(([, args]) => runCli(['certify', ...args(), '--report-dir', tmp('badcfg')], { limitMs: 60_000 })),
  );
  runs.forEach((run, i) => {
    const [label, , pattern] = cases[i]!;
    expect(run.code, `${label}: ${run.stderr}`).toBe(2);
    const lines = run.stderr.trim().split('\n');
    expect(lines, label).toHaveLength(1);
    expect(lines[0], label).toMatch(/^calcert: /);
    expect(lines[0], label).toMatch(pattern);
    expect(run.stderr, label).not.toMatch(/\n\s+at /);
  });
});
