/**
 * The check worker's per-request shortcuts read the same as what they replace:
 * - lib/run/send.ts directPath: the path undici's request() sends (its WHATWG URL's pathname and
 *   search), else undefined;
 * - lib/coverage/traffic.ts parseTarget: the same route and query whether or not the URL is read
 *   without a WHATWG URL (plainParts);
 * - lib/check/runner.ts leaves expect() and snapshots out of the suites' runner: no suite uses them.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { parseTarget } from '../../lib/coverage/traffic.ts';
import { directPath, httpOrigin } from '../../lib/run/send.ts';

/** Characters a URL's path and query may hold here: plain ones and every kind the parser treats apart. */
const CHARS = [
  ...'aZ09-._~!$&()*+,;=:@/%[]|?#\\\'" <>^`{}+.',
  'é',
  '\t',
  '%2e',
  '%2E',
  '%41',
  '%zz',
  '%C3%A9',
  '%FF',
  '..',
];
/** The plain ones alone (the shortcuts' own cases), and with the others. */
const PLAIN = [...'aZ09-._~!$&()*+,;=:@/[]|?', '%41', '%C3%A9', '%zz', '%FF', '%2e', '..'];
const tail = fc.oneof(
  fc.array(fc.constantFrom(...PLAIN), { maxLength: 24 }).map((a) => a.join('')),
  fc.array(fc.constantFrom(...CHARS), { maxLength: 24 }).map((a) => a.join('')),
);
const ORIGINS = ['http://127.0.0.1:8080', 'https://example.org', 'http://x.test'];

/** What undici's request() sends for a URL string: origin, and pathname with the search when not empty. */
function undiciPath(url: string): { origin: string; path: string } | undefined {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return undefined;
  }
  return { origin: u.origin, path: u.search ? `${u.pathname}${u.search}` : u.pathname };
}

describe('send.ts directPath', () => {
  test('a plain URL of the origin goes straight, as request() would send it', () => {
    fc.assert(
      fc.property(fc.constantFrom(...ORIGINS), tail, (origin, rest) => {
        const url = `${origin}/${rest}`;
        const direct = directPath(url, origin);
        if (direct !== undefined) expect({ origin, path: direct }).toEqual(undiciPath(url));
      }),
      { numRuns: 3000 },
    );
  });

  test.each([
    [
      'http://h.test/wp-json/cal/events/v1/events?per_page=10&categories[]=3',
      '/wp-json/cal/events/v1/events?per_page=10&categories[]=3',
    ],
    ['http://h.test/wp-json/x?', '/wp-json/x'],
    ['http://h.test/a/../b', undefined],
    ['http://h.test/a/%2e%2E/b', undefined],
    ['http://h.test/a b', undefined],
    ['http://h.test/é', undefined],
    ['http://h.test/a#f', undefined],
    ['http://other.test/a', undefined],
    ['http://h.test:80/a', undefined],
    ['http://h.testa/a', undefined],
  ])('%s', (url, want) => {
    expect(directPath(url, 'http://h.test')).toBe(want);
    if (want !== undefined) expect(undiciPath(url)?.path).toBe(want);
  });

  test('the origin of an http(s) base URL, else none', () => {
    expect(httpOrigin('http://127.0.0.1:8080/wp-json')).toBe('http://127.0.0.1:8080');
    expect(httpOrigin('https://Example.ORG:443/x')).toBe('https://example.org');
    expect(httpOrigin('ws://x.test/')).toBe('');
    expect(httpOrigin('not a url')).toBe('');
  });
});

describe('traffic.ts parseTarget without a WHATWG URL', () => {
  const NS = 'cal/events/v1';
  test('the same route and query as read through new URL', () => {
    const paths = fc.constantFrom('/wp-json/cal/events/v1', '/?rest_route=/cal/events/v1', '/x/cal/events/v1/');
    const route = fc.constantFrom('', '/events', '/events/12', '/venues/by-slug/', '/doc', '/tags/9/x', '/events/');
    const query = fc.array(
      fc.tuple(fc.constantFrom('per_page', 'categories[]', 'a%5B%5D', 'rest_route', 'b+c', 's'), tail),
      { maxLength: 4 },
    );
    fc.assert(
      fc.property(fc.constantFrom(...ORIGINS), paths, route, query, (origin, p, r, q) => {
        const qs = q.map(([k, v]) => `${k}=${v}`).join('&');
        const base = `${origin}${p}${r}`;
        const url = qs ? `${base}${base.includes('?') ? '&' : '?'}${qs}` : base;
        // A tab is dropped by the URL parser: it reads the same URL, never through the shortcut.
        const slow = parseTarget(`${url.slice(0, 8)}\t${url.slice(8)}`, NS);
        expect(parseTarget(url, NS)).toEqual(slow);
      }),
      { numRuns: 3000 },
    );
  });
});

describe('lib/check/runner.ts', () => {
  test('no suite file calls expect() or takes a snapshot: the suites runner leaves both out', () => {
    const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
    const files = ['suites', 'lib/check', 'lib/spec']
      .flatMap((dir) => readdirSync(join(root, dir), { recursive: true }).map((f) => join(root, dir, String(f))))
      .filter((f) => f.endsWith('.ts'));
    expect(files.length).toBeGreaterThan(50);
    for (const f of files) {
      const text = readFileSync(f, 'utf8');
      expect(text, f).not.toMatch(
        /\bexpect(\.\w+)?\(|toMatch\w*Snapshot|\bimport\s*\{[^}]*\bexpect\b[^}]*\}\s*from\s*'vitest'/,
      );
    }
  });
});
