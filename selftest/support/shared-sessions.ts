/**
 * Setup file of every self-test file (selftest/vitest.config.ts): the file's in-process
 * certifications that bring no session or signal of their own share kept run sessions
 * (lib/certify/shared-sessions.ts), closed when the file ends. A thread's start-up (Node's
 * bootstrap, vitest's runtime, the check library) and vitest's own cost about a CPU-second per
 * run; selftest/kept-threads.test.ts shows that runs on kept threads judge as runs on fresh ones.
 */
import { afterAll } from 'vitest';
import { closeSharedSessions, shareSessions } from '../../lib/certify/shared-sessions.ts';

shareSessions();
afterAll(() => closeSharedSessions());
