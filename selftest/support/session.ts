/**
 * One vitest session for the in-process runs of a self-test file, on worker threads kept between
 * its runs (lib/certify/kept-threads.ts), closed when the file ends. A thread's start-up (Node's
 * bootstrap, vitest's runtime, the check library) is most of a short run's CPU: a file of ten
 * one-check runs paid it thirty times. selftest/kept-threads.test.ts shows that runs on kept
 * threads judge as runs on fresh ones; the runs a signal or a deadline stops keep a fresh session.
 */
import { afterAll } from 'vitest';
import { RunSession } from '../../lib/certify/runner.ts';

export function keptSession(): RunSession {
  const session = new RunSession({ keepWorkers: true });
  afterAll(() => session.close());
  return session;
}
