// Ctrl-C is honoured in every phase (issue 14 point 9): a signal during the preflight stops it
// between two requests, nothing more is sent, exit 130; a signal before any step sends nothing.
import { spawn } from 'node:child_process';
import { createServer, request as httpRequest, type Server } from 'node:http';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { expect, test } from 'vitest';
import { Progress } from '../../lib/commands/progress.ts';
import { startReferenceServer } from '../../fixtures/reference-server/index.ts';
import { certify } from '../../lib/certify/certify.ts';
import { loadConfig } from '../../lib/run/config/load.ts';
import { bareEnv } from '../support/run-cli.ts';

const ROOT = resolve(import.meta.dirname, '../..');

test('an already aborted signal: exit 130, no request, no report', async () => {
  const controller = new AbortController();
  controller.abort();
  const config = loadConfig({ env: {}, dotenv: false, flags: { seed: 1, grep: '^root\\.' } });
  const result = await certify(config, { signal: controller.signal, writeReports: false });
  expect(result.exitCode).toBe(130);
  expect(result.report).toBeNull();
  expect(result.problem).toMatch(/interrupted before the preflight; nothing more was sent/);
});

test('SIGINT during the preflight: it stops, nothing more is sent, exit 130', async () => {
  const ref = await startReferenceServer({
    variant: 'extended',
    port: 0,
    user: 'admin',
    password: 'int-pass-1',
    seedFixtures: true,
  });
  const upstream = new URL(ref.url);
  // A slow proxy (each answer 400 ms late) that records when each request arrived.
  const arrivals: number[] = [];
  const proxy: Server = createServer((req, res) => {
    arrivals.push(Date.now());
    setTimeout(() => {
      const up = httpRequest(
        { host: upstream.hostname, port: upstream.port, path: req.url, method: req.method, headers: req.headers },
        (r) => {
          res.writeHead(r.statusCode ?? 502, r.headers);
          r.pipe(res);
        },
      );
      req.pipe(up);
    }, 400);
  });
  await new Promise<void>((r) => proxy.listen(0, '127.0.0.1', r));
  const port = (proxy.address() as { port: number }).port;
  try {
    const child = spawn(
      process.execPath,
      [join(ROOT, 'bin/calcert.js'), 'certify', '--base-url', `http://127.0.0.1:${port}/wp-json`],
      {
        cwd: mkdtempSync(join(tmpdir(), 'calcert-int-')),
        env: { ...bareEnv(), CAL_USER: 'admin', CAL_PASSWORD: 'int-pass-1', CAL_SEED: '1' },
      },
    );
    let stderr = '';
    child.stderr.on('data', (d) => {
      stderr += d;
    });
    // The first preflight request arrived: interrupt while it is being answered.
    const t0 = Date.now();
    while (!arrivals.length && Date.now() - t0 < 60_000) await new Promise((r) => setTimeout(r, 20));
    expect(arrivals.length).toBe(1);
    child.kill('SIGINT');
    const signalledAt = Date.now();
    const code = await new Promise<number | null>((r) => child.on('exit', r));
    expect(code).toBe(130);
    expect(stderr).toMatch(/interrupted during the preflight/);
    // Nothing sent after the signal (the request in flight was answered, no other followed).
    expect(arrivals.filter((t) => t > signalledAt)).toEqual([]);
    expect(arrivals.length).toBe(1);
  } finally {
    proxy.close();
    await ref.close();
  }
}, 90_000);

// Issue 31 point 7: an interrupted run reports its unjudged checks as unjudged, not as failures,
// and counts the checks that never started (their suite files never reached).
test('an interrupted run: every selected check is in the report; the unjudged are no failures', async () => {
  const grep = '^(venues|organizers)\\.';
  const { listChecks } = await import('../../lib/check/list.ts');
  const selected = (await listChecks()).filter((c) => new RegExp(grep).test(c.id));
  const reportDir = mkdtempSync(join(tmpdir(), 'calcert-interrupted-'));
  const config = loadConfig({ env: {}, dotenv: false, flags: { seed: 1, grep, 'report-dir': reportDir } });
  const controller = new AbortController();
  let seen = 0;
  // The terminal's progress, as the CLI drives it (issue 39 point 6: an early Ctrl-C printed one
  // "ERR ... before the check started" line per unjudged check, 676 of them).
  let terminal = '';
  const progress = new Progress({ tty: false, colour: false, write: (t) => (terminal += t) });
  const result = await certify(config, {
    signal: controller.signal,
    onResult: (r) => {
      progress.onResult(r);
      if (++seen === 3) controller.abort();
    },
  });
  progress.end();
  expect(result.exitCode).toBe(130);
  const unjudged = result.report!.checks.filter((c) => c.unjudged === 'interrupted');
  expect(unjudged.length).toBeGreaterThan(10);
  expect(terminal).not.toMatch(/before the check (started|ended)/);
  const said = terminal.split('\n').filter((l) => /not judged: the run was stopped/.test(l));
  expect(said).toEqual([
    expect.stringMatching(
      new RegExp(
        `^ERR  ${unjudged.length} checks not judged: .*\\(${unjudged.filter((c) => c.notStarted).length} never started`,
      ),
    ),
  ]);
  const report = result.report!;
  expect(report.checks.map((c) => c.id).sort()).toEqual(selected.map((c) => c.id).sort());
  const notStarted = report.checks.filter((c) => c.notStarted);
  expect(notStarted.length).toBeGreaterThan(0);
  for (const c of notStarted) expect(c).toMatchObject({ status: 'error', unjudged: 'interrupted' });
  const { verdictLine } = await import('../../lib/commands/certify.ts');
  expect(verdictLine(report)).toMatch(
    new RegExp(`^NOT-CERTIFIED: ${selected.length} checks, .* \\d+ error \\(${notStarted.length} not started\\)`),
  );
  const summary = readFileSync(join(result.reportDir!, 'summary.md'), 'utf8');
  const failures = /## Failures \(must\)([\s\S]*?)(\n## |$)/.exec(summary)?.[1] ?? '';
  expect(failures).not.toMatch(/, error\)/);
  expect(summary).toMatch(
    new RegExp(
      `## Unjudged \\(error\\): \\d+[\\s\\S]*Not started: the run stopped before them \\(${notStarted.length}\\)`,
    ),
  );
  const html = readFileSync(join(result.reportDir!, 'report.html'), 'utf8');
  const failSection = /<section data-section="Failures">([\s\S]*?)<\/section>/.exec(html)?.[1] ?? '';
  expect(failSection).not.toContain('data-status="error"');
  expect(html).toMatch(
    /<section data-section="Unjudged \(error\)"><h2>Unjudged \(error\) \(\d+\)<\/h2>\s*<p class="muted">\d+ of them never started/,
  );
});
