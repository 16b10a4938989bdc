/**
 * The coverage map of a run (issue 32): per element of the interface (lib/coverage/elements.ts),
 * whether the run judged it at must, at should only, only exercised it, or never sent it (and why),
 * measured from what the checks' requests sent (lib/coverage/traffic.ts, recorded per check by
 * lib/check/context.ts). Also declared against measured: requirements a check cites but never sends.
 * Pure: the map is computed once after the run from what the checks recorded; no request.
 */
import type { Level, Status } from '../types.ts';
import { excuseOf } from './declared.ts';
import { allElements, type Element, elementsOf, GROUPS, type Group } from './elements.ts';

export type CoverageStatus = 'judged-must' | 'judged-should' | 'exercised' | 'not-exercised';
export const COVERAGE_STATUSES: readonly CoverageStatus[] = [
  'judged-must',
  'judged-should',
  'exercised',
  'not-exercised',
];

/** Why an element was not exercised. */
export type NotExercisedReason =
  | 'variant'
  | 'feature off'
  | 'fixture absent'
  | 'read-only'
  | 'no data on the site'
  | 'checks not judged'
  | 'not sent by any check';

/** The reasons that rule an element out of a run's figures (other variant, feature off). */
export type RuledOut = Extract<NotExercisedReason, 'variant' | 'feature off'>;

export interface CoverageEntry {
  id: string;
  status: CoverageStatus;
  /**
   * Why it was not exercised; on an element that was sent or judged only `variant` or `feature
   * off`: ruled out of the figures all the same (never counted).
   */
  reason?: NotExercisedReason;
  /** The checks whose verdict judged it (pass, fail, warn), must-checks first. */
  judgedBy?: string[];
  /** How many checks sent it (or whose answers carried it). */
  sentBy: number;
}

export interface GroupFigures {
  total: number;
  judged: number;
  judgedMust: number;
  exercised: number;
}

export interface CoverageMap {
  /** The variant whose elements are counted. */
  variant: string;
  /** Share of the variant's elements (with the run's features) judged at either level, and at must, in percent (one decimal). */
  judgedShare: number;
  mustShare: number;
  total: number;
  judged: number;
  judgedMust: number;
  byGroup: Record<string, GroupFigures>;
  /** Elements of the variant, and those ruled out for the run (other variant, feature off) with their reason. */
  elements: CoverageEntry[];
  /**
   * Declared against measured: requirements a judged check cites but no request of it sent;
   * `excused` gives the justified exception (lib/coverage/declared.ts), absent: a mislabelled check.
   */
  mislabelled: Array<{ check: string; requirement: string; excused?: string }>;
  /** A --grep run: only the elements its selected checks sent or cite are shown and counted. */
  selection?: { grep: string };
}

/** What the map needs of a check's result. */
export interface CheckTraffic {
  id: string;
  level: Level;
  status: Status;
  tags: readonly string[];
  requirements: readonly string[];
  message?: string;
  traffic?: { sent: readonly string[]; judged: readonly string[] };
}

export interface RunScope {
  variant: string;
  features: readonly string[];
  /** Fixture keys the run had. */
  fixtures: readonly string[];
  readOnly: boolean;
  grep?: string;
}

const JUDGING: readonly Status[] = ['pass', 'fail', 'warn', 'expected-fail', 'stale-expectation'];

/** Whether a check's verdict judges what it asserted on (pass or fail; warn is a should-level fail). */
export function judges(status: Status): boolean {
  return JUDGING.includes(status);
}

/**
 * The elements a requirement stands for, as a check that cites it must send at least one: the
 * element of a route or parameter, every write operation of a field; a coverage row
 * (`cover:<resource>.<field>.<op>`) the field under that operation, or under any when the row names
 * none (invalid, clear, keep). Undefined when the requirement is no element's (other coverage rows).
 */
export function elementsOfRequirement(requirement: string, elements: readonly Element[]): string[] | undefined {
  return elementsOfRequirementIn(requirement, byRequirement(elements));
}

/** Elements by the requirement they stand for, each list in the elements' order. */
function byRequirement(elements: readonly Element[]): Map<string | undefined, Element[]> {
  const out = new Map<string | undefined, Element[]>();
  for (const e of elements) {
    const list = out.get(e.requirement);
    if (list) list.push(e);
    else out.set(e.requirement, [e]);
  }
  return out;
}

/**
 * elementsOfRequirement over elements indexed by requirement (byRequirement): the same lists,
 * filtered from a requirement's elements instead of from every element of the interface per call.
 */
