/**
 * Pieces of the HTML reports (lib/report/html.ts): escaping, the status badge, and the "What
 * failed" list that leads a run's page.
 */
import type { Status } from '../types.ts';
import { firstLine, type ReportCheck, STATUS_ORDER } from './common.ts';

/** Escape text for HTML element content and quoted attribute values; drop characters HTML forbids. */
export function esc(value: unknown): string {
  return String(value ?? '')
    .replace(/[&<>"'`]/g, (c) => `&#${c.charCodeAt(0)};`)
    .replace(/[\u0000-\u0008\u000b\u000e-\u001f\u007f]/g, (c) => `\\x${c.charCodeAt(0).toString(16).padStart(2, '0')}`);
}

export function badge(status: Status | 'absent', text?: string): string {
  return `<span class="s s-${esc(status)}">${esc(text ?? status)}</span>`;
}

/** The re-confirmation mark of a failed check (lib/certify/reconfirm.ts), or '' when it has none. */
export function reconfirmedTag(c: { reconfirmed?: 'reproduced' | 'intermittent' }): string {
  if (!c.reconfirmed) return '';
  const title =
    c.reconfirmed === 'reproduced'
      ? 'failed again when run once more on fresh records with the same seed'
      : 'passed when run once more on fresh records with the same seed: still a failure';
  return ` <span class="rc rc-${esc(c.reconfirmed)}" title="${esc(title)}">${esc(c.reconfirmed)}</span>`;
}

/**
 * What failed, and why, at the top of the page: one line per failing check (status, ID, level and
 * the first line of its message), linking to its details. Empty when nothing failed.
 */
export function whatFailed(checks: ReportCheck[]): string {
  const failing = checks
    .filter((c) => c.status === 'fail' || c.status === 'blocked' || c.status === 'stale-expectation')
    .sort((a, b) => STATUS_ORDER.indexOf(a.status) - STATUS_ORDER.indexOf(b.status) || a.id.localeCompare(b.id));
  if (!failing.length) return '';
  const why = (c: ReportCheck) => {
    // A property failure's first line says only that it failed: its cause says why.
    const cause = /^cause: (.*)$/m.exec(c.message ?? '')?.[1];
    const line = cause ?? firstLine(c.message);
    return line.length > 240 ? `${line.slice(0, 240)}...` : line;
  };
  return `<section class="what-failed"><h2>What failed (${failing.length})</h2><ul class="why">${failing
    .map(
      (c) =>
        `<li>${badge(c.status)}${reconfirmedTag(c)} <a class="id mono" href="#c-${esc(c.id)}">${esc(c.id)}</a> <span class="muted">(${esc(c.level)})</span> ${esc(why(c))}</li>`,
    )
    .join('')}</ul></section>`;
}
