// Unit tests of lib/run/config/ (load, validate, model): precedence (.env < environment < flags), validation messages,
// secrets kept out of the printable config.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { ConfigError, publicConfig, secretsOf } from '../../lib/run/config/model.ts';
import { loadConfig } from '../../lib/run/config/load.ts';

function dirWithEnv(text: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'calcert-env-'));
  writeFileSync(join(dir, '.env'), text);
  return dir;
}

describe('loadConfig', () => {
  test('defaults', () => {
    const c = loadConfig({ env: {}, dotenv: false, flags: {} });
    expect(c).toMatchObject({
      baseUrl: '',
      namespace: 'cal/events/v1',
      variant: 'auto',
      auth: { kind: 'none' },
      features: [],
      numRuns: 20,
      readOnly: false,
      timeoutMs: 30000,
      concurrency: 32,
      concurrencyMode: 'auto',
      reportDir: 'reports',
    });
    expect(c.runTag).toMatch(/^cc[0-9a-f]{8}$/);
    // Made for this run: no record carries it yet (certify skips the sweep before the checks).
    expect(c.freshRunTag).toBe(true);
    expect(Object.isFrozen(c)).toBe(true);
  });

  test('a given run tag is not fresh: certify sweeps it before the checks', () => {
    const c = loadConfig({ env: {}, cwd: '/nonexistent', flags: { 'run-tag': 'ccgiven1' } });
    expect(c.runTag).toBe('ccgiven1');
    expect(c.freshRunTag).toBeUndefined();
  });

  test('.env is overridden by the environment, which is overridden by flags', () => {
    const cwd = dirWithEnv('CAL_NAMESPACE=tribe/events/v1\nCAL_NUM_RUNS=3\nCAL_CONCURRENCY=2\n');
    expect(loadConfig({ env: {}, cwd }).namespace).toBe('tribe/events/v1');
    expect(loadConfig({ env: { CAL_NUM_RUNS: '5' }, cwd }).numRuns).toBe(5);
    expect(loadConfig({ env: { CAL_NUM_RUNS: '5' }, cwd, flags: { 'num-runs': '9' } }).numRuns).toBe(9);
    expect(loadConfig({ env: {}, cwd }).concurrency).toBe(2);
    expect(loadConfig({ env: {}, cwd }).concurrencyMode).toBe('fixed');
    expect(loadConfig({ env: { CAL_CONCURRENCY: 'auto', CAL_CONCURRENCY_MAX: '12' }, cwd })).toMatchObject({
      concurrency: 12,
      concurrencyMode: 'auto',
    });
  });

  test('.env never leaks into process.env', () => {
    const cwd = dirWithEnv('CAL_SECRET_PROBE=1\n');
    loadConfig({ env: {}, cwd });
    expect(process.env['CAL_SECRET_PROBE']).toBeUndefined();
  });

  test.each([
    [{ 'base-url': 'not a url' }, /--base-url "not a url" is not a URL: give the REST root/],
    [{ 'base-url': 'ftp://x.org' }, /is not http\(s\)/],
    [{ variant: 'premium' }, /--variant "premium" is unknown: use auto, base or extended/],
    [{ features: 'geo' }, /unknown feature "geo": use/],
    [
      { features: 'premum' },
      /unknown feature "premum" \(did you mean premium\?\): use a comma list of premium, tickets/,
    ],
    [{ 'num-runs': 'many' }, /--num-runs="many" is not an integer/],
    [{ 'timeout-ms': '5' }, /--timeout-ms=5 is out of range/],
    [{ user: 'admin' }, /--user is set without --password/],
    [{ 'run-tag': 'Bad Tag' }, /--run-tag "Bad Tag" is not usable/],
    [{ namespace: 'a b' }, /--namespace "a b" is not a route namespace/],
  ])('rejects %o with one clear line', (flags, message) => {
    let error: unknown;
    try {
      loadConfig({ env: {}, dotenv: false, flags });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as Error).message).toMatch(message);
    expect((error as Error).message).not.toContain('\n');
  });

  test('normalises the base URL and accepts credentials', () => {
    const c = loadConfig({
      env: { CAL_BASE_URL: 'https://example.org/wp-json/', CAL_USER: 'ed', CAL_PASSWORD: 'abcd efgh' },
      dotenv: false,
    });
    expect(c.baseUrl).toBe('https://example.org/wp-json');
    expect(c.auth).toEqual({ kind: 'basic', user: 'ed', password: 'abcd efgh' });
  });
});

