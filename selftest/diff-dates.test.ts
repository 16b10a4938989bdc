/**
 * Issue 31 point 10: `calcert diff` draws date filters at the edges of paired events, where the
 * reference's date-filter faults show. Between a clean reference server and one with such a fault
 * it reports differences, for each of these faults (with no random queries at all); between two
 * clean servers, none. Read-only runs (the date queries need no writes).
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startReferenceServer, type ReferenceServer } from '../fixtures/reference-server/index.ts';
import { runDiff } from '../lib/tools/diff/run.ts';

const FAULTS = [
  'start-date-not-rounded',
  'end-date-not-rounded',
  'ends-after-not-rounded',
  'starts-after-not-strict',
  'strict-dates-ignored',
  'starts-before-ignored',
  'ends-before-ignored',
];

const servers: ReferenceServer[] = [];
afterAll(async () => {
  await Promise.all(servers.map((s) => s.close()));
});

async function start(fault?: string): Promise<ReferenceServer> {
  const s = await startReferenceServer({ variant: 'extended', port: 0, seedEvents: 40, ...(fault ? { fault } : {}) });
  servers.push(s);
  return s;
}

function diff(a: ReferenceServer, b: ReferenceServer) {
  const side = (s: ReferenceServer) => ({ baseUrl: s.url, namespace: s.namespace, auth: { kind: 'none' as const } });
  return runDiff({
    base: side(a),
    candidate: side(b),
    seed: 7,
    numRuns: 0,
    readOnly: true,
    runTag: 'ccdiffdates',
    timeoutMs: 10_000,
  });
}

/** One clean server for every comparison: the runs are read-only. */
let clean: ReferenceServer;
beforeAll(async () => {
  clean = await start();
});

test('two clean reference servers: the date-edge queries find no difference', async () => {
  const r = await diff(clean, await start());
  expect(r.requests).toBeGreaterThan(40);
  expect(r.differences.map((d) => d.request)).toEqual([]);
});

test.each(FAULTS)('a clean reference server and one with %s: differences on date-edge queries', async (fault) => {
  const r = await diff(clean, await start(fault));
  const edges = r.differences.filter((d) => d.label === 'events list (date edges)');
  expect(edges.length, `${fault}: ${r.same} same, ${r.differences.length} different`).toBeGreaterThan(0);
});
