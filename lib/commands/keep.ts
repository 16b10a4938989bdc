/**
 * `--keep N` (CAL_KEEP, default 20): after a run, the report directory keeps the last N run folders
 * (`<reportDir>/<yyyymmddThhmmssZ>-<runtag>/`, named so that they sort by time) and `latest/`.
 * Nothing else in the directory is touched.
 */
import { existsSync, readdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';

const RUN_FOLDER = /^\d{8}T\d{6}Z-[a-z0-9]{4,24}$/;

/** Remove the oldest run folders beyond `keep`; returns the names removed. */
export function pruneRuns(reportDir: string, keep: number): string[] {
  if (!existsSync(reportDir)) return [];
  const runs = readdirSync(reportDir)
    .filter((name) => RUN_FOLDER.test(name) && statSync(join(reportDir, name)).isDirectory())
    .sort();
  const old = runs.slice(0, Math.max(0, runs.length - keep));
  for (const name of old) rmSync(join(reportDir, name), { recursive: true, force: true });
  return old;
}
