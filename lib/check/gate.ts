/**
 * The observation gate: observation checks (suites/observe/) compare the target's own records
 * with what one crawl learned, so no check may write while they run. They used to run as a vitest
 * run of their own before the rest, which started the worker pool twice (about 1.5 s on two
 * cores, more against a slow target). Now both run in one vitest run: the runner dispatches the
 * observation files first and opens the gate when the last of them has ended; every other check
 * waits at the gate before its first request. A worker holding a waiting file only awaits, so the
 * observation files, dispatched before any other, always find a worker (no deadlock).
 */

import { waitAsync } from '../run/limiter.ts';

const OBSERVE_DIR = 'suites/observe/';

/** Whether a suite file holds observation checks (the runner counts them, their checks pass the gate). */
export function isObservationFile(spec: { moduleId: string }): boolean {
  return spec.moduleId.replaceAll('\\', '/').includes(`/${OBSERVE_DIR}`);
}

/** A gate of `pending` observation files, in shared memory (the runner provides it to every worker). */
export function observationGate(pending: number): SharedArrayBuffer {
  const sab = new SharedArrayBuffer(Int32Array.BYTES_PER_ELEMENT);
  Atomics.store(new Int32Array(sab), 0, Math.max(0, pending));
  return sab;
}

/** One observation file has ended (runner side): the last one opens the gate. */
export function observationEnded(gate: SharedArrayBuffer): void {
  const cell = new Int32Array(gate);
  if (Atomics.load(cell, 0) <= 0) return;
  if (Atomics.sub(cell, 0, 1) <= 1) Atomics.notify(cell, 0);
}

/** Open the gate whatever is pending (runner side: the run ended or was cancelled). */
export function openGate(gate: SharedArrayBuffer): void {
  const cell = new Int32Array(gate);
  Atomics.store(cell, 0, 0);
  Atomics.notify(cell, 0);
}

/** Wait until the gate is open (worker side); no gate, or an open one, returns at once. */
export async function passGate(gate: SharedArrayBuffer | undefined): Promise<void> {
  if (!gate) return;
  const cell = new Int32Array(gate);
  for (;;) {
    const pending = Atomics.load(cell, 0);
    if (pending <= 0) return;
    // Re-checked at least every 50 ms: a notify between the load and the wait is never lost for long.
    const waited = waitAsync(cell, 0, pending, 50);
    if (waited.async) await waited.value;
  }
}
