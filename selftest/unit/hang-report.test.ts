// A self-test's child that outlives its bound is diagnosed, then killed (selftest/support/hang-report.ts):
// the diagnosis names the busy thread and the JavaScript stack of each Node process and its
// workers, and no process of the tree survives.
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

test('processTree: a process and the processes under it', async () => {
  const tree = processTree(process.pid);
  expect(tree[0]).toBe(process.pid);
  expect(new Set(tree).size).toBe(tree.length);
});
