/**
 * Residue and interruption (issue 6): against a reference server holding foreign records (and
 * decoys carrying a run tag in descriptions, addresses, slugs), a certification, an interrupted
 * certification (SIGINT while checks run) and `calcert cleanup --run-tag` leave the foreign
 * records byte-identical, no tagged post outside the trash and no tagged term.
 */
import { existsSync, readFileSync } from 'node:fs';
import { createServer, request as httpRequest, type Server } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startReferenceServer, type ReferenceServer } from '../../fixtures/reference-server/index.ts';
import {
  liveTagged,
  runCli,
  seedForeignWithDecoys,
  seedTaggedLeftovers,
  snapshotOf,
  tmp,
  type RecordIds,
} from './support.ts';
import { PROJECT_ROOT } from '../../lib/run/paths.ts';
import { SAME_STOP_MS } from '../../lib/run/signals.ts';
import { cleanEnv, run as run_ } from '../support/run-cli.ts';

const USER = 'editor';
const PASSWORD = 'residue-pass-1234';
const TAGS = {
  run: 'ccresidue1',
  sigint: 'ccresidue2',
  leftovers: 'ccresidue3',
  sigterm: 'ccresidue4',
  twice: 'ccresidue5',
};

let server: ReferenceServer;
let foreign: RecordIds;
let foreignBefore: string;

beforeAll(async () => {
  server = await startReferenceServer({
    variant: 'extended',
    port: 0,
    user: USER,
    password: PASSWORD,
    seedFixtures: true,
  });
  foreign = seedForeignWithDecoys(server.store, Object.values(TAGS));
  foreignBefore = snapshotOf(server.store, foreign);
});
afterAll(async () => server?.close());

const target = () => [
  '--base-url',
  server.url,
  '--user',
  USER,
  '--password',
  PASSWORD,
  '--seed',
  '5',
  '--num-runs',
  '3',
];

