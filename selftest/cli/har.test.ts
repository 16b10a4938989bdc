// `certify --har FILE` (issue 14 point 4): every exchange of the run, from the run's own client
// (preflight, sweeps) and every vitest worker, as HAR 1.2; one entry per request the report
// counts (header.requests); no form of the password anywhere in the file.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { harEntry } from '../../lib/tools/har.ts';
import { isObject } from '../../lib/spec/contract.ts';
import { startReferenceServer, type ReferenceServer } from '../../fixtures/reference-server/index.ts';
import { calcert, cleanEnv, tempDir } from '../support/run-cli.ts';

const PASSWORD = 'pw-har-Secret-4711';
let server: ReferenceServer;

beforeAll(async () => {
  server = await startReferenceServer({ variant: 'extended', port: 0, user: 'admin', password: PASSWORD });
});
afterAll(async () => {
  await server?.close();
});

const nameValues = (v: unknown) =>
  Array.isArray(v) && v.every((x) => isObject(x) && typeof x['name'] === 'string' && typeof x['value'] === 'string');

/** The problems of one entry against HAR 1.2's required fields (empty: none). */
function entryProblems(e: unknown): string[] {
  if (!isObject(e)) return ['not an object'];
  const out: string[] = [];
  const req = e['request'];
  const res = e['response'];
  const timings = e['timings'];
  if (typeof e['startedDateTime'] !== 'string' || Number.isNaN(Date.parse(e['startedDateTime'])))
    out.push('startedDateTime');
  if (typeof e['time'] !== 'number' || e['time'] < 0) out.push('time');
  if (!isObject(e['cache'])) out.push('cache');
  if (!isObject(req)) return [...out, 'request'];
  for (const k of ['method', 'url', 'httpVersion']) if (typeof req[k] !== 'string') out.push(`request.${k}`);
  for (const k of ['cookies', 'headers', 'queryString']) if (!nameValues(req[k])) out.push(`request.${k}`);
  for (const k of ['headersSize', 'bodySize']) if (typeof req[k] !== 'number') out.push(`request.${k}`);
  if (!isObject(res)) return [...out, 'response'];
  if (typeof res['status'] !== 'number') out.push('response.status');
  for (const k of ['statusText', 'httpVersion', 'redirectURL'])
    if (typeof res[k] !== 'string') out.push(`response.${k}`);
  for (const k of ['cookies', 'headers']) if (!nameValues(res[k])) out.push(`response.${k}`);
  for (const k of ['headersSize', 'bodySize']) if (typeof res[k] !== 'number') out.push(`response.${k}`);
  const content = res['content'];
  if (!isObject(content) || typeof content['size'] !== 'number' || typeof content['mimeType'] !== 'string')
    out.push('response.content');
  if (!isObject(timings)) return [...out, 'timings'];
  for (const k of ['send', 'wait', 'receive'])
    if (typeof timings[k] !== 'number' || (timings[k] as number) < -1) out.push(`timings.${k}`);
  const sum = ['blocked', 'dns', 'connect', 'send', 'wait', 'receive']
    .map((k) => timings[k])
    .filter((v): v is number => typeof v === 'number' && v > 0)
    .reduce((a, b) => a + b, 0);
  if (sum !== e['time']) out.push(`time ${String(e['time'])} is not the sum of the timings (${sum})`);
  return out;
}

test('certify --grep ... --har: a HAR 1.2 of every exchange (preflight and workers), as many entries as header.requests, no secret', async () => {
  const dir = tempDir('har');
  const r = await calcert(
    [
      'certify',
      '--base-url',
      server.url,
      '--user',
      'admin',
      '--grep',
      '^(root\\.get\\.|events\\.create\\.(answers-201|json-body|form-body|venue-by-id|cost))',
      '--report-dir',
      'reports',
      '--har',
      'out/run.har',
    ],
    { cwd: dir, env: cleanEnv({ CAL_PASSWORD: PASSWORD }) },
  );
  expect(r.code, `${r.stdout}\n${r.stderr}`).toBe(0);
  const text = readFileSync(join(dir, 'out/run.har'), 'utf8');
  const results = JSON.parse(readFileSync(join(dir, 'reports/latest/results.json'), 'utf8'));
  // No form of the secret: the password itself, the Basic credentials, the Authorization header.
  expect(text).not.toContain(PASSWORD);
  expect(text).not.toContain(Buffer.from(`admin:${PASSWORD}`).toString('base64'));
  const har = JSON.parse(text);
  expect(har.log.version).toBe('1.2');
  expect(har.log.creator).toEqual({ name: 'calcert', version: expect.any(String) });
  const entries: unknown[] = har.log.entries;
  expect(entries.length).toBe(results.header.requests);
  expect(r.stdout).toContain(`har: out/run.har (${entries.length} exchanges`);
  expect(entries.flatMap((e, i) => entryProblems(e).map((p) => `entry ${i}: ${p}`))).toEqual([]);
  // In time order, the preflight's GET of the namespace root first; writes carry their body.
  const started = entries.map((e) => Date.parse(String(field(e, 'startedDateTime'))));
  expect(started).toEqual([...started].sort((a, b) => a - b));
  expect(har.log.entries[0].request).toMatchObject({ method: 'GET', url: `${server.url}/cal/events/v1` });
  const posts = har.log.entries.filter((e: { request: { method: string } }) => e.request.method === 'POST');
  expect(posts.length).toBeGreaterThan(3);
  for (const p of posts) expect(p.request.postData.text.length).toBeGreaterThan(2);
  const auth = har.log.entries.flatMap((e: { request: { headers: Array<{ name: string; value: string }> } }) =>
    e.request.headers.filter((h) => h.name.toLowerCase() === 'authorization').map((h) => h.value),
  );
  expect(auth.length).toBeGreaterThan(0);
  expect(new Set(auth)).toEqual(new Set(['(redacted)']));
});

function field(o: unknown, k: string): unknown {
  return isObject(o) ? o[k] : undefined;
}

test('an exchange without an answer is an entry with status 0 and its error; a cut body says so', () => {
  const e = harEntry({
    started: '2026-01-01T00:00:00.000Z',
    method: 'GET',
    url: 'http://127.0.0.1:9/wp-json/cal/events/v1/events?per_page=2&search=a%20b',
    requestHeaders: { accept: 'application/json' },
    ms: 12.4,
    queuedMs: 0,
    retries: 1,
    error: 'connection refused',
  });
  expect(entryProblems(e)).toEqual([]);
  expect(e.response).toMatchObject({ status: 0, _error: 'connection refused', bodySize: -1 });
  expect(e.request.queryString).toEqual([
    { name: 'per_page', value: '2' },
    { name: 'search', value: 'a b' },
  ]);
  expect(e._retries).toBe(1);
  const cut = harEntry({
    started: '2026-01-01T00:00:00.000Z',
    method: 'GET',
    url: 'http://x/wp-json',
    requestHeaders: {},
    status: 301,
    responseHeaders: { location: 'http://x/wp-json/', 'content-type': 'text/html' },
    responseBody: 'abc',
    responseSize: 200_000,
    responseCut: true,
    ms: 3,
    queuedMs: 0,
    retries: 0,
  });
  expect(cut.response).toMatchObject({ redirectURL: 'http://x/wp-json/', bodySize: 200_000 });
  expect(cut.response.content).toMatchObject({ size: 200_000, mimeType: 'text/html', text: 'abc' });
  expect(cut.response.content.comment).toMatch(/cut/);
});
