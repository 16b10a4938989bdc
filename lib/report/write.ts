/**
 * Writes a run's reports: `results.json` (the data, format 1), and rendered from it
 * `summary.md` (lib/report/markdown.ts), `junit.xml` (lib/report/junit.ts) and `report.html`
 * (lib/report/html.ts), under `<reportDir>/<run-id>/`, copied to `<reportDir>/latest/`; `badge.svg`,
 * and for a certified run `certificate.json` naming the hash of results.json (lib/report/certificate.ts).
 * Every string is passed through `redact` first, so no secret reaches a file.
 */
import { cpSync, mkdirSync, rmSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { renderHtml } from './html.ts';
import { renderJunit } from './junit.ts';
import { renderSummary } from './markdown.ts';
import type { RunReport } from './results.ts';
import { buildCertificate, isCertified, renderBadge } from './certificate.ts';

export { renderHtml, renderMatrix } from './html.ts';
export { renderJunit } from './junit.ts';
export { renderSummary } from './markdown.ts';

export function redactor(secrets: string[]): (text: string) => string {
  const list = secrets.filter((s) => s && s.length >= 3).sort((a, b) => b.length - a.length);
  return (text) => {
    let out = text;
    for (const s of list) out = out.split(s).join('(redacted)');
    return out;
  };
}

/**
 * `mkdir -p` one level at a time: Node's recursive mkdirSync never returns on some file systems
 * (under /proc it loops at full CPU, deaf to signals), and one level at a time names the level that
 * failed. Throws the failing level's error, with `path` set to it.
 */
export function makeDirs(dir: string): void {
  const missing: string[] = [];
  let at = resolve(dir);
  for (;;) {
    try {
      if (!statSync(at).isDirectory())
        throw Object.assign(new Error(`${at} is a file, not a folder`), { code: 'ENOTDIR', path: at, aFile: true });
      break;
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      // ENOTDIR from the system: some level above is a file; the walk up finds which.
      if ((code !== 'ENOENT' && code !== 'ENOTDIR') || dirname(at) === at || (e as { aFile?: true }).aFile) throw e;
      missing.unshift(at);
      at = dirname(at);
    }
  }
  for (const level of missing) mkdirSync(level);
}

/**
 * Before the first request: the report folder exists or can be made, and a file can be written in
 * it. Returns the one-line problem (exit 2), or null. A run whose reports cannot be written would
 * otherwise lose every result after its last request.
 */
export function reportDirProblem(reportDir: string): string | null {
  return folderProblem(reportDir, `--report-dir ${reportDir}`, '--report-dir or CAL_REPORT_DIR');
}

/**
 * Where the reports go when none was given (no --report-dir, no CAL_REPORT_DIR) and the default,
 * `reports` in the working directory, cannot be written: a root-owned clone run by another user
 * (`npm run certify` runs in the clone; issue 39 point 2). In order: the user's state folder
 * ($XDG_STATE_HOME, else ~/.local/state) + calcert/reports, then calcert-reports-<uid> in the temp
 * folder. The first that can be written is used. Pure.
 */
export function fallbackReportDirs(env: NodeJS.ProcessEnv, home: string, tmp: string, uid: number | string): string[] {
  const state = env['XDG_STATE_HOME'] || (home ? join(home, '.local', 'state') : '');
  return [...(state ? [join(state, 'calcert', 'reports')] : []), join(tmp, `calcert-reports-${uid}`)];
}

/**
 * The folder `dir` exists or can be made, and a file can be written in it; else the one-line
 * problem naming `what` (`--report-dir reports`, `--har run.har`) and the flag to change.
 */
export function folderProblem(dir: string, what: string, flags: string): string | null {
  const fix = `fix: give a folder you can write to (${flags})`;
  try {
    makeDirs(dir);
  } catch (e) {
    const err = e as NodeJS.ErrnoException;
    return `${what} cannot be made: ${err.code === 'ENOTDIR' ? `${err.path} is a file, not a folder` : `creating ${err.path ?? dir} failed (${err.code ?? err.message})`}; ${fix}`;
  }
  const probe = join(dir, `.calcert-write-probe-${process.pid}`);
  try {
    writeFileSync(probe, '');
    unlinkSync(probe);
  } catch (e) {
    return `${what} cannot be written (${(e as NodeJS.ErrnoException).code ?? (e as Error).message}); ${fix}`;
  }
  return null;
}

/** Write the reports; returns the run directory. */
export function writeReports(
  report: RunReport,
  reportDir: string,
  secrets: string[],
  options: { leading?: string } = {},
): string {
  const redact = redactor(secrets);
  const runId = `${report.header.startedAt.replace(/[-:]/g, '').replace(/\.\d+Z$/, 'Z')}-${report.header.runTag}`;
  const dir = join(reportDir, runId);
  makeDirs(dir);
  // The renderers work from the redacted data, so no secret can reach a page through escaping
  // (an HTML-escaped secret would no longer match its plain spelling).
  let redacted = report;
  try {
    redacted = JSON.parse(redact(JSON.stringify(report))) as RunReport;
  } catch {
    // A secret that matched JSON syntax: render from the original, every output is redacted again below.
  }
  const resultsText = `${JSON.stringify(redacted, null, 2)}\n`;
  writeFileSync(join(dir, 'results.json'), resultsText);
  writeFileSync(join(dir, 'badge.svg'), redact(renderBadge(redacted)));
  if (isCertified(redacted))
    writeFileSync(
      join(dir, 'certificate.json'),
      `${JSON.stringify(buildCertificate(redacted, resultsText), null, 2)}\n`,
    );
  writeFileSync(join(dir, 'summary.md'), redact(renderSummary(redacted, options.leading)));
  writeFileSync(join(dir, 'junit.xml'), redact(renderJunit(redacted)));
  writeFileSync(join(dir, 'report.html'), redact(renderHtml(redacted)));
  const latest = join(reportDir, 'latest');
  rmSync(latest, { recursive: true, force: true });
  cpSync(dir, latest, { recursive: true });
  return dir;
}
