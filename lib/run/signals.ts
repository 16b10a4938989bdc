/**
 * The CLI parent owns SIGINT/SIGTERM (vitest would otherwise handle SIGINT itself): the first
 * signal aborts the run, which stops the checks, lets cleanup and the partial report happen and
 * exits 130; a second signal exits at once.
 *
 * Through a wrapper (issue 39 point 4; measured with npm 11.19 and dash as sh):
 * - A signal to the whole process group (Ctrl-C, `timeout`, `kill -- -PGID`) reaches calcert and
 *   the wrapper, and npm forwards its copy to its child: calcert gets the same stop twice within
 *   milliseconds. A signal within SAME_STOP_MS of the first is that copy, never the "second signal".
 * - `npx calcert` runs the bin under `sh -c`, which dies of a SIGTERM that npm forwards to it and
 *   passes nothing on: calcert is orphaned (its parent process changes) and would certify to the
 *   end. It watches its parent, and stops as on a signal when the parent is gone.
 */
import { cleanupCommand } from './config/replay.ts';
import type { Config } from './config/model.ts';

/** A signal this soon after the first is the wrapper's forwarded copy of it (see above). */
export const SAME_STOP_MS = 1000;
/** How often the parent process is looked at (process.ppid reads it anew each time). */
const PARENT_POLL_MS = 250;

/**
 * What a stop event means, given when the first came (undefined: none yet). Pure.
 * 'stop': the first (stop the run, clean up); 'copy': a wrapper's copy of the first (ignored);
 * 'exit': a second signal (exit at once, without cleanup).
 */
export function stopEvent(firstAt: number | undefined, now: number): 'stop' | 'copy' | 'exit' {
  if (firstAt === undefined) return 'stop';
  return now - firstAt < SAME_STOP_MS ? 'copy' : 'exit';
}

/**
 * Whether the process that started calcert has ended: the parent pid changed (to init or a
 * subreaper). A process started by init (parent 1) or with no parent (a container's pid 1) has
 * nothing to watch. Pure.
 */
export function orphaned(startParent: number, parentNow: number): boolean {
  return startParent > 1 && parentNow !== startParent;
}

export async function runWithSignals<T>(config: Config, fn: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const controller = new AbortController();
  let firstAt: number | undefined;
  const stop = (what: string) => {
    const event = stopEvent(firstAt, Date.now());
    if (event === 'copy') return;
    if (event === 'exit') {
      const line = cleanupCommand(config);
      process.stderr.write(
        line
          ? `calcert: ${what} again, exiting without cleanup; to remove what the run left, run: ${line}\n`
          : `calcert: ${what} again, exiting without cleanup (the embedded reference server goes with the run)\n`,
      );
      process.exit(130);
    }
    firstAt = Date.now();
    process.stderr.write(`calcert: ${what}: stopping the run, cleaning up and writing a partial report...\n`);
    controller.abort();
  };
  const onSignal = (sig: NodeJS.Signals) => stop(sig);
  const startParent = process.ppid;
  const watch = setInterval(() => {
    if (!orphaned(startParent, process.ppid)) return;
    clearInterval(watch);
    stop(`its parent process (pid ${startParent}) ended (a wrapper such as npx got a signal)`);
  }, PARENT_POLL_MS);
  watch.unref();
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  try {
    return await fn(controller.signal);
  } finally {
    clearInterval(watch);
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  }
}
