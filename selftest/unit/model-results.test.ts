/**
 * The model checks of a run stopped before the model ran (lib/certify/model-results.ts): every
 * selected one is in the report, unjudged (interrupted, never started), never a failure; n/a where
 * the variant rules it out.
 */
import { expect, test } from 'vitest';
import { unjudgedModelChecks } from '../../lib/certify/model-results.ts';

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