function elementsOfRequirementIn(
  requirement: string,
  index: ReadonlyMap<string | undefined, readonly Element[]>,
): string[] | undefined {
  const direct = (index.get(requirement) ?? []).filter((e) => e.kind !== 'value' && e.kind !== 'response');
  if (direct.length) return direct.map((e) => e.id);
  const m = /^cover:(events|venues|organizers|categories|tags)\.([a-z_]+)\.([a-z0-9-]+)$/.exec(requirement);
  if (!m) return undefined;
  const [, res, field, op] = m as unknown as [string, string, string, string];
  const ofField = (index.get(`field:${res}.${field}`) ?? []).filter((e) => e.kind === 'field');
  if (!ofField.length) return undefined;
  if (op === 'create' || op === 'post' || op === 'put' || op === 'patch') return [`field:${res}.${field}@${op}`];
  // A `keep` row's field is by definition not sent on the update it is kept through: no element.
  if (/^(invalid|invalid-400|clear)$/.test(op)) return ofField.map((e) => e.id);
  return undefined;
}

/**
 * Whether the run's variant or features rule an element out of the figures (`variant`, `feature
 * off`), whether or not a request sent it; undefined when it is counted. Pure.
 */
export function ruledOutBy(e: Element, scope: Pick<RunScope, 'variant' | 'features'>): RuledOut | undefined {
  if (e.variant === 'extended' && scope.variant !== 'extended') return 'variant';
  if (e.needs && 'feature' in e.needs && !scope.features.includes(e.needs.feature)) return 'feature off';
  return undefined;
}

/** Why an element no request sent was not exercised. Pure. */
export function reasonOf(e: Element, scope: RunScope, citing: readonly CheckTraffic[]): NotExercisedReason {
  const out = ruledOutBy(e, scope);
  if (out) return out;
  if (e.needs?.fixture && !scope.fixtures.includes(e.needs.fixture)) return 'fixture absent';
  if (scope.readOnly && e.writes) return 'read-only';
  if (citing.some((c) => c.status === 'blocked' || c.status === 'error')) return 'checks not judged';
  if (scope.readOnly) return 'no data on the site';
  return 'not sent by any check';
}

function pct(n: number, of: number): number {
  return of ? Math.round((1000 * n) / of) / 10 : 0;
}

/** The coverage map of a run. Pure. */
export function buildCoverageMap(
  checks: readonly CheckTraffic[],
  scope: RunScope,
  elements: readonly Element[] = allElements(),
): CoverageMap {
  const known = new Set(elements.map((e) => e.id));
  const sentBy = new Map<string, number>();
  const judgedBy = new Map<string, { must: string[]; should: string[] }>();
  for (const c of checks) {
    if (!c.traffic) continue;
    for (const id of new Set(c.traffic.sent)) if (known.has(id)) sentBy.set(id, (sentBy.get(id) ?? 0) + 1);
    if (!judges(c.status)) continue;
    for (const id of new Set(c.traffic.judged)) {
      if (!known.has(id)) continue;
      const j = judgedBy.get(id) ?? { must: [], should: [] };
      j[c.level].push(c.id);
      judgedBy.set(id, j);
    }
  }
  // Checks citing each requirement (for the reasons of elements nobody sent, and a --grep run's scope).
  // Each list grows in place (a copy per citing check was quadratic in the checks citing one requirement).
  const citing = new Map<string, CheckTraffic[]>();
  for (const c of checks)
    for (const r of c.requirements) {
      const list = citing.get(r);
      if (list) list.push(c);
      else citing.set(r, [c]);
    }

  const entries: CoverageEntry[] = [];
  const counted: Array<{ e: Element; entry: CoverageEntry }> = [];
  for (const e of elements) {
    const sent = sentBy.get(e.id) ?? 0;
    const j = judgedBy.get(e.id);
    if (scope.grep && !sent && !(e.requirement && citing.has(e.requirement))) continue;
    const measured: CoverageEntry = j?.must.length
      ? { id: e.id, status: 'judged-must', judgedBy: [...j.must.sort(), ...j.should.sort()], sentBy: sent }
      : j?.should.length
        ? { id: e.id, status: 'judged-should', judgedBy: j.should.sort(), sentBy: sent }
        : sent
          ? { id: e.id, status: 'exercised', sentBy: sent }
          : {
              id: e.id,
              status: 'not-exercised',
              reason: reasonOf(e, scope, e.requirement ? (citing.get(e.requirement) ?? []) : []),
              sentBy: 0,
            };
    // Ruled out whatever the traffic (a base server may still answer an event's `categories`):
    // the entry says so itself, so that coverageFigures recounts from the elements alone.
    const out = ruledOutBy(e, scope);
    const entry = out && !measured.reason ? { ...measured, reason: out } : measured;
    entries.push(entry);
    if (!isRuledOut(entry)) counted.push({ e, entry });
  }
  const byGroup: Record<string, GroupFigures> = {};
  for (const g of GROUPS) byGroup[g] = { total: 0, judged: 0, judgedMust: 0, exercised: 0 };
  for (const { e, entry } of counted) {
    const g = byGroup[e.group as Group]!;
    g.total++;
    if (entry.status === 'judged-must' || entry.status === 'judged-should') g.judged++;
    if (entry.status === 'judged-must') g.judgedMust++;
    if (entry.status !== 'not-exercised') g.exercised++;
  }
  const total = counted.length;
  const judged = counted.filter((x) => x.entry.status.startsWith('judged')).length;
  const judgedMust = counted.filter((x) => x.entry.status === 'judged-must').length;
  return {
    variant: scope.variant,
    judgedShare: pct(judged, total),
    mustShare: pct(judgedMust, total),
    total,
    judged,
    judgedMust,
    byGroup,
    elements: entries,
    mislabelled: mislabelledOf(checks, elements, scope.variant).map((m) => {
      const why = excuseOf(m);
      return why ? { ...m, excused: why } : m;
    }),
    ...(scope.grep ? { selection: { grep: scope.grep } } : {}),
  };
}

