/**
 * Kept run sessions shared by the in-process certifications of one process, when switched on
 * (the self-tests: selftest/support/shared-sessions.ts, shared by the files of a worker process). A `certify()` given no
 * session of its own and no signal borrows an idle one, or makes one, and gives it back when the
 * run ends, so that the runs of a file reuse vitest and its worker threads (lib/certify/kept-threads.ts)
 * instead of paying their start-up each (about a CPU-second per thread). Two runs at once borrow
 * two sessions: a session serves one run at a time. A run that hit its deadline or threw gives its
 * session up (closed), so the next run starts clean; a run with a signal (the CLI, the interrupt
 * self-tests) keeps a session of its own, as before. Off (the default, `calcert certify`): every
 * run has a fresh session. No runtime imports: a test file that never certifies pays nothing.
 */
import type { RunSession } from './runner.ts';

let pool: { idle: RunSession[]; all: Set<RunSession> } | undefined;

/** Switch sharing on for this process (until closeSharedSessions). */
export function shareSessions(): void {
  pool ??= { idle: [], all: new Set() };
}

/** End every shared session and switch sharing off. */
export async function closeSharedSessions(): Promise<void> {
  const all = pool ? [...pool.all] : [];
  pool = undefined;
  await Promise.all(all.map((s) => s.close()));
}

/** An idle shared session, or a new one from `make`; undefined when sharing is off. */
export function borrowSession(make: () => RunSession): RunSession | undefined {
  if (!pool) return undefined;
  const session = pool.idle.pop() ?? make();
  pool.all.add(session);
  return session;
}

/** Give a borrowed session back: idle for the next run if `clean`, else closed. */
export async function returnSession(session: RunSession, clean: boolean): Promise<void> {
  if (pool?.all.has(session) && clean) {
    pool.idle.push(session);
    return;
  }
  pool?.all.delete(session);
  await session.close();
}
