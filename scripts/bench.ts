/**
 * Benchmark (not a test): speed of a full certification and of a fleet's merge, reported and never asserted.
 *
 *   npm run bench [-- --repeat 5] [--variant extended|base] [--latency-ms 50] [--servers 4] [--concurrency 4,16,auto]
 *                 [--fleet 1000] [--fleet-from RESULTS.json] [--only certify|fleet]
 *
 * Each row runs `calcert certify` in a child process, `--repeat` times (default 5), and gives the
 * median (min-max) of: wall time (spawn to exit), requests (results.json), requests per second,
 * time to the first request at the target, time from the last answer to the exit, and the ratio
 * of the wall time to the floor: the same number of bare keep-alive GETs at the same concurrency
 * through the same proxy (for `auto`, at its ceiling).
 *
 * Rows, per variant:
 * - `embedded`: `calcert certify` with its embedded reference server (wall time and requests only:
 *   the target lives inside the child, so arrivals are not observable here);
 * - `proxy +N ms, c`: the reference server in this process behind a proxy that delays each answer
 *   by N ms (0 without --latency-ms), at each concurrency (default: auto only; with --latency-ms:
 *   4, 16 and auto). With --servers N the proxy serves N requests at once and queues the rest, as
 *   a server with N workers does (the original under PHP's built-in server has 4: issue 20 measures
 *   `--latency-ms 150 --servers 4 --concurrency auto`). Each row also counts the checks in `error`.
 * - `fleet N sites` (issue 39): `calcert report` of N results.json (default 1,000; `--fleet 0` skips
 *   it) into one fleet page: wall time of the command (spawn to exit, `--repeat` times, at most 3),
 *   the CPU time of the merge itself (in this process), the page's size and the inputs' size. The
 *   sites are made by scripts/fleet-sites.ts from one full run (`--fleet-from`, else a certification
 *   of the reference server with the fault missing-record-200: two must-failures, two warnings).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Agent, request } from 'undici';
import { type MeasuringProxy, startProxy } from '../fixtures/proxy.ts';
import { startReferenceServer } from '../fixtures/reference-server/index.ts';
import { runReport } from '../lib/commands/report.ts';
import type { RunReport } from '../lib/report/results.ts';
import { writeFleet } from './fleet-sites.ts';

const ROOT = resolve(fileURLToPath(import.meta.url), '../..');

function arg(name: string): string | undefined {
  const at = process.argv.indexOf(`--${name}`);
  return at > 0 ? process.argv[at + 1] : undefined;
}
const repeat = Number(arg('repeat') ?? 5);
const latencyMs = arg('latency-ms') === undefined ? undefined : Number(arg('latency-ms'));
const servers = arg('servers') === undefined ? undefined : Number(arg('servers'));
const variants = (arg('variant') ?? 'extended,base').split(',') as Array<'extended' | 'base'>;
const concurrencies = (arg('concurrency') ?? (latencyMs === undefined ? 'auto' : '4,16,auto')).split(',');
const AUTO_CEILING = 32;
const fleetSites = Number(arg('fleet') ?? 1000);
const only = arg('only');

interface Sample {
  wallMs: number;
  requests: number;
  firstMs?: number;
  exitMs?: number;
  concurrency?: string;
  verdict: string;
  /** Checks in `error` (unjudged or broken). */
  errors: number;
}

/** One `calcert certify` in a child process; the wall time is spawn to exit. */
async function runOnce(args: string[], proxy?: MeasuringProxy): Promise<Sample> {
  const reportDir = mkdtempSync(join(tmpdir(), 'calcert-bench-'));
  proxy?.reset();
  const started = performance.timeOrigin + performance.now();
  const child = spawn(
    process.execPath,
    ['bin/calcert.js', 'certify', '--seed', '1', '--features', 'premium,tickets', '--report-dir', reportDir, ...args],
    { cwd: ROOT, stdio: ['ignore', 'ignore', 'pipe'], env: { ...process.env, NO_COLOR: '1', CI: '1' } },
  );
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => {
    stderr += d.toString();
  });
  const code = await new Promise<number>((r) => child.on('exit', (c) => r(c ?? 1)));
  const ended = performance.timeOrigin + performance.now();
  const dir = readdirSync(reportDir).find((d) => /^\d{8}T/.test(d));
  if (!dir) throw new Error(`the run wrote no report (exit ${code}): ${stderr.slice(0, 500)}`);
  const report = JSON.parse(readFileSync(join(reportDir, dir, 'results.json'), 'utf8'));
  const c = report.header.concurrency;
  return {
    wallMs: ended - started,
    requests: report.header.requests,
    ...(proxy ? { firstMs: proxy.first - started, exitMs: ended - proxy.lastEnd } : {}),
    ...(c ? { concurrency: c.mode === 'auto' ? `auto ${c.min}-${c.max} mean ${c.mean}` : String(c.max) } : {}),
    verdict: report.footer.verdict,
    errors: (report.checks as Array<{ status: string }>).filter((c) => c.status === 'error').length,
  };
}

