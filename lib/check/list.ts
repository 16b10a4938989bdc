/**
 * Collects every check's metadata without running anything (vitest collect mode), for
 * `calcert list`, the requirement-coverage self-test and the fault matrix.
 */
import type { CheckRecord } from './index.ts';
import { PROJECT_ROOT, VITEST_CONFIG } from '../run/paths.ts';

export interface ListedCheck extends CheckRecord {
  file: string;
}

/** `files`: only the checks of these suite files (absolute paths); default every file. */
export async function listChecks(files?: string[]): Promise<ListedCheck[]> {
  const { createVitest } = await import('vitest/node');
  const vitest = await createVitest(
    'test',
    { root: PROJECT_ROOT, config: VITEST_CONFIG, watch: false, reporters: [] } as never,
    { logLevel: 'silent' } as never,
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
