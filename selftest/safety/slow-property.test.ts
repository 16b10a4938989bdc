/**
 * A slow target is judged in full (issue 20 point 3): a property check has no clock of its own.
 * It is bounded by its runs and its requests; waiting for a slow answer never counts against it.
 * The one wall-clock limit is the run's --deadline-s: when it cuts a check short, the check is
 * `error` (unjudged, 'interrupted'), the verdict is not certified and the footer's incomplete line
 * names the check. Before, a time budget guessed from the preflight's fast answers left such
 * properties unjudged on the original under the suite's own load.
 *
 * The target is the reference server (with a date fault, and without) behind a proxy that answers
 * every date-filtered list read after `delayMs`; the preflight sees a fast target.
 */
import { createServer, request as httpRequest, Agent } from 'node:http';
import { expect, test } from 'vitest';
import { startReferenceServer } from '../../fixtures/reference-server/index.ts';
import { certify } from '../../lib/certify/certify.ts';
import { loadConfig } from '../../lib/run/config/load.ts';

const ID = 'events.list.date-filters-property';

async function slowTarget(fault: string | undefined, delayMs: number) {
  const ref = await startReferenceServer({
    variant: 'extended',
    port: 0,
    user: 'admin',
    password: 'slow-pass-1',
    seedFixtures: true,
    ...(fault ? { fault } : {}),
  });
  const target = new URL(ref.url);
  const agent = new Agent({ keepAlive: true });
  const proxy = createServer((req, res) => {
    const slow = req.method === 'GET' && /[?&](start_date|end_date|starts_|ends_)/.test(req.url ?? '');
    const forward = () => {
      const up = httpRequest(
        { host: target.hostname, port: target.port, method: req.method, path: req.url, headers: req.headers, agent },
        (r) => {
          res.writeHead(r.statusCode ?? 502, r.headers);
          r.pipe(res);
        },
      );
      up.on('error', () => res.destroy());
      req.pipe(up);
    };
    if (slow) setTimeout(forward, delayMs);
    else forward();
  });
  await new Promise<void>((r) => proxy.listen(0, '127.0.0.1', r));
  const port = (proxy.address() as { port: number }).port;
  return {
    ref,
    url: `http://127.0.0.1:${port}${target.pathname}`,
    close: async () => {
      proxy.closeAllConnections();
      proxy.close();
      agent.destroy();
      await ref.close();
    },
  };
}

function configFor(url: string, flags: Record<string, string>) {
  return loadConfig({
    env: {},
    cwd: '/nonexistent-calcert-dir',
    flags: {
      'base-url': url,
      user: 'admin',
      password: 'slow-pass-1',
      seed: '5',
      grep: `^${ID.replace(/\./g, '\\.')}$`,
      ...flags,
    },
  });
}

// The three runs wait on the proxy's delay, not on the CPU: they run at once (npm test's time).
test.concurrent.each([
  ['with a date fault', 'start-date-not-rounded', 'fail'],
  ['without a fault', undefined, 'pass'],
] as const)(
  'a property check through a slow target (%s) makes all its runs and is judged',
  async (_label, fault, want) => {
    const target = await slowTarget(fault, 600);
    try {
      const config = configFor(target.url, { 'num-runs': '3' });
      const result = await certify(config, { fixtures: target.ref.fixtures, writeReports: false, sweep: false });
      const c = result.report!.checks.find((x) => x.id === ID)!;
      expect(c, 'the property check ran').toBeDefined();
      expect(c.status, JSON.stringify(c).slice(0, 1500)).toBe(want);
      expect(c.runsNeeded).toBeGreaterThan(1);
      // A pass made every run it asked for; a failure stops at its first failing run.
      if (want === 'pass') expect(c.runs).toBe(c.runsNeeded);
      expect(result.report!.footer.incomplete ?? []).toEqual([]);
    } finally {
      await target.close();
    }
  },
);

test.concurrent("the run's deadline cuts a slow property short: error, named as incomplete, not certified", async () => {
  const target = await slowTarget(undefined, 3000);
  try {
    const config = configFor(target.url, { 'num-runs': '50', 'deadline-s': '8' });
    const result = await certify(config, { fixtures: target.ref.fixtures, writeReports: false, sweep: false });
    const c = result.report!.checks.find((x) => x.id === ID);
    expect(c, 'the check cut short is reported').toBeDefined();
    expect(c!.status, JSON.stringify(c).slice(0, 1500)).toBe('error');
    expect(c!.unjudged).toBe('interrupted');
    expect(result.report!.footer.incomplete?.join('\n')).toMatch(new RegExp(`cut short.*${ID.replace(/\./g, '\\.')}`));
    expect(result.report!.footer.interrupted).toMatch(/deadline of 8 s/);
    expect(result.report!.footer.verdict).toBe('not-certified');
  } finally {
    await target.close();
  }
});
