/**
 * The tolerance matrix: the embedded reference server with the original's quirks on (all of a
 * variant's at once, and each alone) must still be certified, and only the should-checks a quirk
 * names in `mayWarn` may warn. Single-quirk runs cover only the checks the quirk can affect
 * (SCOPES below, plus its `mayWarn`); the all-quirks runs cover every check. Runs go a few at a
 * time (they wait on HTTP more than they compute). Under CALCERT_TOLERANCE_SCOPES=evidence the
 * single runs cover measured evidence instead (evidenceOf: fixtures/reference-server/tracking.ts),
 * about 3.6 times the scopes' checks (README "the tolerance test").
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { QUIRKS, type QuirkDef, type QuirkName } from '../../fixtures/reference-server/quirks.ts';
import type { QuirkTracker } from '../../fixtures/reference-server/tracking.ts';
import { modelCheckId, operationOf, parseRoute } from '../../lib/spec/model/route.ts';
import type { ResolvedConfig } from '../../lib/run/config/model.ts';
import { certify } from '../../lib/certify/certify.ts';
import { throwawayConfig } from '../../lib/certify/faultrun.ts';
import type { ListedCheck } from '../../lib/check/list.ts';
import { RunSession } from '../../lib/certify/runner.ts';
import type { CheckResult } from '../../lib/report/results.ts';

import { SELFTEST_DIR } from './selftest-dir.ts';

export { SELFTEST_DIR };
export type Variant = 'base' | 'extended';

const ALL_GROUPS = ['events', 'venues', 'organizers', 'categories', 'tags'];
const every = (ops: string[], groups = ALL_GROUPS) => groups.flatMap((g) => ops.map((o) => `${g}.${o}.`));
const EL = (...names: string[]) => names.map((n) => `events.list.${n}`);

/**
 * Check-ID prefixes a quirk can affect: the operations (and for the big events list, the
 * behaviours) whose answers it changes. `errors.` holds the route-table checks, which touch
 * every route. The all-quirks runs cover every check, so a scope only needs to be wide enough to
 * attribute warnings to the quirk and to catch a must-check the quirk breaks on its own.
 *
 * Why each quirk runs alone (the single runs are about 85% of this matrix's checks, the largest
 * part of `npm test`'s CPU; examined for issue 39's budget): two quirks with disjoint mayWarn
 * lists in one run would prove less. A scope is a list of where a quirk's effect is expected,
 * not a proof that it reaches nothing else, so a warning of a check in A's mayWarn could be B's
 * doing (the "mayWarn lists nothing the quirk does not break" test would pass on a stale entry),
 * and B could hide a must-check A breaks on its own (two quirks on one route: missing-record-400
 * with drafts-unpublished, the update quirks with each other). Keyed by
 * `QuirkName`: a quirk without a scope, or a misspelt one, fails the type check.
 */