/** The floor: `n` bare keep-alive GETs of the namespace root at concurrency `c` through `url`. */
async function floorMs(url: string, n: number, c: number): Promise<number> {
  const agent = new Agent({ connections: c, keepAliveTimeout: 4000 });
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: c }, async () => {
      while (next++ < n) {
        const r = await request(url, { dispatcher: agent });
        await r.body.dump();
      }
    }),
  );
  const ms = performance.now() - started;
  await agent.close();
  return ms;
}

function stats(values: number[]): { median: number; min: number; max: number } {
  const s = [...values].sort((a, b) => a - b);
  return { median: s[Math.floor(s.length / 2)]!, min: s[0]!, max: s.at(-1)! };
}
const sec = (ms: number) => (ms / 1000).toFixed(2);
const fmt = (v: { median: number; min: number; max: number }, f: (n: number) => string) =>
  `${f(v.median)} (${f(v.min)}-${f(v.max)})`;

function line(label: string, samples: Sample[], floor?: number): string {
  const wall = stats(samples.map((s) => s.wallMs));
  const reqs = stats(samples.map((s) => s.requests));
  const rps = stats(samples.map((s) => s.requests / (s.wallMs / 1000)));
  const parts = [
    label.padEnd(22),
    `wall ${fmt(wall, sec)} s`,
    `requests ${fmt(reqs, (n) => String(n))}`,
    `${fmt(rps, (n) => n.toFixed(0))} req/s`,
  ];
  if (samples[0]?.firstMs !== undefined) {
    parts.push(`first request ${fmt(stats(samples.map((s) => s.firstMs!)), sec)} s`);
    parts.push(`last answer to exit ${fmt(stats(samples.map((s) => s.exitMs!)), sec)} s`);
  }
  if (floor) parts.push(`floor ${sec(floor)} s, ratio ${(wall.median / floor).toFixed(2)}`);
  const conc = samples.at(-1)?.concurrency;
  if (conc) parts.push(`concurrency ${conc}`);
  const verdicts = [...new Set(samples.map((s) => s.verdict))].join('/');
  parts.push(`${verdicts}, error ${fmt(stats(samples.map((s) => s.errors)), String)}`);
  return parts.join(' | ');
}

