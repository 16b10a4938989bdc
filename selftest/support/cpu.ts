/**
 * Opt-in (CALCERT_SELFTEST_CPU=FILE, see selftest/vitest.config.ts): appends one JSON line per
 * self-test file to FILE with the CPU-seconds (user + system) of its worker process, its own and
 * that of the child processes it waited for (certify runs, packed installs, reference servers):
 * /proc/self/stat's utime, stime, cutime and cstime. How the per-file figures of the README's
 * budget are measured; Linux only (elsewhere it writes nothing).
 */
import { appendFileSync, readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { afterAll, expect } from 'vitest';

const TICK = 100; // USER_HZ: the unit of /proc's times on every Linux build

/**
 * CPU-seconds of this process: [own, children it waited for, user of both, system of both], or
 * undefined off Linux.
 */
function cpu(): [number, number, number, number] | undefined {
  let stat: string;
  try {
    stat = readFileSync('/proc/self/stat', 'utf8');
  } catch {
    return undefined;
  }
  const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // After the name: state is field 3, so utime (14), stime (15), cutime (16), cstime (17).
  const [u, s, cu, cs] = [f[11], f[12], f[13], f[14]].map((x) => Number(x) / TICK);
  return [u! + s!, cu! + cs!, u! + cu!, s! + cs!];
}

// The setup file runs again before each file, and files share a worker process (isolate: false,
// selftest/vitest.config.ts): `own` and `children` are the process's so far, and `sinceSetup` is
// the file's own.
const start = cpu();
const out = process.env['CALCERT_SELFTEST_CPU'];

afterAll(() => {
  const file = expect.getState().testPath;
  const end = cpu();
  if (!out || !start || !end) return;
  const line = {
    file: relative(process.cwd(), file ?? '?'),
    pid: process.pid,
    own: +end[0].toFixed(2),
    children: +end[1].toFixed(2),
    sinceSetup: +(end[0] + end[1] - start[0] - start[1]).toFixed(2),
    // The file's own, split: where system time goes (process start-ups, installs, file writes).
    user: +(end[2] - start[2]).toFixed(2),
    system: +(end[3] - start[3]).toFixed(2),
  };
  appendFileSync(out, JSON.stringify(line) + '\n');
});
