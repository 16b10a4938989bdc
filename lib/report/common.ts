/**
 * What the report renderers (Markdown, JUnit, HTML) share: the optional per-check fields that
 * newer runs add to results.json (`exchanges`, `source`), with a fallback to the older single
 * `request`/`responseExcerpt`/`curl`, the order of statuses and groups, and the replay command.
 */
import { calcertCommand, idPattern, replayCommand as configReplay, shellQuote } from '../run/config/replay.ts';
import type { ResolvedConfig } from '../run/config/model.ts';
import type { CheckResult, ReportFooter, RunReport } from './results.ts';
import type { Status } from '../types.ts';
import { groupOf } from './results.ts';

/** One request of a check and its answer, as results.json records it for failing checks. */
export interface ReportExchange {
  method: string;
  url: string;
  requestHeaders?: Record<string, string>;
  requestBody?: string;
  status?: number;
  responseHeaders?: Record<string, string>;
  responseExcerpt?: string;
  ms?: number;
  retries?: number;
  error?: string;
  curl?: string;
}

/** A check result with the fields later versions of format 1 add (all optional). */
export type ReportCheck = CheckResult & { exchanges?: ReportExchange[]; source?: string };

/** Statuses that need a reader's attention, most serious first; then the rest. */
export const STATUS_ORDER: readonly Status[] = [
  'fail',
  'error',
  'blocked',
  'stale-expectation',
  'warn',
  'expected-fail',
  'n/a',
  'pass',
];
export const PROBLEM_STATUSES: readonly Status[] = ['fail', 'error', 'blocked', 'stale-expectation'];

const GROUP_ORDER = ['root', 'events', 'venues', 'organizers', 'categories', 'tags', 'auth', 'errors'];

export function compareGroups(a: string, b: string): number {
  const ia = GROUP_ORDER.indexOf(a);
  const ib = GROUP_ORDER.indexOf(b);
  if (ia >= 0 || ib >= 0) return (ia < 0 ? 99 : ia) - (ib < 0 ? 99 : ib);
  return a.localeCompare(b);
}

/** Checks grouped by route group (the ID's first part), groups in a fixed order. */
export function byGroup<T extends { id: string }>(checks: T[]): [string, T[]][] {
  const groups = new Map<string, T[]>();
  for (const c of checks) {
    const g = groupOf(c.id);
    groups.set(g, [...(groups.get(g) ?? []), c]);
  }
  return [...groups].sort(([a], [b]) => compareGroups(a, b));
}

/** Every exchange of a check: the recorded list, else the single request of older reports. */
export function exchangesOf(c: ReportCheck): ReportExchange[] {
  if (Array.isArray(c.exchanges) && c.exchanges.length) return c.exchanges;
  if (!c.request && !c.curl) return [];
  return [
    {
      method: c.request?.method ?? '?',
      url: c.request?.url ?? '?',
      requestHeaders: c.request?.headers,
      requestBody: c.request?.body,
      responseExcerpt: c.responseExcerpt,
      curl: c.curl,
    },
  ];
}

/**
 * The command that runs this one check again against the same target with the run's seed: the
 * run's own replay line (lib/run/config/replay.ts) from the recorded configuration, or for reports without
 * it, the same line from the header.
 */
export function replayCommand(report: RunReport, c: CheckResult): string {
  const h = report.header;
  const cfg = h.config as Partial<ResolvedConfig>;
  if (typeof cfg?.baseUrl === 'string' && cfg.auth && cfg.resolvedVariant && Array.isArray(cfg.features))
    return configReplay(cfg as ResolvedConfig, c.id);
  const parts = [calcertCommand(), 'certify'];
  if (!h.embedded) parts.push('--base-url', shellQuote(h.target));
  if (h.namespace && h.namespace !== 'cal/events/v1') parts.push('--namespace', shellQuote(h.namespace));
  parts.push('--variant', h.variant.resolved);
  if (h.features.length) parts.push('--features', shellQuote(h.features.join(',')));
  if (h.readOnly && !h.embedded) parts.push('--read-only');
  parts.push('--seed', String(h.seed));
  parts.push('--grep', shellQuote(idPattern(c.id)));
  return parts.join(' ');
}

/**
 * The comment lines above a check's curl lines. The curl lines show the exchanges as they were:
 * the check deleted its records when it ended, so sent again they meet IDs that no longer exist
 * (404, an empty list) and would mislead without saying so; the replay line re-creates them.
 * Curl lines use `$CAL_PASSWORD` (never the password itself): say how to supply it.
 */
export function curlNotes(curls: string[]): string[] {
  if (!curls.length) return [];
  const notes = [
    '# the exchanges as they were: the records the check created were deleted when it ended, so a line naming one now meets an ID that no longer exists (404, an empty list); the replay line runs the check again with new records',
  ];
  if (curls.some((c) => c.includes('CAL_PASSWORD') || c.includes('CAL_AUTH')))
    notes.push(
      '# export CAL_USER and CAL_PASSWORD (or CAL_AUTH_HEADER) first: the lines read them from the environment',
    );
  return notes;
}

export function firstLine(s: string | undefined): string {
  return (s ?? '').split('\n')[0] ?? '';
}

/** Text for a Markdown table cell: a `|` escaped, line breaks as spaces. */
export function mdCell(s: string): string {
  return s.replace(/\|/g, '\\|').replace(/\n/g, ' ');
}

/** What a re-confirmation mark means, in words (the reports' text beside a failure). Pure. */
export function reconfirmedText(mark: 'reproduced' | 'intermittent'): string {
  return mark === 'reproduced'
    ? 'reproduced: it failed again when run once more on fresh records with the same seed'
    : 'intermittent: it passed when run once more on fresh records with the same seed; it stays a failure';
}

/** One line for the terminal: how the failures held when run again; null when none failed. Pure. */
export function reconfirmationLine(
  summary: ReportFooter['reconfirmation'],
  checks: readonly CheckResult[],
): string | null {
  if (!summary?.failed) return null;
  const intermittent = checks.filter((c) => c.reconfirmed === 'intermittent').map((c) => c.id);
  const parts = [`${summary.reproduced} reproduced`, `${summary.intermittent} intermittent`];
  if (summary.unsettled?.length) parts.push(`${summary.unsettled.length} not re-confirmed`);
  return `re-confirmed: ${summary.failed} failed must-check(s) run once more on fresh records with the same seed: ${parts.join(', ')}${intermittent.length ? ` (intermittent, still failures: ${intermittent.slice(0, 8).join(', ')}${intermittent.length > 8 ? ', ...' : ''})` : ''}; ${summary.requests} request${summary.requests === 1 ? '' : 's'}`;
}
