// The observation gate (lib/check/gate.ts) and the order that makes it safe (lib/certify/sequencer.ts):
// checks outside suites/observe/ wait until every observation file ended, and the observation
// files are dispatched before any other.
import { expect, test } from 'vitest';
import { isObservationFile, observationEnded, observationGate, openGate, passGate } from '../../lib/check/gate.ts';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { observationsFirst } from '../../lib/certify/sequencer.ts';

const ROOT = resolve(fileURLToPath(import.meta.url), '../../..');

const settled = async (p: Promise<void>, ms = 120): Promise<boolean> =>
  Promise.race([p.then(() => true), new Promise<boolean>((r) => setTimeout(() => r(false), ms))]);

test('the gate opens when the last observation file ends, not before', async () => {
  const gate = observationGate(2);
  const waiting = passGate(gate);
  expect(await settled(waiting)).toBe(false);
  observationEnded(gate);
  expect(await settled(waiting)).toBe(false);
  observationEnded(gate);
  expect(await settled(waiting)).toBe(true);
  // Further ends (a file reported twice) keep it open and never go below zero.
  observationEnded(gate);
  expect(new Int32Array(gate)[0]).toBe(0);
});

test('no gate, a gate of no file and an opened gate let checks through at once', async () => {
  expect(await settled(passGate(undefined), 20)).toBe(true);
  expect(await settled(passGate(observationGate(0)), 20)).toBe(true);
  const gate = observationGate(5);
  const waiting = passGate(gate);
  openGate(gate);
  expect(await settled(waiting)).toBe(true);
});

test('the sequencer dispatches the observation files first, keeping the order within each part', async () => {
  const files = [
    'suites/events/a.test.ts',
    'suites/observe/x.test.ts',
    'suites/venues/b.test.ts',
    'suites/observe/y.test.ts',
  ].map((path) => ({ moduleId: `/repo/${path}` }));
  expect(observationsFirst(files).map((s) => s.moduleId.replace('/repo/', ''))).toEqual([
    'suites/observe/x.test.ts',
    'suites/observe/y.test.ts',
    'suites/events/a.test.ts',
    'suites/venues/b.test.ts',
  ]);
  // The suites' vitest config uses this sequencer.
  expect(String(readFileSync(join(ROOT, 'vitest.config.ts')))).toMatch(/sequencer: ObservationsFirst/);
  expect(isObservationFile({ moduleId: 'C:\\repo\\suites\\observe\\x.test.ts' })).toBe(true);
  expect(isObservationFile({ moduleId: '/repo/suites/events/observe.test.ts' })).toBe(false);
});