/**
 * Declared against measured: each (check, requirement) where a check that passed cites a
 * requirement that stands for elements of the run's variant and none of its requests sent one. Pure.
 */
export function mislabelledOf(
  checks: readonly CheckTraffic[],
  elements: readonly Element[] = allElements(),
  variant = 'extended',
): Array<{ check: string; requirement: string }> {
  const out: Array<{ check: string; requirement: string }> = [];
  // A requirement of the other variant is not sent in this one (a check cites both variants' routes).
  const inVariant = new Set(elementsOf(variant).map((e) => e.id));
  // A requirement's elements of the variant, once per requirement (many checks cite the same; each
  // look-up filters every element of the interface).
  const ofRequirement = new Map<string, string[] | undefined>();
  const index = byRequirement(elements);
  for (const c of checks) {
    // Only a check that passed ran to its end: a failure or warning stops it at the first
    // difference, before the requests it would have sent next.
    if (!c.traffic || (c.status !== 'pass' && c.status !== 'stale-expectation')) continue;
    // The check's sent elements as a set when a requirement of it stands for elements.
    let sent: Set<string> | undefined;
    for (const r of c.requirements) {
      let els = ofRequirement.get(r);
      if (!ofRequirement.has(r)) {
        els = elementsOfRequirementIn(r, index)?.filter((id) => inVariant.has(id));
        ofRequirement.set(r, els);
      }
      if (!els?.length) continue;
      sent ??= new Set(c.traffic.sent);
      const has = sent;
      if (!els.some((id) => has.has(id))) out.push({ check: c.id, requirement: r });
    }
  }
  return out;
}

/** The groups whose judged share is under `min` percent, as `group judged/total (share%)`. Pure. */
export function shortGroups(map: CoverageMap, min: number): string[] {
  return Object.entries(map.byGroup)
    .filter(([, g]) => g.total > 0 && pct(g.judged, g.total) < min)
    .map(([name, g]) => `${name} ${g.judged}/${g.total} (${pct(g.judged, g.total)}%)`);
}

/** Whether an entry of a map is ruled out of its figures (the builder and verify read it alike). Pure. */
export function isRuledOut(entry: Pick<CoverageEntry, 'reason'>): boolean {
  return entry.reason === 'variant' || entry.reason === 'feature off';
}

/** The figures a certificate states, recounted from the map's elements (verify compares them). Pure. */
export function coverageFigures(map: Pick<CoverageMap, 'elements'>): {
  total: number;
  judged: number;
  judgedMust: number;
  judgedShare: number;
  mustShare: number;
} {
  const counted = map.elements.filter((e) => !isRuledOut(e));
  const judged = counted.filter((e) => e.status === 'judged-must' || e.status === 'judged-should').length;
  const judgedMust = counted.filter((e) => e.status === 'judged-must').length;
  return {
    total: counted.length,
    judged,
    judgedMust,
    judgedShare: pct(judged, counted.length),
    mustShare: pct(judgedMust, counted.length),
  };
}

/**
 * The --min-judged gate: null when the run judged at least `min` percent of the variant's
 * elements (or no gate is set), else the line saying so and which groups are short. Pure.
 */
export function judgedGate(map: CoverageMap | undefined, min: number): string | null {
  if (!min || !map) return null;
  if (map.judgedShare >= min) return null;
  const short = shortGroups(map, min);
  return `the run judged ${map.judgedShare}% of the ${map.variant} variant's interface elements (${map.judged} of ${map.total}), under --min-judged ${min}%; short: ${short.join(', ') || 'none by group'} (the coverage map in report.html says what each element lacked)`;
}
