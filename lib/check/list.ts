/**
 * Collects every check's metadata without running anything (vitest collect mode), for
 * `calcert list`, the requirement-coverage self-test and the fault matrix.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, renameSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CheckRecord } from './index.ts';
import { MODEL_CHECKS, MODEL_CHECKS_SOURCE } from '../spec/model/checks.ts';
import type { Tag } from './tags.ts';
import { moduleCacheDir, PROJECT_ROOT, suiteVitestConfig, VITEST_CONFIG } from '../run/paths.ts';

export interface ListedCheck extends CheckRecord {
  file: string;
}

/**
 * The key of the check list: every file the checks' declarations come from (suites/, lib/,
 * fixtures/: path, size, modification time), the suites' vitest config and node's version. Any
 * edit, checkout or install makes another key. Pure but for reading the folders (about 300 stats).
 */
function listKey(): string {
  const digest = createHash('sha1').update(process.version);
  const walk = (dir: string): void => {
    let entries: import('node:fs').Dirent[];
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch {
      return;
    }
    for (const e of entries.sort((a, b) => a.name.localeCompare(b.name))) {
      const path = join(dir, e.name);
      if (e.isDirectory()) walk(path);
      else {
        const st = statSync(path);
        digest.update(`${path}\0${st.size}\0${st.mtimeMs}\n`);
      }
    }
  };
  for (const dir of ['suites', 'lib', 'fixtures']) walk(join(PROJECT_ROOT, dir));
  const config = statSync(VITEST_CONFIG);
  digest.update(`${VITEST_CONFIG}\0${config.size}\0${config.mtimeMs}`);
  return digest.digest('hex').slice(0, 16);
}

/**
 * The list of every check, collected once per version of the files it comes from and kept in the
 * installation's cache folder (lib/run/paths.ts): collecting loads every suite file (seconds of
 * CPU), and `calcert list`, `explain` and every `certify --grep` need it. Older lists of the same
 * installation are removed when a new one is written.
 */
function cachedList(): { file: string | null; checks: ListedCheck[] | null } {
  const dir = moduleCacheDir();
  if (!dir) return { file: null, checks: null };
  const file = join(dir, `checks-${listKey()}.json`);
  try {
    return { file, checks: JSON.parse(readFileSync(file, 'utf8')) as ListedCheck[] };
  } catch {
    return { file, checks: null };
  }
}

function keepList(file: string, checks: ListedCheck[]): void {
  try {
    const tmp = `${file}.${process.pid}.tmp`;
    writeFileSync(tmp, JSON.stringify(checks));
    renameSync(tmp, file);
    const dir = join(file, '..');
    for (const name of readdirSync(dir))
      if (/^checks-[0-9a-f]+\.json$/.test(name) && join(dir, name) !== file) unlinkSync(join(dir, name));
  } catch {
    // A cache that cannot be written is no cache: the next call collects again.
  }
}

/** `files`: only the checks of these suite files (absolute paths); default every file, and the model checks. */
export async function listChecks(files?: string[]): Promise<ListedCheck[]> {
  if (files) return collectChecks(files);
  const cached = cachedList();
  if (cached.checks) return cached.checks;
  const checks = [...(await collectChecks()), ...modelChecks()].sort((a, b) => a.id.localeCompare(b.id));
  if (cached.file) keepList(cached.file, checks);
  return checks;
}

/** The model checks (lib/spec/model/checks.ts): declared as data, judged after the run by lib/certify/model.ts. */
function modelChecks(): ListedCheck[] {
  return MODEL_CHECKS.map((c) => ({
    id: c.id,
    title: c.title,
    level: c.level,
    requirements: c.requirements,
    tags: c.tags as Tag[],
    spec: c.spec,
    file: 'lib/spec/model/checks.ts',
    source: MODEL_CHECKS_SOURCE,
  }));
}

async function collectChecks(files?: string[]): Promise<ListedCheck[]> {
  const { createVitest } = await import('vitest/node');
  const suite = await suiteVitestConfig();
  const vitest = await createVitest(
    'test',
    { ...suite.options, watch: false, reporters: [] } as never,
    { ...suite.overrides, logLevel: 'silent' } as never,
  );
  try {
    const { testModules, unhandledErrors } = await vitest.collect(files);
    if (unhandledErrors.length)
      throw new Error(
        `collecting checks failed: ${unhandledErrors.map((e: unknown) => (e instanceof Error ? e.message : String(e))).join('; ')}`,
      );
    const out: ListedCheck[] = [];
    for (const m of testModules) {
      for (const e of m.errors()) throw new Error(`${m.relativeModuleId}: ${e.message}`);
      for (const tc of m.children.allTests()) {
        const rec = tc.meta().calcert;
        if (rec) out.push({ ...rec, file: m.relativeModuleId });
      }
    }
    const seen = new Set<string>();
    for (const c of out) {
      if (seen.has(c.id)) throw new Error(`duplicate check id ${c.id} (${c.file})`);
      seen.add(c.id);
    }
    return out.sort((a, b) => a.id.localeCompare(b.id));
  } finally {
    await vitest.close();
  }
}

/** What a run selects (lib/certify/runner.ts): the check IDs exactly, a --grep, suite files. */
export interface Selection {
  ids?: string[];
  grep?: string;
  files?: string[];
}

/**
 * What a selection runs: vitest's test-name pattern (the IDs exactly, the --grep, or both: a name
 * must match the two), the suite files holding a check it selects and how many checks, from the
 * list of checks (cached per version of the suites; `calcert certify --grep` has read it already
 * to refuse a pattern that selects nothing). A --grep of the root group loads 3 files, not 104, on
 * one worker. No selection: every file (`files` empty, `checks` unknown); files given (self-tests
 * that know where their checks live): those. Falls back to the route groups of `ids` (or every
 * file) when the list cannot be had or nothing matches.
 */
export async function selectionOf(
  selection: Selection,
): Promise<{ pattern: string | undefined; files: string[]; checks?: number }> {
  const { ids, grep, files: given } = selection;
  const patterns: string[] = [];
  if (ids?.length) patterns.push(`^(?:${ids.map((id) => id.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})$`);
  if (grep) patterns.push(grep);
  const pattern = patterns.length > 1 ? `^(?=.*(?:${patterns[0]}))(?=.*(?:${patterns[1]}))` : patterns[0];
  if (given?.length) return { pattern, files: given };
  if (pattern === undefined) return { pattern, files: [] };
  const groups = ids?.length ? [...new Set(ids.map((id) => `suites/${id.split('.')[0]}/`))] : [];
  try {
    const selected = new RegExp(pattern);
    const matching = (await listChecks()).filter((c) => selected.test(c.id));
    const files = [...new Set(matching.map((c) => c.file))].sort();
    return files.length ? { pattern, files, checks: matching.length } : { pattern, files: groups };
  } catch {
    return { pattern, files: groups };
  }
}