export const SCOPES: Record<QuirkName, string[]> = {
  'missing-record-400': [...every(['read', 'update', 'delete', 'by-slug', 'missing']), 'errors.'],
  'root-names-no-version': [...every(['missing']), 'root.'],
  'linked-update-existing-first': ['events.update.', 'events.create.', 'events.fields.'],
  'linked-website-url-only': [
    ...every(['create', 'update', 'fields'], ['venues', 'organizers']),
    'errors.fuzz.',
    'events.fields.cleared',
  ],
  'date-filters-site-wall-clock': [...EL('strict-dates', 'date-filters', 'starts', 'ends', 'default-window')],
  'strict-bounds-utc': [...EL('strict-dates', 'date-filters', 'starts', 'ends'), 'observe.events-dates.'],
  'text-rendered': [
    'events.model.',
    'events.create.',
    'events.update.',
    'events.read.',
    'events.by-slug.',
    ...EL('search', 'contract', 'shape'),
  ],
  'cost-formatted': ['events.create.', 'events.update.', 'events.read.', ...EL('contract', 'shape')],
  'website-defaults-permalink': ['events.create.', 'events.update.'],
  'slugs-sanitize-title': [...every(['create', 'update', 'by-slug', 'fields']), 'events.model.'],
  'term-text-kses': [
    ...every(['create', 'update', 'read', 'fields', 'list'], ['categories', 'tags']),
    'events.create.',
  ],
  'json-ld-original': [...every(['read', 'by-slug'], ['events', 'venues', 'organizers']), 'events.model.'],
  'permalink-follows-status': [...every(['delete', 'read', 'by-slug', 'create', 'update']), 'events.model.'],
  'venue-map-off-by-default': [...every(['create', 'read', 'fields', 'update'], ['venues']), 'events.create.'],
  'list-urls-trailing-slash': [...every(['list', 'pages']), 'observe.'],
  'events-list-url-args': ['events.list.', 'events.pages.', 'events.params.', 'observe.events-'],
  'list-order-local-start': ['events.list.', 'events.pages.', 'events.params.', 'observe.events-'],
  'pub-dates-apart': [...every(['update', 'fields', 'delete', 'create', 'read']), 'events.model.', 'observe.'],
  'linked-list-url-args': [...every(['list', 'pages'], ['venues', 'organizers']), 'observe.'],
  'event-website-esc-html': ['events.create.', 'events.update.', 'events.fields.', 'events.read.', 'events.model.'],
  'linked-slug-from-name': [
    ...every(['create', 'by-slug', 'fields', 'read'], ['venues', 'organizers']),
    'events.create.',
  ],
  'invalid-params-arg-order': [...every(['create', 'update', 'fields']), 'errors.'],
  'linked-name-rendered': [
    ...every(['create', 'update', 'fields', 'read', 'list', 'by-slug'], ['venues', 'organizers']),
    'events.create.',
    'events.read.',
  ],
  'linked-meta-sanitized': [
    ...every(['create', 'update', 'fields', 'read', 'list', 'by-slug'], ['venues', 'organizers']),
    'events.create.',
    'errors.fuzz.',
  ],
  'modified-from-date': [...every(['create', 'read', 'fields']), 'events.model.', 'observe.'],
  'linked-no-slug': [
    ...every(['create', 'read', 'by-slug', 'fields', 'list'], ['venues', 'organizers']),
    'events.create.',
  ],
  'linked-description-rendered': [
    ...every(['create', 'read', 'update', 'fields', 'by-slug'], ['venues', 'organizers']),
    'events.create.',
  ],
  'timezone-abbr-php': [...every(['create', 'read', 'update', 'fields', 'list'], ['events']), 'events.model.'],
  'child-by-parent-path': ['events.by-slug.', 'observe.events-read.'],
  'empty-text-refused': [
    ...every(['create', 'update', 'fields'], ['events', 'categories', 'tags']),
    'events.payload.',
    'events.model.',
    'errors.',
  ],
  'event-update-resets-unsent': ['events.model.', 'events.update.', 'events.by-slug.', 'errors.'],
  'event-update-epoch-dates': [
    'events.model.',
    'events.update.',
    'events.by-slug.',
    'errors.',
    'venues.list.event',
    'organizers.list.event',
  ],
  'linked-update-resets-unsent': [...every(['update', 'by-slug'], ['venues', 'organizers']), 'errors.'],
  'event-slug-update-error-body': ['events.by-slug.', 'events.update.', 'errors.'],
  'venue-name-merge': [...every(['create', 'update'], ['venues', 'organizers']), 'events.create.', 'errors.'],
  'venue-array-rejected': ['events.create.', 'events.update.', 'errors.', ...EL('venue', 'filters-and')],
  'linked-empty-description-kept': [...every(['fields', 'update'], ['venues', 'organizers'])],
  'drafts-unpublished': ['events.', 'errors.', 'observe.'],
  'unknown-term-ids-ignored': ['events.fields.', 'events.create.', 'events.update.', 'errors.'],
  'venue-map-flags-strings-only': [...every(['create', 'update', 'fields', 'payload'], ['venues']), 'events.create.'],
  'tag-existing-name-new-tag': ['events.create.', 'events.update.', 'tags.list.', ...EL('tags')],
  'tags-filter-first-only': EL('tags', 'filters-and', 'unknown-values'),
  'include-applies-window': EL(
    'include',
    'default-window',
    'date-filters-property',
    'starts-',
    'ends-',
    'strict-dates',
  ),
  'default-window-drops-running': EL(
    'default-window',
    'include',
    'contract',
    'empty',
    'page',
    'per-page',
    'hide-from-listings',
  ),
  'next-url-unfollowable': [
    'venues.list.',
    'organizers.list.',
    'categories.list.pages',
    'tags.list.pages',
    'categories.list.page-links',
    'tags.list.page-links',
    'errors.',
    ...EL('next-url', 'page', 'page-links', 'per-page', 'status', 'shape', 'totals', 'categories', 'tags', 'search'),
  ],
  'date-ties-unstable': ['venues.list.', 'organizers.list.'],
  'linked-search-no-match': ['venues.list.', 'organizers.list.'],
  'empty-list-404': [...every(['list']), 'errors.', 'root.'],
  'list-timestamp-1970': EL('timestamp-dates'),
  'date-filters-overlap': EL(
    'base-',
    'start-date',
    'end-date',
    'date-filters-property',
    'default-window',
    'date-filters-inverted-window',
  ),
  'hidden-events-listed': [...EL('hide-from-listings', 'include'), 'events.read.'],
  'inline-venue-object-only': ['events.create.', 'events.update.', 'events.model.', 'errors.'],
  'inline-organizers-array-only': ['events.create.', 'events.update.', 'events.model.', 'errors.'],
  'password-not-stored': ['events.create.', 'events.update.', 'events.read.'],
  'starts-after-replaces-start-date': EL('date-filters', 'starts-', 'start-date', 'strict-dates', 'include'),
  'ends-before-replaces-end-date': EL('date-filters', 'ends-', 'end-date', 'strict-dates', 'include'),
  'base-inverted-window-overlap': EL('base-', 'date-filters', 'start-date', 'end-date', 'default-window'),
  'venue-not-unlinkable': ['events.fields.', 'events.update.', 'errors.'],
  'upcoming-drafts-never-count': ['venues.list.', 'organizers.list.'],
  'event-image-clear-refused': ['events.create.', 'events.fields.', 'events.update.', 'events.model.', 'errors.'],
};

