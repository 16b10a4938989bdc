// The reference server's boundary: it imports nothing from lib/ (the suite and the server share
// only neutral contracts under fixtures/schemas/), and the fixtures file it writes follows
// fixtures/schemas/fixtures.schema.json, which lib/run/config/load.ts also enforces on `--fixtures`.
import { mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Ajv } from 'ajv';
import { expect, test } from 'vitest';
import { startReferenceServer } from '../../fixtures/reference-server/index.ts';
import { assertFixturesFile } from '../../fixtures/reference-server/seed.ts';
import { loadFixtures } from '../../lib/run/config/load.ts';

const PROJECT_ROOT = fileURLToPath(new URL('../..', import.meta.url));
const SERVER_DIR = join(PROJECT_ROOT, 'fixtures', 'reference-server');
const LIB_DIR = join(PROJECT_ROOT, 'lib');

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.(ts|js|mjs|cjs)$/.test(name) ? [path] : [];
  });
}

test('the reference server imports nothing from lib/', () => {
  const specifier = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+|\brequire\s*\(\s*)['"]([^'"]+)['"]/g;
  const offending: string[] = [];
  const files = sources(SERVER_DIR);
  expect(files.length).toBeGreaterThan(10);
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(specifier)) {
      const spec = m[1];
      if (!spec.startsWith('.')) continue;
      const target = resolve(dirname(file), spec);
      if (target === LIB_DIR || target.startsWith(LIB_DIR + '/'))
        offending.push(`${file.slice(PROJECT_ROOT.length)}: ${spec}`);
    }
  }
  expect(offending, 'the reference server must not import lib/: share a contract under fixtures/schemas/').toEqual([]);
});

test('the reference server is in small files: none over 450 lines, route files none over 400 (data/ holds recordings)', () => {
  const files = sources(SERVER_DIR).filter((file) => !file.includes('/data/'));
  expect(files.length).toBeGreaterThan(10);
  const long = files.flatMap((file) => {
    const lines = readFileSync(file, 'utf8').split('\n').length;
    const limit = file.includes('/routes/') ? 400 : 450;
    return lines > limit ? [`${file.slice(PROJECT_ROOT.length)}: ${lines} lines (at most ${limit})`] : [];
  });
  expect(long, 'split the file by operation or area (fixtures/reference-server/README.md, "Files")').toEqual([]);
});

test('the schema files are JSON Schemas (the validators compile them without checking them again)', () => {
  const ajv = new Ajv({ strict: false });
  for (const name of ['fixtures.schema.json', 'results.schema.json']) {
    const schema = JSON.parse(readFileSync(join(PROJECT_ROOT, 'fixtures/schemas', name), 'utf8')) as object;
    expect(ajv.validateSchema(schema), `${name}: ${ajv.errorsText()}`).toBe(true);
  }
});

test('the seeded fixtures follow fixtures.schema.json and load through --fixtures, in both variants', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'calcert-fixtures-'));
  for (const variant of ['base', 'extended'] as const) {
    const server = await startReferenceServer({ variant, port: 0, seedFixtures: true });
    try {
      expect(server.fixtures).not.toBeNull();
      assertFixturesFile(server.fixtures);
      const path = join(dir, `${variant}.json`);
      writeFileSync(path, JSON.stringify(server.fixtures));
      expect(loadFixtures(path)).toEqual(server.fixtures);
      expect(server.fixtures?.passwordEvent !== undefined).toBe(variant === 'extended');
    } finally {
      await server.close();
    }
  }
});

test('a fixtures file that breaks the schema is refused on both sides, naming the entry', () => {
  const dir = mkdtempSync(join(tmpdir(), 'calcert-fixtures-'));
  const bad = [
    { format: 1, childEvent: { id: 12 } },
    { format: 1, ticketedEvent: { id: '12' } },
    { format: 1, geolocatedVenue: { id: 3, lat: 100, lng: 2 } },
    { format: 1, image: { id: 4, url: 'ftp://x' } },
  ];
  for (const [i, data] of bad.entries()) {
    expect(() => assertFixturesFile(data)).toThrow(/fixtures\.schema\.json/);
    const path = join(dir, `bad-${i}.json`);
    writeFileSync(path, JSON.stringify(data));
    expect(() => loadFixtures(path)).toThrow(new RegExp(`${Object.keys(data)[1]}`));
  }
  const path = join(dir, 'no-format.json');
  writeFileSync(path, JSON.stringify({ ticketedEvent: { id: 1 } }));
  expect(() => loadFixtures(path)).toThrow(/"format": 1/);
  const extra = join(dir, 'extra.json');
  writeFileSync(extra, JSON.stringify({ format: 1, description: 'staging', ticketedEvent: { id: 5 } }));
  expect(loadFixtures(extra).ticketedEvent).toEqual({ id: 5 });
});
