/**
 * Regression self-tests, end to end against the embedded reference server:
 *  - a run with a fault compared with a clean baseline of the same checks reports exactly the
 *    checks that failed under the fault as newly failing (`calcert compare`, `certify --baseline`);
 *  - expectations: a listed check that passes is stale (exit 1, verdict unchanged; 0 with
 *    --allow-stale), an unknown ID is reported, a file listing the faulty run's failures turns
 *    exit 1 into 0 while the verdict stays not-certified;
 *  - `calcert diff` between two clean reference servers finds no difference, between a clean one
 *    and one with a fault finds some.
 * Exit codes are asserted on the CLI run as a child process; every child has a generous
 * termination bound (a hang is a bug), never a timing assertion. Only the root checks run.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { certify, type CertifyResult } from '../lib/certify/certify.ts';
import { Client } from '../lib/run/client.ts';
import { loadConfig } from '../lib/run/config/load.ts';
import { compareReports } from '../lib/tools/compare.ts';
import type { RunReport } from '../lib/report/results.ts';
import { FAULTS, startReferenceServer, type ReferenceServer } from '../fixtures/reference-server/index.ts';
import { field } from '../lib/spec/contract.ts';
import { compiledBin, compiledTool, ROOT } from './support/run-cli.ts';

/** A hang is a bug: every child process must end well within this. */
const CHILD_BOUND_MS = 180_000;
const FAULT = 'doc-missing';
/** The root group's checks: every check some root fault must break (fast: no writes). */
const IDS = [...new Set(FAULTS.filter((f) => f.group === 'root').flatMap((f) => f.breaks))].sort();

interface Child {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Run the CLI (the clone's compiled CLI, built once per self-test run: the subject is the exit
 * codes and reports, not the TypeScript loader); the environment carries no CAL_* key so only
 * the flags count.
 */
async function calcert(args: string[]): Promise<Child> {
  const env: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(process.env)) if (!k.startsWith('CAL_')) env[k] = v;
  await compiledTool();
  return new Promise((done) => {
    const child = execFile(
      process.execPath,
      [compiledBin(), ...args],
      { cwd: ROOT, env, timeout: CHILD_BOUND_MS, killSignal: 'SIGKILL', maxBuffer: 16 * 1024 * 1024 },
      (error, stdout, stderr) => {
        done({ code: child.exitCode ?? (error ? -1 : 0), stdout: String(stdout), stderr: String(stderr) });
      },
    );
  });
}

let dir: string;
let clean: CertifyResult;
let faulty: CertifyResult;
const reportOf = (r: CertifyResult) => r.report!;
const config = (flags: Record<string, string | boolean> = {}) =>
  loadConfig({
    env: {},
    dotenv: false,
    flags: { seed: 1, 'num-runs': 5, 'timeout-ms': 10000, 'report-dir': join(dir, 'reports'), ...flags },
  });
const resultsOf = (r: CertifyResult) => join(r.reportDir!, 'results.json');
const failed = (r: RunReport, statuses: string[]) =>
  r.checks
    .filter((c) => statuses.includes(c.status))
    .map((c) => c.id)
    .sort();

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'calcert-regression-'));
  expect(IDS.length).toBeGreaterThan(1);
  clean = await certify(config(), { ids: IDS });
  faulty = await certify(config(), { ids: IDS, reference: { fault: FAULT } });
});

afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('baseline comparison', () => {
  test('the clean baseline passes every check and the faulty run fails some (preconditions)', () => {
    expect(clean.exitCode).toBe(0);
    expect(
      reportOf(clean)
        .checks.map((c) => c.id)
        .sort(),
    ).toEqual(IDS);
    expect(failed(reportOf(clean), ['pass'])).toEqual(IDS);
    expect(faulty.exitCode).toBe(1);
    expect(reportOf(faulty).footer.verdict).toBe('not-certified');
    expect(failed(reportOf(faulty), ['fail', 'blocked', 'error']).length).toBeGreaterThan(0);
  });

  test('newly failing = exactly the checks that failed under the fault (strict: warnings too)', () => {
    const plain = compareReports(reportOf(clean), reportOf(faulty));
    expect(plain.newlyFailing.map((c) => c.id).sort()).toEqual(failed(reportOf(faulty), ['fail', 'blocked', 'error']));
    const strict = compareReports(reportOf(clean), reportOf(faulty), true);
    expect(strict.newlyFailing.map((c) => c.id).sort()).toEqual(
      failed(reportOf(faulty), ['fail', 'blocked', 'error', 'warn']),
    );
    expect(plain.added).toEqual([]);
    expect(plain.removed).toEqual([]);
  });

  test('calcert compare: exit 1 on the regression naming each newly failing check, 0 the other way round and for identical runs', async () => {
    const [forward, backward, same] = await Promise.all([
      calcert(['compare', resultsOf(clean), resultsOf(faulty)]),
      calcert(['compare', resultsOf(faulty), resultsOf(clean)]),
      calcert(['compare', resultsOf(clean), resultsOf(clean)]),
    ]);
    expect(forward.code, forward.stderr).toBe(1);
    for (const id of failed(reportOf(faulty), ['fail', 'blocked', 'error']))
      expect(forward.stdout).toMatch(new RegExp(`^  must +${id.replace(/\./g, '\\.')} +pass -> `, 'm'));
    expect(forward.stdout).toMatch(/^REGRESSION: /m);
    expect(backward.code, backward.stderr).toBe(0);
    expect(backward.stdout).toMatch(/^newly passing \(\d+\):$/m);
    expect(same.code, same.stderr).toBe(0);
    expect(same.stdout).toMatch(/^no changes/m);
  });

  test('calcert compare --strict also fails on new warnings', async () => {
    const warned = failed(reportOf(faulty), ['warn']);
    const r = await calcert(['compare', '--strict', resultsOf(clean), resultsOf(faulty)]);
    expect(r.code, r.stderr).toBe(1);
    for (const id of warned) expect(r.stdout).toContain(id);
  });

  test('calcert compare: an input that is not results.json format 1 is one line on stderr and exit 2', async () => {
    const bad = join(dir, 'not-results.json');
    writeFileSync(bad, JSON.stringify({ format: 1, checks: 'x' }));
    const [notReport, missing, oneArg] = await Promise.all([
      calcert(['compare', resultsOf(clean), bad]),
      calcert(['compare', resultsOf(clean), join(dir, 'missing.json')]),
      calcert(['compare', resultsOf(clean)]),
    ]);
    for (const r of [notReport, missing, oneArg]) {
      expect(r.code).toBe(2);
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
      expect(r.stderr).not.toMatch(/\bat .*\.ts:\d+/);
    }
    expect(notReport.stderr).toMatch(/is not a calcert results\.json \(format 1\)/);
  });

  test("certify --baseline: exit 1 on the regression, the changes lead summary.md, the verdict is the run's own", async () => {
    const r = await certify(config({ baseline: resultsOf(clean) }), { ids: IDS, reference: { fault: FAULT } });
    expect(r.exitCode).toBe(1);
    expect(r.report!.footer.verdict).toBe('not-certified');
    expect(r.gate?.comparison?.newlyFailing.map((c) => c.id).sort()).toEqual(
      failed(reportOf(faulty), ['fail', 'blocked', 'error']),
    );
    expect(r.gate?.text).toMatch(/^changes since baseline: /);
    const summary = readFileSync(join(r.reportDir!, 'summary.md'), 'utf8');
    expect(summary).toMatch(/^# calcert: not-certified\n\n## Changes since the baseline\n/);
    const again = await certify(config({ baseline: resultsOf(faulty) }), { ids: IDS, reference: { fault: FAULT } });
    expect(again.exitCode).toBe(0);
    expect(again.report!.footer.verdict).toBe('not-certified');
  });
});

describe('expectations', () => {
  test("a file listing the faulty run's failures turns exit 1 into 0; the verdict stays not-certified", async () => {
    const failing = failed(reportOf(faulty), ['fail', 'warn', 'blocked', 'error']);
    const file = join(dir, 'expect-faulty.json');
    writeFileSync(
      file,
      JSON.stringify({
        format: 1,
        expectations: Object.fromEntries(failing.map((id) => [id, { reason: `fault ${FAULT} (self-test)` }])),
      }),
    );
    const r = await certify(config({ expect: file }), { ids: IDS, reference: { fault: FAULT } });
    expect(r.exitCode).toBe(0);
    expect(r.report!.footer.verdict).toBe('not-certified');
    expect(failed(r.report!, ['expected-fail'])).toEqual(failing);
    for (const c of r.report!.checks.filter((x) => x.status === 'expected-fail'))
      expect(c.expectation).toBe(`fault ${FAULT} (self-test)`);
    // Without the file the same run fails.
    expect(faulty.exitCode).toBe(1);
  });

  test('a listed check that passes is stale and an unknown ID is reported: exit 1, verdict unchanged; --allow-stale exits 0', async () => {
    const file = join(dir, 'expect-stale.json');
    const onlyStale = join(dir, 'expect-stale-only.json');
    writeFileSync(
      file,
      JSON.stringify({
        format: 1,
        expectations: {
          'root.doc.answers': { reason: 'was broken once' },
          'root.doc.no-such-check': { reason: 'typo' },
        },
      }),
    );
    writeFileSync(
      onlyStale,
      JSON.stringify({ format: 1, expectations: { 'root.doc.answers': { reason: 'was broken once' } } }),
    );
    const args = (expectFile: string, reports: string) => [
      'certify',
      '--grep',
      '^root\\.doc\\.',
      '--seed',
      '1',
      '--num-runs',
      '5',
      '--report-dir',
      join(dir, reports),
      '--expect',
      expectFile,
    ];
    // The unknown ID matches --grep, so it is known to be unknown without listing every check.
    const [strict, allowed] = await Promise.all([
      calcert(args(file, 'cli-stale')),
      calcert([...args(onlyStale, 'cli-allowed'), '--allow-stale']),
    ]);
    expect(strict.code, strict.stderr).toBe(1);
    expect(strict.stdout).toMatch(/^STALE root\.doc\.answers: passes now; remove it from the expectations$/m);
    expect(strict.stdout).toMatch(/^UNKNOWN root\.doc\.no-such-check: /m);
    expect(strict.stdout).toMatch(/^PARTIAL: /m); // a --grep run is partial (issue 16)
    const report = JSON.parse(readFileSync(join(dir, 'cli-stale/latest/results.json'), 'utf8')) as RunReport;
    expect(report.footer.verdict).toBe('partial');
    expect(report.checks.find((c) => c.id === 'root.doc.answers')?.status).toBe('stale-expectation');
    expect(allowed.code, allowed.stderr).toBe(0);
    expect(allowed.stdout).toMatch(/^STALE root\.doc\.answers: .*\(allowed by --allow-stale\)$/m);
    expect(allowed.stdout).toMatch(/^PARTIAL: /m);
  });

  test('a bad expectations file stops certify before any request: one line, exit 2', async () => {
    const file = join(dir, 'expect-bad.json');
    writeFileSync(file, JSON.stringify({ format: 1, expectations: { 'root.doc.answers': {} } }));
    const r = await calcert(['certify', '--expect', file, '--report-dir', join(dir, 'never')]);
    expect(r.code).toBe(2);
    expect(r.stderr.trim().split('\n')).toEqual([
      expect.stringMatching(
        /^calcert: --expect .*expect-bad\.json: root\.doc\.answers: "reason" must be a non-empty string/,
      ),
    ]);
    expect(r.stdout).not.toMatch(/embedded reference server/);
  });
});

describe('calcert diff', () => {
  const servers: ReferenceServer[] = [];
  const start = async (password: string, fault?: string) => {
    const s = await startReferenceServer({
      variant: 'extended',
      port: 0,
      user: 'admin',
      password,
      seedFixtures: true,
      ...(fault ? { fault } : {}),
    });
    servers.push(s);
    return s;
  };
  afterAll(async () => {
    await Promise.all(servers.map((s) => s.close()));
  });

  const diffArgs = (a: ReferenceServer, pa: string, b: ReferenceServer, pb: string, runTag: string) => [
    'diff',
    '--base-url',
    a.url,
    '--candidate-url',
    b.url,
    '--user',
    'admin',
    '--password',
    pa,
    '--candidate-user',
    'admin',
    '--candidate-password',
    pb,
    '--seed',
    '7',
    '--num-runs',
    '8',
    '--run-tag',
    runTag,
  ];

  /** No live run-tagged record left on a server. */
  async function residue(s: ReferenceServer, password: string, runTag: string): Promise<string[]> {
    const client = new Client({
      baseUrl: s.url,
      namespace: s.namespace,
      auth: { kind: 'basic', user: 'admin', password },
      timeoutMs: 10000,
      concurrency: 1,
    });
    const left: string[] = [];
    try {
      for (const r of ['events', 'venues', 'organizers', 'categories', 'tags']) {
        const res = await client.get(`/${r}`, {
          search: runTag,
          per_page: 50,
          ...(r === 'categories' || r === 'tags' ? { hide_empty: 0 } : { status: 'publish' }),
        });
        const records = field(res.json, r);
        for (const rec of Array.isArray(records) ? records : []) left.push(`${r}/${field(rec, 'id')}`);
      }
    } finally {
      await client.close();
    }
    return left;
  }

  test('two clean reference servers of the same variant: no difference, exit 0, writes cleaned up, no password printed', async () => {
    const [a, b] = await Promise.all([start('pw-alpha-1'), start('pw-beta-22')]);
    const r = await calcert(diffArgs(a, 'pw-alpha-1', b, 'pw-beta-22', 'ccdiffsame'));
    expect(r.code, `${r.stdout}\n${r.stderr}`).toBe(0);
    expect(r.stdout).toMatch(/ 0 different$/m);
    expect(r.stdout + r.stderr).not.toMatch(/pw-alpha-1|pw-beta-22/);
    // The write sequence ran on both sides and left nothing live.
    for (const s of [a, b]) expect(s.stats.byMethod['POST'] ?? 0).toBeGreaterThanOrEqual(5);
    for (const s of [a, b]) expect(s.stats.byMethod['DELETE'] ?? 0).toBeGreaterThanOrEqual(5);
    expect(await residue(a, 'pw-alpha-1', 'ccdiffsame')).toEqual([]);
    expect(await residue(b, 'pw-beta-22', 'ccdiffsame')).toEqual([]);
  });

  test('a clean server and one with per-page-ignored: differences with a curl line per side, exit 1', async () => {
    const [a, b] = await Promise.all([start('pw-alpha-1'), start('pw-gamma-3', 'per-page-ignored')]);
    const r = await calcert(diffArgs(a, 'pw-alpha-1', b, 'pw-gamma-3', 'ccdiffdiff'));
    expect(r.code, `${r.stdout}\n${r.stderr}`).toBe(1);
    expect(r.stdout).toMatch(/^\| \d+ \| events list: GET \/events\?per_page=2 \|/m);
    expect(r.stdout).toContain(`curl -sS -i -X GET '${a.url}/cal/events/v1/events?per_page=2'`);
    expect(r.stdout).toContain(`curl -sS -i -X GET '${b.url}/cal/events/v1/events?per_page=2'`);
    expect(r.stdout).toContain('$CAL_CANDIDATE_PASSWORD');
    expect(r.stdout + r.stderr).not.toMatch(/pw-alpha-1|pw-gamma-3/);
    expect(await residue(b, 'pw-gamma-3', 'ccdiffdiff')).toEqual([]);
  });

  test('an unusable candidate (nothing listening, wrong namespace) is one line and exit 2', async () => {
    const a = await start('pw-alpha-1');
    const [refused, wrongNs] = await Promise.all([
      calcert([
        'diff',
        '--base-url',
        a.url,
        '--candidate-url',
        'http://127.0.0.1:9/wp-json',
        '--seed',
        '1',
        '--num-runs',
        '1',
      ]),
      calcert([
        'diff',
        '--base-url',
        a.url,
        '--candidate-url',
        a.url,
        '--candidate-namespace',
        'tribe/events/v1',
        '--seed',
        '1',
        '--num-runs',
        '1',
      ]),
    ]);
    for (const r of [refused, wrongNs]) {
      expect(r.code, r.stdout).toBe(2);
      expect(
        r.stderr
          .trim()
          .split('\n')
          .filter((l) => l.startsWith('calcert:')),
      ).toHaveLength(1);
    }
  });
});
