/**
 * The suites' vitest runner (vitest.config.ts `runner`): vitest's own, without what only `expect`
 * and snapshots use. No check calls expect or takes a snapshot (a check judges through its
 * CheckContext, lib/check/declare.ts), and vitest's runner paid for both in the worker: per suite
 * file a snapshot state (its snapshot file's path asked of the main thread) and its result sent
 * back, per test expect's state set, read and checked. What the runner does besides is kept: a
 * cancelled run skips what has not started, and the worker's current task is followed (for errors
 * outside a test).
 */
import type { Suite, Task, Test } from '@vitest/runner';
import { VitestTestRunner } from 'vitest/runners';

/** The base runner's own state this one keeps up (private in its types). */
interface RunnerState {
  cancelRun: boolean;
  workerState: { current?: Task };
}

export default class CheckRunner extends VitestTestRunner {
  private get state(): RunnerState {
    return this as unknown as RunnerState;
  }

  override async onBeforeRunSuite(suite: Suite): Promise<void> {
    if (this.state.cancelRun) suite.mode = 'skip';
    this.state.workerState.current = suite;
  }

  override async onAfterRunSuite(suite: Suite): Promise<void> {
    this.state.workerState.current = suite.suite || suite.file;
  }

  override onBeforeTryTask(): void {}

  override onAfterTryTask(_test: Test): void {}
}
