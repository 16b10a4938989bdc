// The in-process path of the run's own embedded reference (lib/run/in-process.ts,
// fixtures/reference-server/wire.ts) against the real thing: the request header lines it writes
// are the ones undici writes, `req.headers` is what Node's http server builds from them, the
// answer's header lines are the ones Node writes; through a Client, in-process answers equal
// HTTP answers byte for byte on one server; a silent server is a timeout, a closed one a
// connection closed or refused; what it cannot reproduce goes over HTTP.
import { createServer, type IncomingMessage, type OutgoingHttpHeaders, request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { request as undiciRequest } from 'undici';
import { startReferenceServer, type ReferenceServer } from '../../fixtures/reference-server/index.ts';
import { requestHeaders, responseHead } from '../../fixtures/reference-server/wire.ts';
import { Client, TransportError } from '../../lib/run/client.ts';
import { answeredInProcess, inProcessDispatcher, requestLines, serveInProcess } from '../../lib/run/in-process.ts';

/** A Node server answering each request with JSON of its raw and merged headers, or with `head`. */
async function echoServer(head?: () => { status: number; head: OutgoingHttpHeaders; body: string }) {
  const server = createServer({ keepAliveTimeout: 60_000 }, (req: IncomingMessage, res) => {
    if (head) {
      const h = head();
      res.writeHead(h.status, h.head);
      return res.end(h.body);
    }
    const body = JSON.stringify({ raw: req.rawHeaders, headers: req.headers });
    res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) });
    res.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const port = (server.address() as { port: number }).port;
  return { port, origin: `http://127.0.0.1:${port}`, close: () => new Promise((r) => server.close(r)) };
}

/** Sends raw header lines as they are (duplicates and case kept) and returns the server's echo. */
function rawRequest(port: number, lines: string[]): Promise<{ headers: Record<string, unknown> }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let text = '';
    socket.on('data', (d) => {
      text += d.toString('latin1');
      const end = text.indexOf('\r\n\r\n');
      const length = /content-length: (\d+)/i.exec(text)?.[1];
      if (end >= 0 && length && text.length >= end + 4 + Number(length)) {
        socket.destroy();
        resolve(JSON.parse(text.slice(end + 4)));
      }
    });
    socket.on('error', reject);
    let head = 'GET /x HTTP/1.1\r\nHost: 127.0.0.1\r\n';
    for (let i = 0; i < lines.length; i += 2) head += `${lines[i]}: ${lines[i + 1]}\r\n`;
    socket.write(`${head}\r\n`);
  });
}

test("req.headers: Node's merge of repeated request headers (first wins, joined, cookies)", async () => {
  const echo = await echoServer();
  try {
    const cases = [
      ['accept', 'application/json', 'Accept', 'text/html'],
      ['Content-Type', 'application/json', 'content-type', 'text/plain'],
      ['authorization', 'Basic a', 'Authorization', 'Basic b'],
      ['X-Thing', 'a', 'x-thing', 'b', 'X-THING', 'c'],
      ['cookie', 'a=1', 'Cookie', 'b=2'],
      ['set-cookie', 'a=1', 'Set-Cookie', 'b=2'],
      ...['user-agent', 'referer', 'from', 'etag', 'if-modified-since', 'max-forwards', 'content-length'].map((n) =>
        n === 'content-length' ? [n, '0'] : [n, 'one', n.toUpperCase(), 'two'],
      ),
      ['cache-control', 'no-cache', 'Cache-Control', 'no-store', 'via', 'a', 'Via', 'b'],
    ];
    for (const lines of cases) {
      const got = await rawRequest(echo.port, lines);
      expect(requestHeaders(['Host', '127.0.0.1', ...lines]), lines.join(' ')).toEqual(got.headers);
    }
  } finally {
    await echo.close();
  }
});

