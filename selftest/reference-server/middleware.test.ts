// The handler-wrapping middleware of the reference server: request statistics (in flight now and
// at most), each chaos fault, the transport-level faults, and the rule that routes reach faults
// and quirks only through the typed helpers (`ctx.faultOn`, `ctx.quirk`), and routes only at
// their named seams.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { FAULTS } from '../../fixtures/reference-server/faults.ts';
import { TRANSPORT_FAULTS } from '../../fixtures/reference-server/middleware.ts';
import { ADMIN, start } from './helpers.ts';

const PROJECT_ROOT = fileURLToPath(new URL('../..', import.meta.url));
const SERVER_DIR = join(PROJECT_ROOT, 'fixtures', 'reference-server');

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'data' ? [] : sources(path);
    return name.endsWith('.ts') ? [path] : [];
  });
}

describe('statistics', () => {
  test('stats count requests in flight and the most at once', async () => {
    const c = await start({ chaos: 'slow' });
    const five = Array.from({ length: 5 }, () => fetch(`${c.ns}/events`, { headers: ADMIN }));
    await new Promise((r) => setTimeout(r, 500));
    expect(c.server.stats.inFlight).toBe(5);
    const answers = await Promise.all(five);
    await Promise.all(answers.map((a) => a.text()));
    await new Promise((r) => setTimeout(r, 50));
    expect(c.server.stats.inFlight).toBe(0);
    expect(c.server.stats.maxInFlight).toBe(5);
    expect(c.server.stats.requests).toBe(5);
    expect(c.server.stats.byMethod.GET).toBe(5);
  });

  test('sequential requests never overlap; a reset socket leaves flight', async () => {
    const c = await start({ chaos: 'reset' });
    let resets = 0;
    for (let i = 0; i < 6; i++) await c.call('GET', '/events').catch(() => resets++);
    await new Promise((r) => setTimeout(r, 50));
    expect(resets).toBe(1);
    expect(c.server.stats.maxInFlight).toBe(1);
    expect(c.server.stats.inFlight).toBe(0);
    expect(c.server.stats.requests).toBe(6);
  });
});

describe('chaos middleware', () => {
  test('rate-limit answers every 5th request 429 with Retry-After', async () => {
    const c = await start({ chaos: 'rate-limit' });
    const statuses: number[] = [];
    const retry: (string | null)[] = [];
    for (let i = 0; i < 5; i++) {
      const r = await c.call('GET', '/events');
      statuses.push(r.status);
      retry.push(r.headers.get('retry-after'));
    }
    expect(statuses).toEqual([200, 200, 200, 200, 429]);
    expect(retry[4]).toBe('1');
  });

  test('flaky-5xx answers every 6th request 503 with a JSON error', async () => {
    const c = await start({ chaos: 'flaky-5xx' });
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await c.call('GET', '/events')).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 503]);
  });

  test('html-errors turns error answers into HTML pages and leaves successes alone', async () => {
    const c = await start({ chaos: 'html-errors' });
    const ok = await c.call('GET', '/events');
    expect(ok.headers.get('content-type')).toMatch(/json/);
    const missing = await c.call('GET', '/events/999999');
    expect(missing.status).toBe(404);
    expect(missing.headers.get('content-type')).toMatch(/text\/html/);
    expect(missing.text).toMatch(/^<!DOCTYPE html>/);
  });

  test('truncated-json cuts every 7th body in half', async () => {
    const c = await start({ chaos: 'truncated-json' });
    const texts: string[] = [];
    for (let i = 0; i < 7; i++) texts.push((await c.call('GET', '/events?per_page=1')).text);
    expect(texts.slice(0, 6).every((t) => JSON.parse(t))).toBe(true);
    expect(texts[6].length).toBe(Math.floor(texts[0].length / 2));
  });
});

describe('transport-level faults', () => {
  test('the middleware implements registered faults only', () => {
    const names = new Set(FAULTS.map((f) => f.name));
    expect(TRANSPORT_FAULTS.filter((n) => !names.has(n))).toEqual([]);
  });

  test('unknown-route-200, json-body-ignored and create-ignores-form-body act on the exchange', async () => {
    const unknown = await start({ fault: 'unknown-route-200' });
    expect((await unknown.call('GET', '/nothing-here')).status).toBe(200);
    const json = await start({ fault: 'json-body-ignored' });
    const ev = { title: 'x', start_date: '2030-01-10 10:00:00', end_date: '2030-01-10 11:00:00' };
    expect((await json.call('POST', '/events', { json: ev })).status).toBe(400);
    expect((await json.call('POST', '/venues', { json: { venue: 'json venue' } })).status).toBe(201);
    const form = await start({ fault: 'create-ignores-form-body' });
    expect((await form.call('POST', '/venues', { form: 'venue=form%20venue' })).status).toBe(400);
    expect((await form.call('POST', '/venues', { json: { venue: 'json venue' } })).status).toBe(201);
  });
});

test('routes reach faults and quirks only through the typed helpers', () => {
  const raw = sources(SERVER_DIR).flatMap((path) =>
    readFileSync(path, 'utf8')
      .split('\n')
      .map((line, i) => ({ where: `${path.slice(PROJECT_ROOT.length + 1)}:${i + 1}`, line }))
      .filter(
        ({ line }) =>
          /\bfault\s*[!=]==|\bquirks\.has\(/.test(line) && !/=> (fault === name|quirks\.has\(name\))/.test(line),
      )
      .map(({ where, line }) => `${where}: ${line.trim()}`),
  );
  expect(raw, 'compare faults with ctx.faultOn(name) and quirks with ctx.quirk(name)').toEqual([]);
});

test('routes, the core pipeline and the event renderer ask faults and quirks only at their named seams (*seams.ts)', () => {
  // The handlers read as the correct semantics; each deviation is one named function in a seams
  // module beside them (routes/seams.ts, routes/root-seams.ts, routes/<family>/*seams.ts; the
  // pipeline's in pipeline-seams.ts, the renderer's in render-seams.ts).
  const routes = [
    ...sources(join(SERVER_DIR, 'routes')),
    join(SERVER_DIR, 'index.ts'),
    join(SERVER_DIR, 'render.ts'),
  ].filter((path) => !/seams\.ts$/.test(path));
  expect(routes.length).toBeGreaterThan(10);
  const inline = routes.flatMap((path) =>
    readFileSync(path, 'utf8')
      .split('\n')
      .map((line, i) => ({ where: `${path.slice(PROJECT_ROOT.length + 1)}:${i + 1}`, line }))
      .filter(({ line }) => /\bctx\.(faultOn|quirk)\(/.test(line))
      .map(({ where, line }) => `${where}: ${line.trim()}`),
  );
  expect(inline, 'ask a named seam (a function in a *seams.ts module) instead').toEqual([]);
});
