/**
 * No silent pass on a slow target (issue 16 point 4): a property check whose time budget ends
 * before its minimum number of runs is `error` ("the suite could not judge") with its run count,
 * never `pass`. The target is the reference server (with a date fault, and without) behind a proxy
 * that answers every date-filtered list read after 3.5 s; the preflight sees a fast target, so the
 * budget derived from its measured response time is the 20 s floor, shorter than the check's
 * runs. Before, such a run stopped at the time limit and passed.
 */
import { createServer, request as httpRequest, Agent } from 'node:http';
import { expect, test } from 'vitest';
import { startReferenceServer } from '../../fixtures/reference-server/index.ts';
import { certify } from '../../lib/certify.ts';
import { loadConfig } from '../../lib/config.ts';

const ID = 'events.list.date-filters-property';

test.each([
  ['with a date fault', 'start-date-not-rounded'],
  ['without a fault', undefined],
] as const)('a property check through a slow target (%s) is not a pass, and shows its runs', async (_label, fault) => {
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
    if (slow) setTimeout(forward, 3500);
    else forward();
  });
  await new Promise<void>((r) => proxy.listen(0, '127.0.0.1', r));
  const port = (proxy.address() as { port: number }).port;
  try {
    const config = loadConfig({
      env: {},
      cwd: '/nonexistent-calcert-dir',
      flags: {
        'base-url': `http://127.0.0.1:${port}${target.pathname}`,
        user: 'admin',
        password: 'slow-pass-1',
        seed: '5',
        'num-runs': '400',
        grep: `^${ID.replace(/\./g, '\\.')} `,
      },
    });
    const result = await certify(config, { fixtures: ref.fixtures, writeReports: false, sweep: false });
    const c = result.report!.checks.find((x) => x.id === ID)!;
    expect(c, 'the property check ran').toBeDefined();
    expect(c.status, JSON.stringify(c).slice(0, 1500)).not.toBe('pass');
    // The check asks for its own number of runs (at most --num-runs): that is its minimum.
    expect(c.runsNeeded).toBeGreaterThan(1);
    expect(c.runs).toBeTypeOf('number');
    if (!fault || c.status === 'error') {
      expect(c.status, c.message).toBe('error');
      expect(c.unjudged).toBe('time-budget');
      expect(c.runs).toBeLessThan(c.runsNeeded!);
      expect(c.message).toMatch(new RegExp(`could not judge: the property made ${c.runs} of its ${c.runsNeeded} run`));
      expect(result.report!.footer.incomplete?.join('\n')).toMatch(/time budget/);
    } else expect(c.status).toBe('fail');
    expect(result.report!.footer.verdict).not.toMatch(/^certified/);
  } finally {
    proxy.closeAllConnections();
    proxy.close();
    agent.destroy();
    await ref.close();
  }
});