test('the header lines Node writes for writeHead(status, head): in order, then Date, Connection, Keep-Alive', async () => {
  const heads: Array<{ status: number; head: Record<string, string | number>; body: string }> = [
    { status: 200, head: { 'Content-Type': 'application/json; charset=UTF-8', 'Content-Length': 2 }, body: '{}' },
    {
      status: 200,
      head: { 'Content-Type': 'application/json', 'Content-Length': 2, 'X-TEC-Total': '3', 'X-TEC-TotalPages': '1' },
      body: '[]',
    },
    {
      status: 404,
      head: { 'Content-Type': 'a', 'Content-Length': 1, 'content-type': 'b', 'Retry-After': 1 },
      body: 'x',
    },
    { status: 201, head: { 'Content-Length': 4, Date: 'Thu, 01 Jan 2026 00:00:00 GMT' }, body: 'done' },
  ];
  let i = 0;
  const server = await echoServer(() => heads[i] as (typeof heads)[number]);
  try {
    for (; i < heads.length; i++) {
      const raw = await new Promise<string[]>((resolve, reject) => {
        const req = httpRequest(`${server.origin}/`, { agent: false, headers: { connection: 'keep-alive' } }, (res) => {
          res.resume();
          resolve(res.rawHeaders);
        });
        req.on('error', reject);
        req.end();
      });
      const date = raw[raw.findIndex((v, n) => n % 2 === 0 && v === 'Date') + 1] as string;
      expect(responseHead((heads[i] as (typeof heads)[number]).head, date)).toEqual(raw);
    }
  } finally {
    await server.close();
  }
  // writeHead's own refusal of a value Node will not write.
  expect(() => responseHead({ 'X-Bad': 'a\nb' }, 'now')).toThrow();
});

test('the request header lines are the ones undici writes; what it cannot reproduce goes over HTTP (null)', async () => {
  const echo = await echoServer();
  try {
    const cases = [
      { method: 'GET', path: '/a?b=1', headers: { accept: 'application/json' } },
      { method: 'GET', path: '/a', headers: { accept: 'application/json', authorization: 'Basic eDp5' } },
      {
        method: 'POST',
        path: '/e',
        headers: { accept: 'application/json', 'content-type': 'application/json' },
        body: '{"t":"é"}',
      },
      { method: 'POST', path: '/e', headers: { accept: 'application/json' } },
      { method: 'PUT', path: '/e', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: '' },
      { method: 'DELETE', path: '/e/1', headers: { Accept: 'application/json' } },
    ];
    for (const c of cases) {
      const r = await undiciRequest(`${echo.origin}${c.path}`, {
        method: c.method as 'GET',
        headers: c.headers,
        body: c.body,
      });
      const echoed = (await r.body.json()) as { raw: string[] };
      const lines = requestLines({ ...c, origin: echo.origin }, echo.origin);
      expect(lines?.headers, `${c.method} ${c.path}`).toEqual(echoed.raw);
      expect(lines?.url).toBe(c.path);
    }
  } finally {
    await echo.close();
  }
  const o = 'http://127.0.0.1:1';
  expect(requestLines({ method: 'HEAD', path: '/', origin: o }, o)).toBeNull();
  expect(requestLines({ method: 'GET', path: '/', origin: 'http://127.0.0.1:2' }, o)).toBeNull();
  expect(requestLines({ method: 'GET', path: '/', origin: o, headers: { connection: 'close' } }, o)).toBeNull();
  expect(requestLines({ method: 'GET', path: '/', origin: o, headers: { 'x-a': 'a\r\nb' } }, o)).toBeNull();
  expect(requestLines({ method: 'POST', path: '/', origin: o, body: Buffer.from('x') }, o)).toBeNull();
});

let ref: ReferenceServer;
beforeAll(async () => {
  ref = await startReferenceServer({ variant: 'extended', port: 0, user: 'u', password: 'p', seedFixtures: true });
});
afterAll(() => ref?.close());

const clientOf = (extra: { inProcess?: string; timeoutMs?: number } = {}) =>
  new Client({
    baseUrl: ref.url,
    namespace: ref.namespace,
    auth: { kind: 'basic', user: 'u', password: 'p' },
    timeoutMs: extra.timeoutMs ?? 5000,
    concurrency: 2,
    ...(extra.inProcess ? { inProcess: extra.inProcess } : {}),
  });