// Issue 12's coverage checks (events.fields/params/pages/visibility) under the quirks that touch them.
for (const [quirk, prefixes] of Object.entries<string[]>({
  'text-rendered': ['events.fields.', 'events.by-slug.'],
  'cost-formatted': ['events.fields.'],
  'event-update-resets-unsent': ['events.fields.'],
  'event-update-epoch-dates': ['events.fields.'],
  'venue-array-rejected': ['events.fields.'],
  'tag-existing-name-new-tag': ['events.fields.'],
  'missing-record-400': ['events.visibility.'],
  'tags-filter-first-only': ['events.params.'],
  'include-applies-window': ['events.params.'],
  'next-url-unfollowable': ['events.pages.', 'events.params.'],
  'empty-list-404': ['events.params.', 'events.visibility.', 'events.pages.'],
  'hidden-events-listed': ['events.fields.', 'events.visibility.'],
  'inline-venue-object-only': ['events.fields.'],
  'linked-update-resets-unsent': ['venues.fields.', 'organizers.fields.'],
  'inline-organizers-array-only': ['events.fields.'],
} satisfies Partial<Record<QuirkName, string[]>>))
  SCOPES[quirk as QuirkName] = [...SCOPES[quirk as QuirkName], ...prefixes];

/** The checks a single-quirk run covers: those under the quirk's scopes, and its mayWarn. */
export function scopeIds(q: QuirkDef, checks: ListedCheck[]): string[] {
  const prefixes = SCOPES[q.name] ?? [''];
  return checks.filter((c) => prefixes.some((p) => c.id.startsWith(p)) || q.mayWarn.includes(c.id)).map((c) => c.id);
}

/**
 * Evidence of a tracked run with no quirk (fixtures/reference-server/tracking.ts): for each check,
 * the quirks its requests asked or read from records' stains. Labels: a check ID; `setup <ID>`,
 * a shared setup made by that check, for every check of its file (rule 4); `observe`, the
 * observation crawl, for every observation check (the only readers of what it learned: the
 * workers get it as `calcertObserved`, read by suites/observe/ alone); `seed`, the seeding, whose
 * asks are on the seeded records (a check reading them has them already); `preflight`, the run's
 * own requests, which reach the checks only through the resolved configuration (`preflight` below)
 * and the records (stains); '' outside any request (the route table at start-up): every check.
 * A model check (`<resource>.<operation>.model`) judges every answer of its route-method: it has
 * what any request of that route-method asked.
 */
