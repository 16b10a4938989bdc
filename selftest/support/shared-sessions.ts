/**
 * Setup file of every self-test file (selftest/vitest.config.ts): the in-process certifications
 * that bring no session or signal of their own share kept run sessions
 * (lib/certify/shared-sessions.ts) with every file after them in the same worker process
 * (`isolate: false`), not only within their file. A session's start-up (vitest's instance, a
 * worker thread: Node's bootstrap, vitest's runtime, the check library and the suite files it
 * loads) cost each file again: 0.6 to 1 CPU-second for a one-check run, about 3 for a full one
 * (measured 2026-11-29). selftest/kept-threads.test.ts shows that runs on kept threads judge as
 * runs on fresh ones; a run that hit its deadline or threw gives its session up (closed). The
 * idle sessions end with the worker process (vitest stops it when the files are done).
 */
import { shareSessions } from '../../lib/certify/shared-sessions.ts';

shareSessions();