test('publicConfig hides the password and the Authorization value; secretsOf lists both forms', () => {
  const c = loadConfig({ env: { CAL_USER: 'ed', CAL_PASSWORD: 's3cret-pw' }, dotenv: false });
  expect(JSON.stringify(publicConfig(c))).not.toContain('s3cret-pw');
  expect(secretsOf(c)).toEqual(['s3cret-pw', Buffer.from('ed:s3cret-pw').toString('base64')]);
  const h = loadConfig({ env: { CAL_AUTH_HEADER: 'Bearer tok123' }, dotenv: false });
  expect(JSON.stringify(publicConfig(h))).not.toContain('tok123');
});

// Issue 31 point 6: a malformed .env warns with its file and line; a bad value names the key and where it came from.
describe('.env mistakes and where a bad value came from', () => {
  // Issue 39 point 10: a line without "=" right after a quote that never closes was taken for the
  // quoted value's next line and dropped without a word.
  test('a line without "=" after a quote that never closes warns too', () => {
    const cwd = dirWithEnv('CAL_PASSWORD="abcd efgh\nCAL_USER editor\nCAL_SEED=1\n');
    const warnings: string[] = [];
    loadConfig({ env: {}, cwd, warn: (w) => warnings.push(w), flags: { user: 'ed', password: 'pw12' } });
    const file = join(cwd, '.env');
    expect(warnings).toEqual([
      expect.stringContaining(`${file}:1: CAL_PASSWORD ignored, its value opens a " quote that never closes`),
      expect.stringContaining(`${file}:2: line ignored, it has no "="`),
    ]);
  });

  test('a line without "=" and an unterminated quote warn with the file and the line number', () => {
    const cwd = dirWithEnv(
      '# comment\nCAL_BASE_URL=https://example.org/wp-json\nCAL_USER editor\nCAL_PASSWORD="abcd efgh\nCAL_NAMESPACE="tribe/events/v1"\n',
    );
    const warnings: string[] = [];
    const c = loadConfig({ env: {}, cwd, warn: (w) => warnings.push(w), flags: { user: 'ed', password: 'pw12' } });
    expect(c.namespace).toBe('tribe/events/v1');
    const file = join(cwd, '.env');
    expect(warnings).toEqual([
      expect.stringMatching(
        new RegExp(`^${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}:3: line ignored, it has no "="`),
      ),
      expect.stringContaining(`${file}:4: CAL_PASSWORD ignored, its value opens a " quote that never closes`),
    ]);
    // Never taken literally (quote and all, a 401 later): the password is missing, and said so now.
    expect(() => loadConfig({ env: {}, cwd, flags: { user: 'ed' }, warn: () => undefined })).toThrow(
      /--user is set without --password/,
    );
  });

  test('a multi-line double-quoted value is no mistake', () => {
    const cwd = dirWithEnv('CAL_AUTH_HEADER="Bearer abc\ndef"\nCAL_SEED=5\n');
    const warnings: string[] = [];
    const c = loadConfig({ env: {}, cwd, warn: (w) => warnings.push(w) });
    expect(warnings).toEqual([]);
    expect(c.seed).toBe(5);
  });

  test.each([
    ['.env', { file: 'CAL_SEED=123x\n', env: {} }, /^CAL_SEED="123x" in \.env is not a seed/],
    ['the environment', { file: '', env: { CAL_SEED: '123x' } }, /^CAL_SEED="123x" in the environment is not a seed/],
    ['.env', { file: 'CAL_NUM_RUNS=many\n', env: {} }, /^CAL_NUM_RUNS="many" in \.env is not an integer/],
    ['.env', { file: 'CAL_BASE_URL=not a url\n', env: {} }, /^CAL_BASE_URL "not a url" in \.env is not a URL/],
    [
      'the environment',
      { file: '', env: { CAL_READ_ONLY: 'maybe' } },
      /^CAL_READ_ONLY="maybe" in the environment is not a boolean/,
    ],
  ])('a bad value from %s names the key and the place, not the flag', (_where, { file, env }, message) => {
    const cwd = dirWithEnv(file);
    expect(() => loadConfig({ env, cwd })).toThrow(message);
    expect(() => loadConfig({ env, cwd })).not.toThrow(/--seed|--num-runs|--base-url|--read-only/);
  });

  test('the same value given as a flag is named by the flag', () => {
    expect(() => loadConfig({ env: {}, dotenv: false, flags: { seed: '123x' } })).toThrow(
      /^--seed="123x" is not a seed/,
    );
  });
});
