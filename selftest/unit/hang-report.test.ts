// A self-test's child that outlives its bound is diagnosed, then killed (selftest/support/hang-report.ts):
// the diagnosis names the busy thread and the JavaScript stack of each Node process and its
// workers, and no process of the tree survives.
import { spawn } from 'node:child_process';
import { expect, test } from 'vitest';
import { processTree } from '../support/hang-report.ts';
import { run, tempDir } from '../support/run-cli.ts';

const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

test('a child past its bound: its threads, the stacks of its main thread and worker, then killed', async () => {
  const cwd = tempDir('hang');
  // The main thread waits on a timer; its worker spins in a named function.
  const script = `
    const { Worker } = require('node:worker_threads');
    new Worker('function spinForever() { for (;;) {} } spinForever();', { eval: true });
    console.log('pid', process.pid);
    setInterval(function waitingMainThread() {}, 1000);
  `;
  const result = await run(process.execPath, ['-e', script], { cwd, boundMs: 1500 });
  expect(result.code).toBe(-1);
  const pid = Number(/pid (\d+)/.exec(result.stdout)?.[1]);
  expect(pid).toBeGreaterThan(0);
  expect(result.stderr).toMatch(/did not end within 1500 ms/);
  expect(result.stderr).toMatch(new RegExp(`process ${pid}: .*node`));
  expect(result.stderr).toMatch(/threads \(CPU ticks/);
  expect(result.stderr).toMatch(/report of process \d+:/);
  // The worker's stack names the function it spins in.
  expect(result.stderr).toMatch(/spinForever/);
  expect(result.stderr).toMatch(/active handles: .*timer/);
  expect(alive(pid)).toBe(false);
}, 30_000);

test('processTree: a child and the processes under it; never this process, its ancestors, 0 or 1', async () => {
  // A shell that starts a sleeping grandchild.
  const child = spawn('sh', ['-c', 'sleep 30 & wait'], { stdio: 'ignore' });
  try {
    let tree: number[] = [];
    for (let i = 0; i < 50 && tree.length < 2; i++) {
      await new Promise((r) => setTimeout(r, 100));
      tree = processTree(child.pid!);
    }
    expect(tree[0]).toBe(child.pid);
    expect(tree.length).toBe(2);
  } finally {
    for (const p of processTree(child.pid!).reverse()) process.kill(p, 'SIGKILL');
  }
  for (const pid of [0, 1, -1, Number.NaN, process.pid, process.ppid])
    expect(processTree(pid), String(pid)).toEqual([]);
});

test('a program that does not start: its error, no diagnosis, at once', async () => {
  const started = Date.now();
  const result = await run('/nonexistent/program', [], { cwd: tempDir('hang'), boundMs: 500 });
  // Node gives a child that could not start the negative errno as its exit code (ENOENT: -2).
  expect(result.code).toBeLessThan(0);
  expect(result.stderr).not.toMatch(/did not end within/);
  expect(Date.now() - started).toBeLessThan(5000);
});
