// Unit tables of lib/spec/versions.ts: the version a run pins and the exact answer to a missing
// record it expects (6.8.0 and 4.6.8 measured 2026-11-28; the reference's defaults).
import { expect, test } from 'vitest';
import type { ApiResponse } from '../../lib/types.ts';
import { exactWrong, missingAnswer, pinnedVersion, REFERENCE_VERSION } from '../../lib/spec/versions.ts';

test.each([
  ['extended, no root version', 'extended', undefined, '6.8.0', 'variant'],
  ['base, no root version', 'base', undefined, '4.6.8', 'variant'],
  ['a version the table does not know', 'extended', '9.9.9', '6.8.0', 'variant'],
  ['the root names 4.6.8 on an extended run', 'extended', '4.6.8', '4.6.8', 'root'],
  ['the reference', 'base', REFERENCE_VERSION, REFERENCE_VERSION, 'root'],
] as const)('pinnedVersion: %s', (_, variant, root, version, source) => {
  expect(pinnedVersion(variant, root)).toEqual({ version, source });
});

const res = (status: number, json: unknown) =>
  ({ status, json, headers: {}, text: JSON.stringify(json) }) as ApiResponse;
const invalid = (param: string) =>
  res(400, {
    code: 'rest_invalid_param',
    message: `Invalid parameter(s): ${param}`,
    data: { status: 400, params: { [param]: 'Invalid parameter.' } },
  });
const notFound = (code: string) => res(404, { code, message: 'x', data: { status: 404 } });
const ORIGINAL = { version: '6.8.0', source: 'variant' } as const;
const REFERENCE = { version: REFERENCE_VERSION, source: 'root' } as const;

test.each([
  ['6.8.0 by ID', invalid('id'), '6.8.0', 'venue', 'id', ORIGINAL, true],
  ['6.8.0 by slug', invalid('slug'), '6.8.0', 'event', 'slug', ORIGINAL, true],
  ['4.6.8 by ID', invalid('id'), '4.6.8', 'tag', 'id', { version: '4.6.8', source: 'variant' }, true],
  ['a 404 where 6.8.0 answers 400', notFound('rest-venue-not-found'), '6.8.0', 'venue', 'id', ORIGINAL, false],
  ['400 naming another parameter', invalid('slug'), '6.8.0', 'venue', 'id', ORIGINAL, false],
  [
    '400 with another code',
    res(400, { code: 'rest_invalid_request', data: { status: 400, params: { id: 'x' } } }),
    '6.8.0',
    'venue',
    'id',
    ORIGINAL,
    false,
  ],
  ['the reference 404', notFound('rest-venue-not-found'), REFERENCE_VERSION, 'venue', 'id', REFERENCE, true],
  ['the reference, another code', notFound('rest_not_found'), REFERENCE_VERSION, 'venue', 'id', REFERENCE, false],
  ['the reference, a 400', invalid('id'), REFERENCE_VERSION, 'category', 'id', REFERENCE, false],
  [
    'not JSON',
    { status: 404, json: undefined, headers: {}, text: 'Not Found' } as unknown as ApiResponse,
    REFERENCE_VERSION,
    'tag',
    'id',
    REFERENCE,
    false,
  ],
] as const)('exactWrong: %s', (_, answer, version, kind, param, pinned, ok) => {
  const wrong = exactWrong(answer, missingAnswer(version, kind, param), pinned);
  expect(wrong === '').toBe(ok);
  if (!ok) expect(wrong).toMatch(/answers .*; .* answers /);
});

test('the message names the version and its answer', () => {
  expect(exactWrong(notFound('rest-venue-not-found'), missingAnswer('6.8.0', 'venue', 'id'), ORIGINAL)).toBe(
    'answers 404 rest-venue-not-found; 6.8.0, the original of this variant, answers 400 rest_invalid_param naming id',
  );
});