test('through a Client, in-process answers are HTTP answers: status, headers in order, body bytes; the server counts them', async () => {
  const host = serveInProcess('calcert-unit-same', (req) => ref.wire(req));
  const http = clientOf();
  const here = clientOf({ inProcess: host.name });
  const first = (await http.get('/events', { per_page: 1 })).json as { events: Array<{ id: number; slug: string }> };
  const event = first.events[0] as { id: number; slug: string };
  const requests = [
    { method: 'GET' as const, path: '' },
    { method: 'GET' as const, path: `/events/${event.id}` },
    { method: 'GET' as const, path: `/events/by-slug/${event.slug}` },
    ...['/venues', '/organizers', '/tags', '/venues/by-slug/none'].map((path) => ({ method: 'GET' as const, path })),
    { method: 'PATCH' as const, path: `/events/${event.id}`, json: { start_date: 'not a date' } },
    { method: 'GET' as const, path: '/events', query: { per_page: 2, page: 2 } },
    { method: 'GET' as const, path: '/events', auth: false },
    { method: 'GET' as const, path: '/events/999999' },
    { method: 'GET' as const, path: '/no-such-route' },
    { method: 'GET' as const, path: '/categories', query: { search: 'é' } },
    { method: 'GET' as const, url: `${ref.url}/` },
    { method: 'POST' as const, path: '/events', json: { title: 'no dates' } },
    { method: 'POST' as const, path: '/events', raw: { body: '{"title":', contentType: 'application/json' } },
    { method: 'PUT' as const, path: '/venues/999999', form: { venue: 'x é' } },
    { method: 'DELETE' as const, path: '/events/999999' },
    { method: 'GET' as const, path: '/events', auth: false, headers: { authorization: 'Basic bm86bm8=' } },
  ];
  const before = ref.stats.requests;
  const inProcess = answeredInProcess();
  try {
    for (const req of requests) {
      // An answer carries the clock's second (Date, stamps): a pair that straddles one is sent again.
      for (let attempt = 0; ; attempt++) {
        const a = await http.request(req);
        const b = await here.request(req);
        if (a.headers.date !== b.headers.date && attempt < 3) continue;
        expect([b.status, Object.entries(b.headers), b.text], `${req.method} ${req.path ?? req.url}`).toEqual([
          a.status,
          Object.entries(a.headers),
          a.text,
        ]);
        break;
      }
    }
  } finally {
    await http.close();
    await here.close();
    host.close();
  }
  expect(ref.stats.requests - before).toBeGreaterThanOrEqual(2 * requests.length);
  expect(answeredInProcess() - inProcess).toBeGreaterThanOrEqual(requests.length);
  expect(ref.stats.inFlight).toBe(0);
});

test('over a channel: answers; a silent server is a timeout; a closed one fails in flight (reset) and then refuses', async () => {
  let hold = false;
  const held: Array<() => void> = [];
  const host = serveInProcess('calcert-unit-channel', (req) =>
    hold ? new Promise(() => held.push(() => undefined)) : ref.wire(req),
  );
  const dispatcher = inProcessDispatcher(host.name, ref.url, true);
  const api = new Client({
    baseUrl: ref.url,
    namespace: ref.namespace,
    auth: { kind: 'basic', user: 'u', password: 'p' },
    timeoutMs: 300,
    concurrency: 4,
    agent: dispatcher,
  });
  const inProcess = answeredInProcess();
  try {
    expect((await api.get('/events', { per_page: 1 })).status).toBe(200);
    expect(answeredInProcess()).toBe(inProcess + 1);
    // Requests sent in one turn travel together, and so do their answers: each reaches its own request.
    const paths = ['/events/999999', '/venues', '/no-such-route', '/organizers', '/tags'];
    const together = await Promise.all(paths.map((path) => api.get(path)));
    const alone: typeof together = [];
    for (const path of paths) alone.push(await api.get(path));
    expect(together.map((r) => [r.status, r.text])).toEqual(alone.map((r) => [r.status, r.text]));
    expect(new Set(together.map((r) => r.status))).toEqual(new Set([200, 404]));
    expect(answeredInProcess()).toBe(inProcess + 1 + 2 * paths.length);
    hold = true;
    const silent = await api.get('/events').catch((e: unknown) => e);
    expect(silent).toBeInstanceOf(TransportError);
    expect((silent as TransportError).kind).toBe('timeout');
    // In flight when the server closes: a write fails as a connection closed (never sent again),
    // and the next request is refused at once.
    const write = api.post('/events', { title: 'x' }).catch((e: unknown) => e);
    await new Promise((r) => setTimeout(r, 20));
    host.close();
    const failed = (await write) as TransportError;
    expect(failed.kind).toBe('reset');
    expect(failed.exchange.retries).toBe(0);
    const after = (await api.get('/events').catch((e: unknown) => e)) as TransportError;
    expect(after.kind).toBe('refused');
  } finally {
    host.close();
    await dispatcher.close();
  }
});

test('a request to another origin goes over HTTP', async () => {
  const echo = await echoServer();
  const dispatcher = inProcessDispatcher('calcert-unit-none', ref.url);
  try {
    const r = await undiciRequest(`${echo.origin}/x`, { dispatcher });
    expect(r.statusCode).toBe(200);
    expect(((await r.body.json()) as { raw: string[] }).raw).toContain('host');
  } finally {
    await dispatcher.close();
    await echo.close();
  }
});
