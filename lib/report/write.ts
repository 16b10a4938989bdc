/**
 * Writes a run's reports: `results.json` (the data, format 1), and rendered from it
 * `summary.md` (lib/report/markdown.ts), `junit.xml` (lib/report/junit.ts) and `report.html`
 * (lib/report/html.ts), under `<reportDir>/<run-id>/`, copied to `<reportDir>/latest/`; `badge.svg`,
 * and for a certified run `certificate.json` naming the hash of results.json (lib/report/certificate.ts).
 * Every string is passed through `redact` first, so no secret reaches a file.
 */
import { cpSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
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
  mkdirSync(dir, { recursive: true });
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
