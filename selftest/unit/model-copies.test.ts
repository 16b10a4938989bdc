/**
 * What the shadow model saves of its own work, against what it did before: a model answer's value
 * without its text (fixtures/reference-server/json-value.ts: JSON.parse(JSON.stringify(v))), an
 * excerpt's text written only as far as it is read (lib/spec/model/json-prefix.ts), and a check
 * judged only at the exchanges asked (judge.ts judgeCheck `only`: the spec's reading).
 */
import { test as propertyTest } from '@fast-check/vitest';
import fc from 'fast-check';
import { expect, test } from 'vitest';
import { jsonValue } from '../../fixtures/reference-server/json-value.ts';
import { jsonPrefix } from '../../lib/spec/model/json-prefix.ts';
import { type JudgeContext, judgeCheck, type TargetCheck, type TargetExchange } from '../../lib/spec/model/judge.ts';
import type { ModelAnswer } from '../../lib/spec/model/route.ts';

/** Values JSON.stringify treats apart: undefined, functions, symbols, -0, non-finite numbers, toJSON, Dates, boxed and odd keys. */
const odd = fc.constantFrom<unknown>(
  undefined,
  () => 1,
  Symbol('s'),
  -0,
  Number.NaN,
  Number.POSITIVE_INFINITY,
  new Date(0),
  { toJSON: (k: string) => `key ${k}` },
  new String('boxed'),
  new Number(3),
  '\ud800 lone',
  '\u2028\u0000"\\',
  JSON.parse('{"__proto__": {"x": 1}, "1": 2, "a": 3}'),
  Object.create(null),
);
const value = fc.letrec((tie) => ({
  v: fc.oneof(
    { depthSize: 'small' },
    fc.jsonValue(),
    odd,
    fc.array(tie('v'), { maxLength: 5 }),
    fc.dictionary(fc.oneof(fc.string(), fc.constantFrom('__proto__', '2', 'toJSON')), tie('v'), { maxKeys: 5 }),
  ),
})).v;

propertyTest.prop([value])('a value copied is JSON.parse(JSON.stringify(v))', (v) => {
  const text = JSON.stringify(v);
  const want = text === undefined ? undefined : JSON.parse(text);
  const got = jsonValue(v);
  expect(got).toStrictEqual(want);
  expect(JSON.stringify(got)).toBe(JSON.stringify(want));
});

test('a value no JSON can copy fails as JSON.stringify does', () => {
  const cycle: Record<string, unknown> = {};
  cycle['self'] = cycle;
  expect(() => jsonValue(cycle)).toThrow(TypeError);
  expect(() => jsonValue({ n: 1n })).toThrow(TypeError);
  // Deeper than the plain copy goes: through the text.
  let deep: unknown = 1;
  for (let i = 0; i < 500; i++) deep = [deep];
  expect(jsonValue(deep)).toStrictEqual(JSON.parse(JSON.stringify(deep)));
});

propertyTest.prop([value, fc.integer({ min: 0, max: 80 })])(
  "a prefix is JSON.stringify's text up to the limit, and longer only when the text is",
  (v, limit) => {
    const text = JSON.stringify(v);
    const got = jsonPrefix(v, limit);
    if (text === undefined || text.length <= limit) expect(got).toBe(text);
    else {
      expect((got as string).length).toBeGreaterThan(limit);
      expect((got as string).slice(0, limit)).toBe(text.slice(0, limit));
    }
  },
);

test('a long answer is written only a little past the limit', () => {
  const list = Array.from({ length: 1000 }, (_, i) => ({ id: i, title: `event ${i}` }));
  const got = jsonPrefix({ events: list }, 600) as string;
  expect(got.slice(0, 600)).toBe(JSON.stringify({ events: list }).slice(0, 600));
  expect(got.length).toBeLessThan(700);
});

const T = 'http://10.0.0.5:8883/wp-json';
const M = 'http://127.0.0.1:4001/wp-json';
const NS = 'tribe/events/v1';
const RUN = Date.parse('2026-11-28T16:24:00Z');
const ctx: JudgeContext = {
  target: { baseUrl: T, namespace: NS },
  model: { baseUrl: M, namespace: NS },
  runTag: 'cc1',
  window: [RUN, RUN],
  zone: 'UTC',
};
const venue = (root: string, id: number, extra: Record<string, unknown> = {}) => ({
  id,
  date: '2026-11-28 16:24:00',
  url: `${new URL(root).origin}/venue/cc1-v/`,
  rest_url: `${root}/${NS}/venues/${id}`,
  venue: 'cc1 v',
  slug: 'cc1-v',
  show_map: false,
  ...extra,
});
const json = { 'content-type': 'application/json; charset=UTF-8' };
const x = (method: string, route: string, status: number, body: unknown, sent?: string): TargetExchange => ({
  method,
  route,
  query: '',
  ...(sent ? { body: sent } : {}),
  headers: sent ? { 'content-type': 'application/json' } : ({} as Record<string, string>),
  auth: true,
  status,
  answerHeaders: json,
  json: body,
});
const gone = { code: 'rest_already_trashed', message: 'The venue has already been deleted.', data: { status: 410 } };
/** A venue made, read (the model's differs), deleted twice, read (the model's differs), with the model's answers. */
const check: TargetCheck = {
  check: 'venues.x.y',
  exchanges: [
    x('POST', '/venues', 201, venue(T, 237), '{"venue":"cc1 v"}'),
    x('GET', '/venues/237', 200, venue(T, 237, { show_map: true })),
    x('DELETE', '/venues/237', 200, { deleted: true, previous: venue(T, 237) }),
    x('DELETE', '/venues/237', 410, gone),
    x('GET', '/venues/237', 200, venue(T, 237)),
  ],
};
const answers: ModelAnswer[] = [
  { status: 201, headers: json, body: venue(M, 76) },
  { status: 200, headers: json, body: venue(M, 76) },
  { status: 200, headers: json, body: { deleted: true, previous: venue(M, 76) } },
  { status: 200, headers: json, body: { deleted: true, previous: venue(M, 76) } },
  { status: 404, headers: json, body: { code: 'rest_post_invalid_id', message: 'Invalid', data: { status: 404 } } },
];

test('a check judged at some exchanges only: those as judged in full (their pairs learned before), none after the last', async () => {
  const sent: number[] = [];
  const answerOf = async (_s: unknown, i: number) => {
    sent.push(i);
    return answers[i];
  };
  const full = await judgeCheck(check, answerOf, ctx);
  expect(full.map((j) => j.differences?.length ?? -1)).toEqual([0, 1, 0, 2, 2]);
  for (const only of [[1], [3], [1, 3], [4], [0, 4]]) {
    sent.length = 0;
    const part = await judgeCheck(check, answerOf, ctx, false, new Set(only));
    const last = Math.max(...only);
    expect(sent).toEqual([...Array(last + 1).keys()]);
    expect(part).toHaveLength(last + 1);
    for (const j of part) {
      if (!only.includes(j.index)) expect(j.differences).toBeUndefined();
      else {
        const { targetExcerpt: _t, modelExcerpt: _m, ...want } = full[j.index]!;
        expect(j).toEqual(want);
      }
    }
  }
});
