/**
 * The public face of the check machinery: suites import from here. The pieces live in lib/check/:
 *  - meta.ts: metadata, validation, declaration source, applicability, per-check seeds;
 *  - declare.ts: `check()` (one conformance check = one vitest test carrying its metadata);
 *  - context.ts: `CheckContext`, what a check body works with;
 *  - outcome.ts: the pure classifier of a finished check (status, message, exchange, transport);
 *  - worker-client.ts: the run's config and the worker's client;
 *  - shared.ts: `sharedSetup()`, records several checks of a file only read, made once per file.
 */
export { check } from './declare.ts';
export { CheckContext } from './context.ts';
export { sharedSetup } from './shared.ts';
export {
  checkSeed,
  notApplicableReason,
  sourceFromStack,
  type CheckMeta,
  type CheckRecord,
} from './meta.ts';
export { Blocked, CheckFailure, classifyOutcome, CouldNotJudge, NotApplicable } from './outcome.ts';
