/**
 * The model checks of a run stopped before the model ran (lib/certify/model-results.ts): every
 * selected one is in the report, unjudged (interrupted, never started), never a failure; n/a where
 * the variant rules it out. A run whose recording lost checks that sent requests: the model checks
 * that found no difference are unjudged, never a pass.
 */
import { expect, test } from 'vitest';
import { modelCheckResults, unjudgedModelChecks, unrecordedChecks } from '../../lib/certify/model-results.ts';
import type { CheckResult } from '../../lib/report/results.ts';
import type { ShadowCheck } from '../../lib/run/shadow.ts';
import type { JudgedExchange } from '../../lib/spec/model/judge.ts';

test.each<[string, 'base' | 'extended', (id: string) => boolean, Record<string, string>]>([
  ['one selected (extended)', 'extended', (id) => id === 'venues.read.model', { 'venues.read.model': 'error' }],
  [
    'an extended-only one on base is n/a',
    'base',
    (id) => id.startsWith('venues.by-slug') || id === 'events.by-slug.model',
    { 'events.by-slug.model': 'error', 'venues.by-slug.model': 'n/a' },
  ],
  ['none selected', 'extended', () => false, {}],
])('a stopped run: %s', (_name, variant, selected, expected) => {
  const got = unjudgedModelChecks({ variant, selected });
  expect(Object.fromEntries(got.map((c) => [c.id, c.status]))).toEqual(expected);
  for (const c of got.filter((c) => c.status === 'error'))
    expect(c).toMatchObject({
      unjudged: 'interrupted',
      notStarted: true,
      message: expect.stringMatching(/could not judge/),
    });
});

const ran = (id: string, requests: number): CheckResult =>
  ({
    id,
    title: 't',
    file: 'f',
    level: 'must',
    tags: [],
    requirements: [],
    spec: 's',
    status: 'pass',
    duration: 1,
    requests,
  }) as CheckResult;

test.each<[string, CheckResult[], string[], string[]]>([
  ['every check that sent requests recorded', [ran('a.x', 3), ran('b.x', 1)], ['a.x', 'b.x'], []],
  ['a check that sent none needs no recording', [ran('a.x', 3), ran('c.x', 0)], ['a.x'], []],
  [
    'the recording lost two checks (its folder removed mid-run)',
    [ran('a.x', 3), ran('b.x', 2), ran('c.x', 1)],
    ['c.x'],
    ['a.x', 'b.x'],
  ],
])('unrecordedChecks: %s', (_name, checks, recorded, expected) => {
  expect(unrecordedChecks(checks, recorded)).toEqual(expected);
});

const compared = (check: string, differences: JudgedExchange['differences']): JudgedExchange => ({
  check,
  index: 0,
  method: 'GET',
  path: '/venues/1',
  modelCheck: 'venues.read.model',
  differences,
});
const differs: JudgedExchange['differences'] = [
  { kind: 'value', at: 'venue', field: 'venue', target: 'a', model: 'b', level: 'should' },
];

test.each<[string, JudgedExchange[], string[], string]>([
  ['all identical, nothing lost', [compared('venues.read.x', [])], [], 'pass'],
  ['all identical, checks lost: unjudged', [compared('venues.read.x', [])], ['events.create.y'], 'error'],
  ['a difference, checks lost: still warns', [compared('venues.read.x', differs)], ['events.create.y'], 'warn'],
])('modelCheckResults: %s', (_name, judged, unrecorded, status) => {
  const [r] = modelCheckResults(judged, [{ check: 'venues.read.x', exchanges: [] } as ShadowCheck], {
    variant: 'extended',
    baseUrl: 'http://h/wp-json',
    namespace: 'cal/events/v1',
    selected: (id) => id === 'venues.read.model',
    unrecorded,
  });
  expect(r?.status).toBe(status);
  if (unrecorded.length) expect(r?.message).toMatch(/left no recording for the model \(e\.g\. events\.create\.y\)/);
  if (status === 'error') expect(r?.unjudged).toBe('no-evidence');
});