export interface Evidence {
  variant: Variant;
  /** Quirks by check ID. */
  byCheck: Map<string, Set<string>>;
  /** Quirks asked outside any request: they reach every check (already in `byCheck`). */
  global: Set<string>;
  /** Quirks the run's own requests asked (the preflight): a run under one must resolve the same configuration. */
  preflight: Set<string>;
  /** Requests by label, for the report. */
  requests: number;
  /** The resolved configuration's part that comes from the target's answers. */
  config: string;
}

/** What of a resolved configuration the target's answers decide (the preflight's findings, the fixtures). */
export function configFingerprint(config: ResolvedConfig | undefined): string {
  if (!config) return '(none)';
  const { resolvedVariant, detectedVariant, fixtures, rootVersion, namespace, features, readOnly } = config;
  // The embedded server's port is in its URLs: another each run.
  return JSON.stringify({
    resolvedVariant,
    detectedVariant,
    fixtures,
    rootVersion,
    namespace,
    features,
    readOnly,
  }).replace(/http:\/\/127\.0\.0\.1:\d+/g, 'http://127.0.0.1:PORT');
}

export function evidenceOf(
  tracker: QuirkTracker,
  variant: Variant,
  checks: ListedCheck[],
  config: ResolvedConfig | undefined,
): Evidence {
  const fileOf = new Map(checks.map((c) => [c.id, c.file]));
  const byCheck = new Map<string, Set<string>>(checks.map((c) => [c.id, new Set<string>()]));
  const add = (id: string, quirks: Iterable<string>) => {
    const set = byCheck.get(id);
    if (set) for (const q of quirks) set.add(q);
  };
  const labels = tracker.byLabel;
  const global = new Set<string>(labels.get('') ?? []);
  const preflight = new Set<string>(labels.get('preflight') ?? []);
  for (const [label, quirks] of labels) {
    if (label === '' || label === 'seed' || label === 'preflight') continue;
    if (label === 'observe') {
      for (const c of checks) if (c.id.startsWith('observe.')) add(c.id, quirks);
    } else if (label.startsWith('setup ')) {
      const file = fileOf.get(label.slice(6));
      // A setup of an unknown check reaches every check (never narrower than the truth).
      for (const c of checks) if (file === undefined || c.file === file) add(c.id, quirks);
    } else if (byCheck.has(label)) add(label, quirks);
    else for (const q of quirks) global.add(q);
  }
  for (const [key, quirks] of tracker.byRoute) {
    const [method = '', route = ''] = key.split(' ');
    const parsed = parseRoute(route);
    const op = parsed ? operationOf(method, parsed) : null;
    if (parsed && op) add(modelCheckId(parsed.resource, op), quirks);
  }
  for (const set of byCheck.values()) for (const q of global) set.add(q);
  const requests = [...tracker.requests.values()].reduce((a, b) => a + b, 0);
  return { variant, byCheck, global, preflight, requests, config: configFingerprint(config) };
}

/** The checks a single-quirk run covers by evidence: those whose requests asked the quirk, and its mayWarn. */
export function evidenceIds(q: QuirkDef, evidence: Evidence): string[] {
  return [...evidence.byCheck]
    .filter(([id, quirks]) => quirks.has(q.name) || q.mayWarn.includes(id))
    .map(([id]) => id)
    .sort();
}

