/**
 * lib/run/shadow.ts shadowText: a shadow line's exchange reads back (JSON.parse) as
 * JSON.stringify(shadowOf(...)) does, with the answer's own text in place of its value or not.
 */
import { describe, expect, test } from 'vitest';
import { answerJsonText, shadowOf, shadowText } from '../../lib/run/shadow.ts';
import type { Exchange } from '../../lib/types.ts';

describe('shadow.ts shadowText', () => {
  const exchange = (status?: number): Exchange => ({
    method: 'GET',
    url: 'http://h.test/wp-json/cal/events/v1/events/3',
    requestHeaders: { accept: 'application/json', authorization: '(redacted)' },
    ms: 4,
    retries: 0,
    curl: 'curl ...',
    ...(status === undefined ? {} : { status, responseHeaders: { 'content-type': 'application/json' } }),
  });
  const root = 'http://h.test/wp-json/cal/events/v1';
  const readBack = (text: string) => {
    const x = JSON.parse(text) as Record<string, unknown>;
    delete x.at;
    return x;
  };
  const written = (e: Exchange, json: unknown) => {
    const x = JSON.parse(JSON.stringify(shadowOf(e, undefined, json, root, 'tag'))) as Record<string, unknown>;
    delete x.at;
    return x;
  };

  test.each([
    ['a record', '{"id":3,"title":"a \\u00e9 \\/ b","n":[1,2.5,-3]}', true],
    ['a BOM before it', '\uFEFF{"id":3}', true],
    ['-0', '{"id":3,"x":-0}', false],
    ['-0.0 in a list', '[1, -0.0]', false],
    ['an exponent', '{"id":3,"x":1e400}', false],
    ['an underflow to -0', '{"x":-1e-400}', false],
    ['a line break', '{\n"id":3}', false],
    ['a date and digits before e in strings', '{"date":"2026-01-05 10:00:00","slug":"x1e5-0"}', true],
    ['a duplicate key', '{"id":3,"id":4}', true],
    ['__proto__', '{"__proto__":{"a":1}}', true],
  ])('%s', (_name, text, raw) => {
    const json = JSON.parse(text.replace(/^\uFEFF/, ''));
    const e = exchange(200);
    expect(answerJsonText(text) !== undefined).toBe(raw);
    expect(readBack(shadowText(e, { body: undefined, json, text }, root, 'tag'))).toEqual(written(e, json));
  });

  test('no answer, a text answer, an unused answer', () => {
    const e = exchange();
    expect(readBack(shadowText(e, undefined, root, 'tag'))).toEqual(written(e, undefined));
    const t = { ...exchange(500), responseExcerpt: '<html>' };
    expect(readBack(shadowText(t, { body: undefined, json: undefined }, root, 'tag'))).toEqual(written(t, undefined));
    const list = { ...exchange(200), url: 'http://h.test/wp-json/cal/events/v1/events' };
    const json = { events: [] };
    expect(readBack(shadowText(list, { body: undefined, json, text: '{"events":[]}' }, root, 'tag'))).toEqual(
      written(list, json),
    );
  });
});