console.log(
  `calcert bench: ${repeat} runs per row, ${availableParallelism()} cores, load average ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
);
for (const variant of only === 'fleet' ? [] : variants) {
  // Embedded: the real thing the goal is about.
  if (latencyMs === undefined) {
    const samples: Sample[] = [];
    for (let i = 0; i < repeat; i++) samples.push(await runOnce(['--variant', variant]));
    console.log(line(`${variant} embedded`, samples));
  }
  // Behind the (delaying) proxy: first request, exit, floor.
  const ref = await startReferenceServer({
    variant,
    port: 0,
    user: 'bench',
    password: 'bench-pass-1',
    seedFixtures: true,
    features: ['premium', 'tickets'],
  });
  const fixturesFile = join(mkdtempSync(join(tmpdir(), 'calcert-bench-fx-')), 'fixtures.json');
  writeFileSync(fixturesFile, JSON.stringify(ref.fixtures));
  const proxy = await startProxy(new URL(ref.url), {
    delayMs: latencyMs ?? 0,
    ...(servers ? { servers } : {}),
  });
  try {
    for (const c of concurrencies) {
      const samples: Sample[] = [];
      for (let i = 0; i < repeat; i++)
        samples.push(
          await runOnce(
            [
              '--base-url',
              proxy.url,
              '--user',
              'bench',
              '--password',
              'bench-pass-1',
              '--fixtures',
              fixturesFile,
              '--variant',
              variant,
              '--concurrency',
              c,
            ],
            proxy,
          ),
        );
      const n = stats(samples.map((s) => s.requests)).median;
      const fc = c === 'auto' ? AUTO_CEILING : Number(c);
      proxy.reset();
      const floor = await floorMs(`${proxy.url}/${'cal/events/v1'}`, n, fc);
      console.log(line(`${variant} +${latencyMs ?? 0} ms${servers ? ` x${servers}` : ''} c=${c}`, samples, floor));
    }
  } finally {
    await proxy.close();
    await ref.close();
  }
}
if (fleetSites > 0 && only !== 'certify') await benchFleet(fleetSites);

/** The fleet row: `calcert report` of `n` sites' results into one page. */
async function benchFleet(n: number): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'calcert-bench-fleet-'));
  try {
    let from = arg('fleet-from');
    if (!from) {
      const ref = await startReferenceServer({
        variant: 'extended',
        port: 0,
        user: 'bench',
        password: 'bench-pass-1',
        seedFixtures: true,
        features: ['premium', 'tickets'],
        fault: 'missing-record-200',
      });
      try {
        const fixturesFile = join(dir, 'fixtures.json');
        writeFileSync(fixturesFile, JSON.stringify(ref.fixtures));
        const reportDir = join(dir, 'base');
        await runCli([
          'certify',
          '--seed',
          '1',
          '--features',
          'premium,tickets',
          '--report-dir',
          reportDir,
          '--base-url',
          ref.url,
          '--user',
          'bench',
          '--password',
          'bench-pass-1',
          '--fixtures',
          fixturesFile,
        ]);
        from = join(reportDir, 'latest', 'results.json');
      } finally {
        await ref.close();
      }
    }
    const base = JSON.parse(readFileSync(from, 'utf8')) as RunReport;
    const paths = writeFleet(base, n, join(dir, 'sites'));
    const inputMb = paths.reduce((sum, p) => sum + statSync(p).size, 0) / 1e6;
    const page = join(dir, 'fleet.html');
    const walls: number[] = [];
    const cpus: number[] = [];
    for (let i = 0; i < Math.min(repeat, 3); i++) {
      const before = childrenCpuMs();
      const started = performance.now();
      await runCli(['report', ...paths, '--html', page]);
      walls.push(performance.now() - started);
      const after = childrenCpuMs();
      if (before !== null && after !== null) cpus.push(after - before);
    }
    const cpu = process.cpuUsage();
    const started = performance.now();
    const write = process.stdout.write;
    process.stdout.write = (() => true) as never;
    try {
      runReport(paths, { html: page });
    } finally {
      process.stdout.write = write;
    }
    const inProcess = performance.now() - started;
    const used = process.cpuUsage(cpu);
    console.log(
      [
        `fleet ${n} sites`.padEnd(22),
        `wall ${fmt(stats(walls), sec)} s (calcert report, spawn to exit${cpus.length ? `; CPU ${fmt(stats(cpus), sec)} s` : ''})`,
        `merge in process ${sec(inProcess)} s wall, ${sec((used.user + used.system) / 1000)} s CPU`,
        `page ${(statSync(page).size / 1e6).toFixed(2)} MB`,
        `inputs ${inputMb.toFixed(0)} MB (${n} x ${(inputMb / n).toFixed(2)} MB, from ${base.checks.length} checks)`,
      ].join(' | '),
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * The CPU time (user + system, ms) of this process's ended children (Linux: /proc/self/stat's
 * cutime and cstime, in clock ticks of 10 ms), or null where it cannot be read. A busy machine
 * stretches the wall time; the CPU time is what the command costs.
 */
function childrenCpuMs(): number | null {
  try {
    const stat = readFileSync('/proc/self/stat', 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // Fields 16 and 17 of the line (cutime, cstime); the ones after ") " start at field 3.
    return (Number(fields[13]) + Number(fields[14])) * 10;
  } catch {
    return null;
  }
}

/** `calcert ARGS` in a child process; rejects unless it exits 0 or 1. */
async function runCli(args: string[]): Promise<void> {
  const child = spawn(process.execPath, ['bin/calcert.js', ...args], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'pipe'],
    env: { ...process.env, NO_COLOR: '1', CI: '1' },
  });
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => {
    stderr += d.toString();
  });
  const code = await new Promise<number>((r) => child.on('exit', (c) => r(c ?? 1)));
  if (code !== 0 && code !== 1) throw new Error(`calcert ${args[0]} exited ${code}: ${stderr.slice(0, 500)}`);
}

console.log(
  `load average at the end: ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
);
