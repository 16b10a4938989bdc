// A run limited by --grep (issue 16 point 7): verdict `partial` (never "certified" for a subset), said
// in the terminal, results.json (schema-valid), summary.md, report.html and junit.xml; exit 0 when no
// selected check failed. --strict says why it exits 1.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { expect, test } from 'vitest';
import { startReferenceServer } from '../../fixtures/reference-server/index.ts';
import { certify } from '../../lib/certify/certify.ts';
import { loadConfig } from '../../lib/run/config/load.ts';
import { validateReport } from '../../lib/spec/schemas.ts';
import { bareEnv, printedCalcert } from '../support/run-cli.ts';

const ROOT = resolve(import.meta.dirname, '../..');

test('a --grep run is partial in results.json, summary.md, report.html and junit.xml; exit 0', async () => {
  const reportDir = mkdtempSync(join(tmpdir(), 'calcert-partial-'));
  const config = loadConfig({ env: {}, dotenv: false, flags: { grep: '^root\\.', seed: 1, 'report-dir': reportDir } });
  const result = await certify(config);
  expect(result.exitCode).toBe(0);
  const dir = result.reportDir as string;
  const written = JSON.parse(readFileSync(join(dir, 'results.json'), 'utf8'));
  expect(written.footer.verdict).toBe('partial');
  expect(written.footer.selection).toEqual({ grep: '^root\\.' });
  expect(written.checks.length).toBeGreaterThan(0);
  expect(validateReport(written).ok).toBe(true);
  expect(readFileSync(join(dir, 'summary.md'), 'utf8')).toMatch(/# calcert: partial[\s\S]*partial run/);
  expect(readFileSync(join(dir, 'report.html'), 'utf8')).toMatch(/PARTIAL[\s\S]*partial run/);
  expect(readFileSync(join(dir, 'junit.xml'), 'utf8')).toContain('<property name="verdict" value="partial"/>');
});

test('--grep is over the check ID alone: a pattern anchored at the end of an ID selects that check', async () => {
  // 'json-body$' never matched while the pattern ran over "ID title" (issue 23 point 2).
  const config = loadConfig({ env: {}, dotenv: false, flags: { grep: 'events\\.create\\.json-body$', seed: 1 } });
  const result = await certify(config, { writeReports: false });
  expect(result.report?.checks.map((c) => `${c.id} ${c.status}`)).toEqual(['events.create.json-body pass']);
  expect(result.exitCode).toBe(0);
});

test('a failing must-check in a --grep run is not-certified (exit 1)', async () => {
  const config = loadConfig({ env: {}, dotenv: false, flags: { grep: '^root\\.', seed: 1 } });
  const result = await certify(config, { reference: { fault: 'root-namespace-wrong' }, writeReports: false });
  expect(result.report?.footer.verdict).toBe('not-certified');
  expect(result.exitCode).toBe(1);
});

test('the terminal says partial, and --strict says why it exits 1', async () => {
  const server = await startReferenceServer({
    variant: 'extended',
    port: 0,
    user: 'admin',
    password: 'strict-pass-1',
    seedFixtures: true,
    fault: 'doc-not-openapi',
  });
  const cwd = mkdtempSync(join(tmpdir(), 'calcert-strict-'));
  try {
    // Asynchronous: the reference server lives in this process and must keep answering.
    const r = await promisify(execFile)(
      process.execPath,
      [join(ROOT, 'bin/calcert.js'), 'certify', '--base-url', server.url, '--grep', '^root\\.doc\\.', '--strict'],
      {
        cwd,
        env: { ...bareEnv(), CAL_USER: 'admin', CAL_PASSWORD: 'strict-pass-1', CAL_SEED: '1' },
        encoding: 'utf8',
        timeout: 120_000,
      },
    ).then(
      (ok) => ({ ...ok, status: 0 }),
      (e: { stdout: string; stderr: string; code: number }) => ({ stdout: e.stdout, stderr: e.stderr, status: e.code }),
    );
    expect(r.stdout).toMatch(/^PARTIAL: 5 checks/m);
    expect(r.stdout).toMatch(/^partial run: only the 5 checks matching --grep \^root\\\.doc\\\. ran/m);
    expect(r.stderr).toMatch(
      /exit 1 under --strict: 4 should-check\(s\) warned \(root\.doc\.describes-events, root\.doc\.describes-routes, root\.doc\.names-rest-root, root\.doc\.openapi-document\)/,
    );
    expect(r.status).toBe(1);
    // The replay line summary.md prints for a warned check runs as printed where the run was
    // started (calcert is on no PATH; outside the clone: node /path/to/bin/calcert.js), and runs
    // exactly that check against the same target (issues 23, 39 point 5).
    const summary = readFileSync(join(cwd, 'reports/latest/summary.md'), 'utf8');
    const line = /### `root\.doc\.openapi-document`[\s\S]*?Reproduce:\n+```sh\n([^\n]+)\n/.exec(summary)?.[1];
    expect(line?.startsWith(`${printedCalcert(cwd)} certify --base-url `), summary).toBe(true);
    const replayDir = mkdtempSync(join(tmpdir(), 'calcert-replay-'));
    const replay = await promisify(execFile)('sh', ['-c', line as string], {
      cwd,
      env: {
        ...bareEnv(),
        CAL_USER: 'admin',
        CAL_PASSWORD: 'strict-pass-1',
        CAL_REPORT_DIR: replayDir,
      },
      encoding: 'utf8',
      timeout: 120_000,
    });
    expect(replay.stdout).toMatch(/^PARTIAL: 1 check, 0 pass, 0 fail, 1 warn/m);
    const replayed = JSON.parse(readFileSync(join(replayDir, 'latest/results.json'), 'utf8'));
    expect(replayed.checks.map((c: { id: string }) => c.id)).toEqual(['root.doc.openapi-document']);
  } finally {
    await server.close();
  }
});
