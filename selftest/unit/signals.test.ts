// Signals through wrappers (lib/run/signals.ts, issue 39 point 4): a wrapper's forwarded copy of a
// group signal is not the "second signal", and a changed parent process means the wrapper is gone.
import { expect, test } from 'vitest';
import { orphaned, SAME_STOP_MS, stopEvent } from '../../lib/run/signals.ts';

test.each([
  ['the first signal stops the run', undefined, 5_000, 'stop'],
  ['a copy 3 ms later (npm forwarding a group signal) is ignored', 5_000, 5_003, 'copy'],
  ['a copy just inside the window is ignored', 5_000, 5_000 + SAME_STOP_MS - 1, 'copy'],
  ['a signal at the window end is the second: exit at once', 5_000, 5_000 + SAME_STOP_MS, 'exit'],
  ['a second signal 4 s later exits at once', 5_000, 9_000, 'exit'],
] as const)('%s', (_name, firstAt, now, expected) => {
  expect(stopEvent(firstAt, now)).toBe(expected);
});

test.each([
  ['the same parent: not orphaned', 4321, 4321, false],
  ['the parent ended, adopted by init', 4321, 1, true],
  ['the parent ended, adopted by a subreaper', 4321, 77, true],
  ['started by init: nothing to watch', 1, 1, false],
  ['a container pid 1 (no parent): nothing to watch', 0, 0, false],
] as const)('%s', (_name, start, now, expected) => {
  expect(orphaned(start, now)).toBe(expected);
});