export interface ToleranceRun {
  /** `original` (every quirk of the variant) or one quirk's name. */
  quirks: string;
  variant: Variant;
  /** How many checks ran (all of them for `original`). */
  checks: number;
  /** Checks the run was asked for that produced no result row (none may: an absent row proves nothing). */
  missing: string[];
  verdict: string;
  problem?: string;
  /** Must-checks that failed, were blocked or errored: none may. */
  broken: Array<{ id: string; level: string; status: string; message: string }>;
  /** Should-checks that were blocked or errored (reported, not judged: setup trouble, not the quirk). */
  notes: Array<{ id: string; status: string; message: string }>;
  /** Should-checks that warned. */
  warned: string[];
  /**
   * Warned but not in the quirks' mayWarn, each with its message (an intermittent warning is
   * diagnosed from the one run that showed it: the report and the test's failure keep it).
   */
  unexpected: Array<{ id: string; message: string }>;
  ms: number;
  /** The resolved configuration's fingerprint (configFingerprint). */
  config?: string;
  /** Evidence mode: how many checks the hand scope and the evidence hold, and the evidence's outside the hand scope. */
  scopes?: { hand: number; evidence: number; wider: number; fallback?: boolean };
}

/**
 * `CALCERT_TOLERANCE_SCOPES=evidence`: each single-quirk run covers the checks whose requests
 * asked the quirk in a tracked run with no quirk (evidenceOf), not SCOPES. A measurement run on
 * demand (README "Tolerance matrix"): sound evidence holds about three times the hand scopes'
 * checks, so `npm test` keeps SCOPES.
 */
export const EVIDENCE_MODE = process.env['CALCERT_TOLERANCE_SCOPES'] === 'evidence';

/** At most this many certification runs at once. */
const PARALLEL_RUNS = 2;
/**
 * One vitest session per slot, reused by the runs that take the slot (creating vitest for each
 * of the ~60 runs costs more than most of them), each run on one worker thread (a worker's
 * start-up is most of a short run's CPU: lib/certify/runner.ts RunSession).
 */
const free: RunSession[] = [];
const sessions: RunSession[] = [];
const waiting: Array<() => void> = [];

async function gate<T>(fn: (session: RunSession) => Promise<T>): Promise<T> {
  if (!free.length && sessions.length < PARALLEL_RUNS) {
    const s = new RunSession({ maxWorkers: 1, keepWorkers: true });
    sessions.push(s);
    free.push(s);
  }
  while (!free.length) await new Promise<void>((r) => waiting.push(r));
  const session = free.pop() as RunSession;
  try {
    return await fn(session);
  } finally {
    free.push(session);
    waiting.shift()?.();
  }
}

/** Close the sessions (the tolerance test's afterAll). */
export async function closeToleranceSessions(): Promise<void> {
  await Promise.all(sessions.splice(0).map((s) => s.close()));
  free.length = 0;
}

function mayWarnOf(names: string[]): Set<string> {
  return new Set(QUIRKS.filter((q) => names.includes(q.name)).flatMap((q) => q.mayWarn));
}

export async function runTolerance(
  quirk: string,
  variant: Variant,
  ids: string[] | undefined,
  opts: {
    seed?: number;
    numRuns?: number;
    files?: string[];
    expected?: readonly string[];
    /** Track which quirks each check's requests ask (the evidence run: quirk `none`). */
    tracker?: QuirkTracker;
  } = {},
): Promise<ToleranceRun> {
  return gate(async (session) => {
    const started = Date.now();
    const config = throwawayConfig(variant, { seed: opts.seed, numRuns: opts.numRuns ?? 3 });
    // A throwaway embedded server: no sweep; only the files holding the checks in scope.
    const result = await certify(config, {
      ids,
      files: opts.files,
      reference: { quirks: quirk === 'none' ? [] : [quirk], ...(opts.tracker ? { tracker: opts.tracker } : {}) },
      writeReports: false,
      sweep: false,
      session,
    });
    const checks: CheckResult[] = result.report?.checks ?? [];
    const active =
      quirk === 'original' ? QUIRKS.filter((q) => q.variants.includes(variant)).map((q) => q.name) : [quirk];
    // The evidence run (`none`): the same seed, runs, features and checks as the single runs.
    const allowed = mayWarnOf(active);
    const short = (m?: string) => (m ?? '').split('\n').slice(0, 4).join(' | ').slice(0, 600);
    const broken = checks
      .filter((c) => c.level === 'must' && ['fail', 'blocked', 'error'].includes(c.status))
      .map((c) => ({ id: c.id, level: c.level, status: c.status, message: short(c.message) }));
    const notes = checks
      .filter((c) => c.level === 'should' && ['blocked', 'error'].includes(c.status))
      .map((c) => ({ id: c.id, status: c.status, message: short(c.message) }));
    const warned = checks.filter((c) => c.status === 'warn').map((c) => c.id);
    // Every check asked for (the scope's IDs, or `expected` for a run over every check) has a row.
    const got = new Set(checks.map((c) => c.id));
    const missing = (ids ?? opts.expected ?? []).filter((id) => !got.has(id));
    return {
      quirks: quirk,
      variant,
      checks: checks.length,
      missing,
      verdict: result.report?.footer.verdict ?? 'none',
      ...(result.problem ? { problem: result.problem } : {}),
      broken,
      notes,
      warned,
      unexpected: checks
        .filter((c) => c.status === 'warn' && !allowed.has(c.id))
        .map((c) => ({ id: c.id, message: short(c.message) })),
      ms: Date.now() - started,
      config: configFingerprint(result.config),
    };
  });
}

