/**
 * Residue and interruption (issue 6): against a reference server holding foreign records (and
 * decoys carrying a run tag in descriptions, addresses, slugs), a certification, an interrupted
 * certification (SIGINT while checks run) and `calcert cleanup --run-tag` leave the foreign
 * records byte-identical, no tagged post outside the trash and no tagged term.
 */
import { existsSync, readFileSync } from 'node:fs';
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

const USER = 'editor';
const PASSWORD = 'residue-pass-1234';
const TAGS = { run: 'ccresidue1', sigint: 'ccresidue2', leftovers: 'ccresidue3' };

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

  test('SIGINT while checks run: exit 130, a partial report, the run tag swept', async () => {
    const reportDir = tmp('sigint');
    const postsAtStart = server.stats.byMethod['POST'] ?? 0;
    let signalledAt = 0;
    let poll: NodeJS.Timeout | undefined;
    const run = await runCli(
      ['certify', ...target(), '--run-tag', TAGS.sigint, '--report-dir', reportDir, '--grep', '^events\\.'],
      {
        limitMs: 60_000,
        onSpawn: (child) => {
          // Preflight creates one tag (one POST) before the checks; the 2nd POST after the run
          // line is printed comes from a check: the checks are running, records are live.
          poll = setInterval(() => {
            if (!signalledAt && (server.stats.byMethod['POST'] ?? 0) >= postsAtStart + 3) {
              signalledAt = Date.now();
              child.kill('SIGINT');
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
    expect(run.stderr).toMatch(/SIGINT: stopping the run/);
    expect(liveTagged(server.store, TAGS.sigint)).toEqual([]);
    expect(snapshotOf(server.store, foreign)).toBe(foreignBefore);
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