describe('a live target keeps no residue', () => {
  test('a certification removes what it created and touches nothing else', async () => {
    const reportDir = tmp('residue');
    const run = await runCli([
      'certify',
      ...target(),
      '--run-tag',
      TAGS.run,
      '--report-dir',
      reportDir,
      '--grep',
      '^(root|events)\\.(get|create|delete|update)\\.',
    ]);
    expect(run.code, run.stderr).toBe(0);
    expect(liveTagged(server.store, TAGS.run)).toEqual([]);
    expect(snapshotOf(server.store, foreign)).toBe(foreignBefore);
    const report = JSON.parse(readFileSync(join(reportDir, 'latest', 'results.json'), 'utf8'));
    expect(report.header.runTag).toBe(TAGS.run);
    expect(report.header.cleanup).toMatchObject({ before: 0, errors: [] });
  });

  // Issue 31 point 1: SIGTERM (what a CI runner or `timeout` sends) ends a run like SIGINT.
  test.each([
    ['SIGINT', TAGS.sigint],
    ['SIGTERM', TAGS.sigterm],
  ] as const)('%s while checks run: exit 130, a partial report, the run tag swept', async (signal, tag) => {
    const reportDir = tmp('sigint');
    const postsAtStart = server.stats.byMethod['POST'] ?? 0;
    let signalledAt = 0;
    let poll: NodeJS.Timeout | undefined;
    const run = await runCli(
      ['certify', ...target(), '--run-tag', tag, '--report-dir', reportDir, '--grep', '^events\\.'],
      {
        limitMs: 60_000,
        onSpawn: (child) => {
          // Preflight creates one tag (one POST) before the checks; the 2nd POST after the run
          // line is printed comes from a check: the checks are running, records are live.
          poll = setInterval(() => {
            if (!signalledAt && (server.stats.byMethod['POST'] ?? 0) >= postsAtStart + 3) {
              signalledAt = Date.now();
              child.kill(signal);
            }
          }, 5);
        },
      },
    );
    clearInterval(poll);
    expect(signalledAt, `the run never reached its checks: ${run.stdout}${run.stderr}`).toBeGreaterThan(0);
    expect(run.code, run.stderr).toBe(130);
    // Stopping, sweeping and reporting is prompt (generous bound: a hang is the bug).
    expect(Date.now() - signalledAt).toBeLessThan(30_000);
    const file = join(reportDir, 'latest', 'results.json');
    expect(existsSync(file)).toBe(true);
    const report = JSON.parse(readFileSync(file, 'utf8'));
    expect(report.footer.interrupted).toMatch(/signal/);
    expect(report.footer.verdict).toBe('not-certified');
    expect(report.header.cleanup.errors).toEqual([]);
    expect(run.stderr).toContain(`${signal}: stopping the run`);
    expect(liveTagged(server.store, tag)).toEqual([]);
    expect(snapshotOf(server.store, foreign)).toBe(foreignBefore);
  });

  // Issue 31 point 4: after a second signal the run exits at once; the cleanup line it prints runs
  // as printed (the target flags on it, only the password left to the environment).
  // A signal within SAME_STOP_MS of the first is a wrapper's copy of it (lib/run/signals.ts), so
  // the second comes later; meanwhile a proxy holds each answer, so the stopping run is still
  // waiting on its requests in flight (or its sweep) when it comes.
  test('a second SIGINT exits at once, and the printed cleanup line removes what the run left', async () => {
    const upstream = new URL(server.url);
    let holdMs = 0;
    // Requests still held when the run has exited are dropped, never sent on after the cleanup.
    const held = new Set<NodeJS.Timeout>();
    const proxy: Server = createServer((req, res) => {
      const timer = setTimeout(() => {
        held.delete(timer);
        const up = httpRequest(
          { host: upstream.hostname, port: upstream.port, path: req.url, method: req.method, headers: req.headers },
          (r) => {
            res.writeHead(r.statusCode ?? 502, r.headers);
            r.pipe(res);
          },
        );
        // The run exits on the second signal with requests held: their sockets just close.
        up.on('error', () => res.destroy());
        req.pipe(up);
      }, holdMs);
      held.add(timer);
      req.on('error', () => {});
      res.on('error', () => {});
    });
    await new Promise<void>((r) => proxy.listen(0, '127.0.0.1', r));
    const proxied = `http://127.0.0.1:${(proxy.address() as { port: number }).port}${upstream.pathname}`;
    let signalled = 0;
    let poll: NodeJS.Timeout | undefined;
    const args = target();
    args[args.indexOf('--base-url') + 1] = proxied;
    const run = await runCli(
      ['certify', ...args, '--run-tag', TAGS.twice, '--report-dir', tmp('twice'), '--grep', '^events\\.'],
      {
        limitMs: 60_000,
        onSpawn: (child) => {
          poll = setInterval(() => {
            const tagged = liveTagged(server.store, TAGS.twice).length;
            if (!signalled && tagged >= 3) {
              signalled = 1;
              holdMs = 3 * SAME_STOP_MS;
              child.kill('SIGINT');
              setTimeout(() => child.kill('SIGINT'), SAME_STOP_MS + 300);
            }
          }, 5);
        },
      },
    );
    clearInterval(poll);
    for (const timer of held) clearTimeout(timer);
    holdMs = 0;
    expect(signalled, `the run never reached its checks: ${run.stdout}${run.stderr}`).toBe(1);
    expect(run.code, run.stderr).toBe(130);
    const printed = /SIGINT again, exiting without cleanup; to remove what the run left, run: (.*)$/m.exec(run.stderr);
    expect(printed, run.stderr).not.toBeNull();
    const line = printed![1]!;
    expect(line).toMatch(
      new RegExp(
        `^(npx calcert|node \\S+/bin/calcert\\.js) cleanup --base-url \\S+ --user ${USER} --run-tag ${TAGS.twice}  # export CAL_PASSWORD first$`,
      ),
    );
    expect(line).not.toContain(PASSWORD);
    // Whatever the sweep-less exit left behind (records of checks cut short) goes with the printed line.
    const cleanup = await run_('sh', ['-c', line], { cwd: PROJECT_ROOT, env: cleanEnv({ CAL_PASSWORD: PASSWORD }) });
    expect(cleanup.code, cleanup.stdout + cleanup.stderr).toBe(0);
    expect(cleanup.stdout).toMatch(new RegExp(`cleanup of run tag ${TAGS.twice}`));
    expect(liveTagged(server.store, TAGS.twice)).toEqual([]);
    expect(snapshotOf(server.store, foreign)).toBe(foreignBefore);
    proxy.close();
  });

  test('calcert cleanup --run-tag removes every tagged leftover (any status, encoded titles, far dates) and nothing else', async () => {
    seedTaggedLeftovers(server.store, TAGS.leftovers);
    expect(liveTagged(server.store, TAGS.leftovers).length).toBeGreaterThan(15);
    const run = await runCli([
      'cleanup',
      '--base-url',
      server.url,
      '--user',
      USER,
      '--password',
      PASSWORD,
      '--run-tag',
      TAGS.leftovers,
    ]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(new RegExp(`cleanup of run tag ${TAGS.leftovers}.*removed`));
    expect(liveTagged(server.store, TAGS.leftovers)).toEqual([]);
    expect(snapshotOf(server.store, foreign)).toBe(foreignBefore);
    // Posts are trashed (the interface cannot delete them for good), never edited otherwise.
    const trashed = [...server.store.events.values()].filter((e) => e.title.includes(TAGS.leftovers));
    expect(trashed.every((e) => e.status === 'trash')).toBe(true);
    // A second cleanup finds nothing and still exits 0.
    const again = await runCli([
      'cleanup',
      '--base-url',
      server.url,
      '--user',
      USER,
      '--password',
      PASSWORD,
      '--run-tag',
      TAGS.leftovers,
    ]);
    expect(again.code, again.stderr).toBe(0);
    expect(again.stdout).toMatch(/0 tagged record\(s\) found/);
  });

  test('cleanup against an unusable target exits 2 with one line', async () => {
    const run = await runCli([
      'cleanup',
      '--base-url',
      'http://127.0.0.1:1/wp-json',
      '--user',
      USER,
      '--password',
      PASSWORD,
      '--run-tag',
      'ccnothere',
    ]);
    expect(run.code).toBe(2);
    expect(run.stderr.trim().split('\n')).toHaveLength(1);
    expect(run.stderr).toMatch(/cannot reach the target.*fix:/);
    const noTag = await runCli(['cleanup', '--base-url', server.url, '--user', USER, '--password', PASSWORD]);
    expect(noTag.code).toBe(2);
    expect(noTag.stderr).toMatch(/--run-tag/);
  });
});
