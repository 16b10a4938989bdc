/**
 * Static proofs over the registries: every check has complete metadata, every requirement of
 * the spec is covered by a check, every check is named by at least one fault, and every name a
 * fault lists is a real check. (Whether the faults really break those checks is the fault
 * matrix's job.)
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, expect, test } from 'vitest';
import { listChecks, type ListedCheck } from '../lib/list.ts';
import { PROJECT_ROOT } from '../lib/runner.ts';
import { FAULTS } from '../fixtures/reference-server/faults.ts';
import { TAGS } from '../lib/tags.ts';

interface Requirement {
  id: string;
  variant: string;
  feature?: string;
  text: string;
}
const requirements = (
  JSON.parse(readFileSync(join(PROJECT_ROOT, 'fixtures/spec/requirements.json'), 'utf8')) as {
    requirements: Requirement[];
  }
).requirements;

let checks: ListedCheck[] = [];
beforeAll(async () => {
  checks = await listChecks();
});

test('every check carries id, title, level, spec, requirements and known tags', () => {
  expect(checks.length).toBeGreaterThan(0);
  for (const c of checks) {
    expect(c.id).toMatch(/^(root|events|venues|organizers|categories|tags|auth|errors)\.[a-z0-9-]+\.[a-z0-9-]+$/);
    expect(c.file.startsWith(`suites/${c.id.split('.')[0]}/`), `${c.id} lives in ${c.file}`).toBe(true);
    expect(['must', 'should']).toContain(c.level);
    expect(c.title.length).toBeGreaterThan(10);
    expect(c.spec.length).toBeGreaterThan(3);
    for (const tag of c.tags) expect(TAGS).toContain(tag);
  }
});

test('every requirement a check names exists in requirements.json', () => {
  const known = new Set(requirements.map((r) => r.id));
  const unknown = checks.flatMap((c) => c.requirements.filter((r) => !known.has(r)).map((r) => `${c.id}: ${r}`));
  expect(unknown).toEqual([]);
});

test('every requirement of the spec is covered by at least one check', () => {
  const covered = new Set(checks.flatMap((c) => c.requirements));
  const uncovered = requirements
    .filter((r) => !covered.has(r.id))
    .map((r) => `${r.id} (${r.variant}${r.feature ? `, ${r.feature}` : ''})`);
  if (uncovered.length) console.log(`requirements no check covers (${uncovered.length}):\n  ${uncovered.join('\n  ')}`);
  expect(uncovered).toEqual([]);
});

test('every check is named by at least one fault', () => {
  const named = new Set(FAULTS.flatMap((f) => f.breaks));
  const orphans = checks.filter((c) => !named.has(c.id)).map((c) => c.id);
  expect(orphans).toEqual([]);
});

test('every fault names at least one check, and only real ones', () => {
  const ids = new Set(checks.map((c) => c.id));
  expect(FAULTS.filter((f) => f.breaks.length === 0).map((f) => f.name)).toEqual([]);
  const unknown = FAULTS.flatMap((f) => f.breaks.filter((id) => !ids.has(id)).map((id) => `${f.name}: ${id}`));
  expect(unknown).toEqual([]);
  expect(new Set(FAULTS.map((f) => f.name)).size).toBe(FAULTS.length);
});

test('`calcert list --json` prints every check with its metadata', async () => {
  const { spawnSync } = await import('node:child_process');
  const run = spawnSync(process.execPath, [join(PROJECT_ROOT, 'bin/calcert.js'), 'list', '--json'], {
    encoding: 'utf8',
    timeout: 60_000,
  });
  expect(run.status, run.stderr).toBe(0);
  const listed = JSON.parse(run.stdout) as ListedCheck[];
  expect(listed.map((c) => c.id)).toEqual(checks.map((c) => c.id));
  for (const c of listed)
    expect(Object.keys(c)).toEqual(
      expect.arrayContaining(['id', 'title', 'level', 'requirements', 'tags', 'spec', 'file']),
    );
});
