// --strict and an unjudged should-check (issue 29, finding 10): a 502/503/504 turns a
// should-check's warning into `error` (unjudged, transient), which no verdict counts. Without
// --strict that is no failure of the run; under --strict it is no silent pass either: exit 1, and
// stderr names the check. The exit rule itself is table-tested (exitCodeOf, strictShortfall).
import { execFile } from 'node:child_process';
import { createServer, request, type Server } from 'node:http';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { expect, test } from 'vitest';
import { startReferenceServer } from '../../fixtures/reference-server/index.ts';
import { exitCodeOf } from '../../lib/certify/finish.ts';
import { strictShortfall, type CheckResult } from '../../lib/report/results.ts';
import { bareEnv } from '../support/run-cli.ts';

const ROOT = resolve(import.meta.dirname, '../..');

/** A proxy to `target` that answers 503 to every request whose path contains `/doc`. */
async function proxy503(target: string): Promise<{ url: string; server: Server }> {
  const to = new URL(target);
  const server = createServer((req, res) => {
    if ((req.url ?? '').includes('/doc')) {
      res.writeHead(503, { 'content-type': 'application/json', 'retry-after': '0' });
      res.end('{"code":"unavailable","message":"try later","data":{"status":503}}');
      return;
    }
    const fwd = request(
      { host: to.hostname, port: to.port, method: req.method, path: req.url, headers: req.headers },
      (up) => {
        res.writeHead(up.statusCode ?? 502, up.headers);
        up.pipe(res);
      },
    );
    req.pipe(fwd);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as { port: number }).port;
  return { url: `http://127.0.0.1:${port}${to.pathname}`, server };
}

async function run(url: string, strict: boolean, cwd: string) {
  return promisify(execFile)(
    process.execPath,
    [
      join(ROOT, 'bin/calcert.js'),
      'certify',
      '--base-url',
      url,
      '--grep',
      'root\\.doc\\.openapi-document$',
      ...(strict ? ['--strict'] : []),
    ],
    {
      cwd,
      env: { ...bareEnv(), CAL_USER: 'admin', CAL_PASSWORD: 'strict-unjudged-1', CAL_SEED: '1' },
      encoding: 'utf8',
      timeout: 120_000,
    },
  ).then(
    (ok) => ({ ...ok, status: 0 }),
    (e: { stdout: string; stderr: string; code: number }) => ({ stdout: e.stdout, stderr: e.stderr, status: e.code }),
  );
}

test('a should-check a 503 left unjudged: exit 0 without --strict, exit 1 with it, and stderr says why', async () => {
  const server = await startReferenceServer({
    variant: 'extended',
    port: 0,
    user: 'admin',
    password: 'strict-unjudged-1',
  });
  const { url, server: front } = await proxy503(server.url);
  const cwd = mkdtempSync(join(tmpdir(), 'calcert-strict-unjudged-'));
  try {
    const loose = await run(url, false, cwd);
    const results = JSON.parse(readFileSync(join(cwd, 'reports/latest/results.json'), 'utf8'));
    expect(results.checks.map((c: CheckResult) => `${c.id} ${c.level} ${c.status} ${c.unjudged}`)).toEqual([
      'root.doc.openapi-document should error transient',
    ]);
    expect(loose.status, loose.stderr).toBe(0);
    const strict = await run(url, true, cwd);
    expect(strict.status, strict.stdout).toBe(1);
    expect(strict.stderr).toMatch(
      /exit 1 under --strict: 1 should-check\(s\) were not judged \(error or blocked: root\.doc\.openapi-document\), which is no pass/,
    );
  } finally {
    await new Promise((r) => front.close(r));
    await server.close();
  }
});

test('--strict exits 1 on a should-check that warned, errored or was blocked; a must-check is the verdict’s', () => {
  const c = (level: 'must' | 'should', status: CheckResult['status']): CheckResult => ({
    id: `x.y.${level}-${status}`,
    title: '',
    spec: '',
    level,
    requirements: [],
    tags: [],
    status,
    duration: 0,
    file: 'f',
  });
  const table: Array<[CheckResult[], boolean, string, 0 | 1]> = [
    [[c('should', 'pass')], true, '', 0],
    [[c('should', 'warn')], true, '', 1],
    [[c('should', 'error')], true, '', 1],
    [[c('should', 'blocked')], true, '', 1],
    [[c('should', 'n/a')], true, '', 0],
    [[c('should', 'error')], false, '', 0],
    // With a baseline, --strict means "new warnings are regressions": the gate decides.
    [[c('should', 'error')], true, 'base.json', 0],
  ];
  for (const [checks, strict, baseline, want] of table)
    expect(
      exitCodeOf({
        signalled: false,
        strict,
        baseline,
        checks,
        verdict: 'certified',
        gateExit: baseline ? 0 : undefined,
      }),
      `${checks[0]?.id} strict=${strict} baseline=${baseline}`,
    ).toBe(want);
  expect(
    strictShortfall([c('should', 'warn'), c('should', 'error'), c('must', 'error'), c('should', 'blocked')]),
  ).toEqual({
    warned: ['x.y.should-warn'],
    unjudged: ['x.y.should-error', 'x.y.should-blocked'],
  });
});