/** reports/selftest/tolerance.{json,md}: quirks by checks (which checks warned under which quirk). */
export function writeToleranceReport(rows: ToleranceRun[]): void {
  mkdirSync(SELFTEST_DIR, { recursive: true });
  rows.sort(
    (a, b) =>
      (a.quirks === 'original' ? -1 : b.quirks === 'original' ? 1 : a.quirks.localeCompare(b.quirks)) ||
      a.variant.localeCompare(b.variant),
  );
  const byCheck = new Map<string, Set<string>>();
  for (const r of rows) {
    if (r.quirks === 'original') continue;
    for (const id of r.warned) byCheck.set(id, (byCheck.get(id) ?? new Set()).add(`${r.quirks} (${r.variant})`));
  }
  const quirks = QUIRKS.map((q) => ({ name: q.name, variants: q.variants, mayWarn: q.mayWarn }));
  const checks = Object.fromEntries([...byCheck].sort(([a], [b]) => a.localeCompare(b)).map(([id, s]) => [id, [...s]]));
  writeFileSync(
    join(SELFTEST_DIR, 'tolerance.json'),
    JSON.stringify({ format: 1, quirks, runs: rows, checks }, null, 1) + '\n',
  );
  const md = [
    '# Tolerance matrix',
    '',
    "The embedded reference server with the original's quirks on must be certified, and only the should-checks a quirk names in `mayWarn` may warn.",
    '`original` = every quirk of the variant, over every check; a single quirk runs over the checks it can affect: the hand scope (selftest/support/tolerance.ts SCOPES), or under CALCERT_TOLERANCE_SCOPES=evidence the checks whose requests asked it in the tracked run with no quirk (`none`).',
    '',
    '| quirks | variant | checks | scope: hand / evidence (outside hand) | verdict | warned | must broken / unexpected | ms |',
    '|---|---|---|---|---|---|---|---|',
  ];
  const notes: string[] = [];
  for (const r of rows) {
    const bad = [
      ...r.broken.map((b) => `${b.id} ${b.status}`),
      ...r.unexpected.map((u) => `${u.id} warn (not in mayWarn)`),
    ];
    md.push(
      `| ${r.quirks} | ${r.variant} | ${r.checks} | ${r.scopes ? `${r.scopes.hand} / ${r.scopes.evidence} (${r.scopes.wider})${r.scopes.fallback ? ', all: preflight differed' : ''}` : '—'} | ${r.verdict} | ${r.warned.join(', ') || '—'} | ${bad.join(', ') || '—'} | ${r.ms} |`,
    );
    for (const n of r.notes) notes.push(`- ${r.quirks} (${r.variant}): ${n.id} ${n.status}: ${n.message}`);
  }
  if (notes.length) md.push('', '## Should-checks blocked or erroring (not judged)', '', ...notes);
  md.push('', '## Checks by quirks', '', '| check | warns under |', '|---|---|');
  for (const [id, s] of Object.entries(checks)) md.push(`| ${id} | ${s.join(', ')} |`);
  writeFileSync(join(SELFTEST_DIR, 'tolerance.md'), md.join('\n') + '\n');
}
