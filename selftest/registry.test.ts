/**
 * Static proofs over the registries: every check has complete metadata, every requirement of
 * the spec is covered by a check, every check is named by at least one fault, and every name a
 * fault lists is a real check. (Whether the faults really break those checks is the fault
 * matrix's job.)
 */
import { isModelCheck, MODEL_CHECKS_SOURCE } from '../lib/spec/model/checks.ts';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, expect, test } from 'vitest';
import { listChecks, type ListedCheck } from '../lib/check/list.ts';
import { moduleCacheDir, PROJECT_ROOT } from '../lib/run/paths.ts';
import { FAULTS } from '../fixtures/reference-server/faults.ts';
import { TAGS } from '../lib/check/tags.ts';
import { appliesReadOnly } from '../lib/certify/faultrun.ts';

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
    expect(c.id).toMatch(
      /^(root|events|venues|organizers|categories|tags|auth|errors|observe)\.[a-z0-9-]+\.[a-z0-9-]+$/,
    );
    // The model checks (issue 37) are data with no body: lib/spec/model/checks.ts.
    const home = isModelCheck(c.id) ? 'lib/spec/model/checks.ts' : `suites/${c.id.split('.')[0]}/`;
    expect(c.file.startsWith(home), `${c.id} lives in ${c.file}`).toBe(true);
    expect(['must', 'should']).toContain(c.level);
    expect(c.title.length).toBeGreaterThan(10);
    expect(c.spec.length).toBeGreaterThan(3);
    for (const tag of c.tags) expect(TAGS).toContain(tag);
  }
});

test('titles and spec clauses read right: "an" before a vowel sound (issue 23 point 8: "a event", "a organizer")', () => {
  // "a u..." is left alone ("a unique", "a user"): its vowel sounds like a consonant.
  const wrong = checks.flatMap((c) =>
    [...`${c.title} | ${c.spec}`.matchAll(/\ba ([aeio]\w*)/gi)].map((m) => `${c.id}: "${m[0]}"`),
  );
  expect(wrong).toEqual([]);
});

test('no module under lib/ declares a check: check bodies live under suites/', () => {
  // Static: a check is declared by calling `check` (lib/check/index.ts) or vitest's test/it; no lib/
  // module besides the harness's own check module may import either.
  const offenders: string[] = [];
  const walk = (dir: string): void => {
    for (const e of readdirSync(join(PROJECT_ROOT, dir), { withFileTypes: true })) {
      const rel = `${dir}/${e.name}`;
      if (e.isDirectory()) walk(rel);
      else if (rel.endsWith('.ts') && !/^lib\/check(\.ts|\/)/.test(rel)) {
        const src = readFileSync(join(PROJECT_ROOT, rel), 'utf8');
        for (const m of src.matchAll(/import\s*\{([^}]*)\}\s*from\s*'([^']+)'/g)) {
          const names = m[1].split(',').map((n) => n.trim().replace(/^type\s+/, ''));
          const fromCheck = /(^|\/)check(\.ts|\/index\.ts)?$/.test(m[2]) && names.includes('check');
          const fromVitest = m[2] === 'vitest' && names.some((n) => /^(test|it|describe)\b/.test(n));
          if (fromCheck || fromVitest) offenders.push(`${rel} imports { ${names.join(', ')} } from '${m[2]}'`);
        }
      }
    }
  };
  walk('lib');
  expect(offenders).toEqual([]);
  // Dynamic, from the declaration site of each check (`source`, path:line of its check() call),
  // once the harness records it: it exists and is not under lib/.
  const withSource = checks.filter((c) => typeof (c as { source?: unknown }).source === 'string');
  if (withSource.length) {
    expect(withSource.length, 'every check has a source once one has').toBe(checks.length);
    const modelSource = MODEL_CHECKS_SOURCE.split(':');
    expect(
      readFileSync(join(PROJECT_ROOT, modelSource[0]!), 'utf8').split('\n')[Number(modelSource[1]) - 1],
      'MODEL_CHECKS_SOURCE names the line of MODEL_CHECKS',
    ).toMatch(/^export const MODEL_CHECKS\b/);
    for (const c of withSource.filter((c) => !isModelCheck(c.id))) {
      const source = (c as unknown as { source: string }).source;
      const [path, line] = [source.replace(/:\d+(:\d+)?$/, ''), Number(/:(\d+)(:\d+)?$/.exec(source)?.[1])];
      expect(existsSync(join(PROJECT_ROOT, path)), `${c.id}: source ${source} exists`).toBe(true);
      expect(line, `${c.id}: source ${source} has a line`).toBeGreaterThan(0);
      expect(readFileSync(join(PROJECT_ROOT, path), 'utf8').split('\n').length).toBeGreaterThanOrEqual(line);
      expect(path.startsWith('lib/'), `${c.id} is declared in ${source}`).toBe(false);
    }
  }
});

test('every retired ID (fixtures/spec/aliases.json) is no check ID, and names a check that exists', () => {
  const table = (
    JSON.parse(readFileSync(join(PROJECT_ROOT, 'fixtures/spec/aliases.json'), 'utf8')) as {
      aliases: Record<string, string>;
    }
  ).aliases;
  const ids = new Set(checks.map((c) => c.id));
  for (const [from, to] of Object.entries(table)) {
    expect(ids.has(from), `retired ${from} is still a check ID`).toBe(false);
    expect(ids.has(to), `${from} -> ${to}: no such check`).toBe(true);
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

test('every check that applies in a read-only run is named by a fault the read-only matrix runs it under', () => {
  // selftest/fault-matrix-ro.test.ts runs each fault, read-only, with the checks of its breaks
  // that apply read-only in the fault's variant: every such check must be among them for some fault.
  const proved = new Set(
    FAULTS.flatMap((f) =>
      f.breaks.filter((id) => {
        const c = checks.find((x) => x.id === id);
        return !!c && appliesReadOnly(c.tags, f.variant);
      }),
    ),
  );
  const readOnly = checks.filter((c) => appliesReadOnly(c.tags, 'extended') || appliesReadOnly(c.tags, 'base'));
  expect(readOnly.length).toBeGreaterThan(100);
  expect(readOnly.filter((c) => !proved.has(c.id)).map((c) => c.id)).toEqual([]);
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

// Issue 31 (Done when: time): the check list is collected once per version of its files and kept in
// the installation's cache folder; the kept list is the collected one.
test('the list of checks is kept in the cache folder and read back unchanged', async () => {
  const first = await listChecks();
  const dir = moduleCacheDir();
  expect(dir).not.toBeNull();
  const kept = readdirSync(dir as string).filter((f) => /^checks-[0-9a-f]+\.json$/.test(f));
  expect(kept).toHaveLength(1);
  expect(JSON.parse(readFileSync(join(dir as string, kept[0] as string), 'utf8'))).toEqual(first);
  expect(await listChecks()).toEqual(first);
});
