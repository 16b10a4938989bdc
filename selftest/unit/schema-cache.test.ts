/**
 * Unit tests of lib/spec/schema-cache.ts: a kept validator judges and words its errors as a freshly
 * compiled one, a kept file that does not load is compiled again and rewritten, and the file is
 * named by the schema and the options.
 */
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Ajv } from 'ajv';
import { afterAll, describe, expect, test, vi } from 'vitest';
import { cachedSchemaFile, cachedValidator, schemaCacheDir } from '../../lib/spec/schema-cache.ts';
import { SCHEMAS } from '../../lib/spec/schemas.ts';

const OPTIONS = { allErrors: true, strict: false, code: { optimize: false, source: true } };
const dir = mkdtempSync(join(tmpdir(), 'calcert-schema-cache-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const noCompile = () => {
  throw new Error('compiled although a kept validator was there');
};

const BODIES: Array<[string, unknown]> = [
  ['a valid event', { id: 1, title: 'x' }],
  ['keys of the wrong type', { id: 'one', title: 3, start_date: null }],
  ['an empty object', {}],
  ['a list', [{}]],
  ['null', null],
];

describe('a kept validator', () => {
  const schema = SCHEMAS['event.contract'] as object;
  const fresh = new Ajv({ allErrors: true, strict: false, code: { optimize: false } }).compile(schema);
  cachedValidator(() => new Ajv(OPTIONS), OPTIONS, schema, dir);
  const kept = cachedValidator(noCompile, OPTIONS, schema, dir);

  test.each(BODIES)('judges %s as a compiled one, with the same errors', (_, body) => {
    expect(kept(body)).toBe(fresh(body));
    expect(kept.errors ?? null).toEqual(fresh.errors ?? null);
  });
});

describe('the kept file', () => {
  test('one that does not load (cut short) is compiled again and rewritten', () => {
    const schema = { type: 'object', required: ['a'] };
    const file = cachedSchemaFile(dir, OPTIONS, schema);
    writeFileSync(file, 'module.exports = (function validate(');
    const fn = cachedValidator(() => new Ajv(OPTIONS), OPTIONS, schema, dir);
    expect(fn({})).toBe(false);
    expect(readFileSync(file, 'utf8')).toMatch(/module\.exports/);
    expect(cachedValidator(noCompile, OPTIONS, schema, dir)({ a: 1 })).toBe(true);
    expect(readdirSync(dir).filter((f) => f.endsWith('.tmp'))).toEqual([]);
  });

  test('is named by the schema and the options', () => {
    const a = { type: 'string' };
    expect(cachedSchemaFile(dir, OPTIONS, a)).toBe(cachedSchemaFile(dir, { ...OPTIONS }, { type: 'string' }));
    expect(cachedSchemaFile(dir, OPTIONS, a)).not.toBe(cachedSchemaFile(dir, OPTIONS, { type: 'number' }));
    expect(cachedSchemaFile(dir, OPTIONS, a)).not.toBe(cachedSchemaFile(dir, { ...OPTIONS, allErrors: false }, a));
  });

  test('without a cache folder every validator is compiled', () => {
    let made = 0;
    const make = () => {
      made++;
      return new Ajv(OPTIONS);
    };
    const fn = cachedValidator(make, OPTIONS, { type: 'integer' }, null);
    expect(fn(1)).toBe(true);
    expect(made).toBe(1);
  });
});

describe('the cache folder', () => {
  test("is this user's own, closed to others: code in a folder others may write is never run", () => {
    vi.stubEnv('CALCERT_CACHE_ROOT', dir);
    try {
      const own = join(dir, `calcert-schemas-${process.getuid?.() ?? 'user'}`);
      mkdirSync(own, { recursive: true });
      chmodSync(own, 0o777);
      expect(schemaCacheDir()).toBeNull();
      chmodSync(own, 0o700);
      expect(schemaCacheDir()).toBe(own);
    } finally {
      vi.unstubAllEnvs();
    }
  });
});
