/**
 * The judge of read-only verdicts (issue 38; lib/spec/judge/, its table lib/spec/judge/rules.ts):
 * one table of cases per rule. Every row of the rules table has cases here (the last test holds
 * it), and every rule that names a fault names one of the reference's registry.
 */
import { describe, expect, test } from 'vitest';
import { type ApiRecord, capped } from '../../lib/spec/contract.ts';
import { RULES, type RuleId } from '../../lib/spec/judge/rules.ts';
import { agreeOn, agreeOnIds, pastBound, setAsideBound } from '../../lib/spec/judge/snapshot.ts';
import { changed, type ItemRead, itemRead, sluggable } from '../../lib/spec/judge/fields.ts';
import {
  classify,
  conclude,
  type Difference,
  type FreshReading,
  listOlderThanItem,
  proveChange,
} from '../../lib/spec/judge/motion.ts';
import { countRange, explainable, judgeCount, type Motion, motionOf, moving } from '../../lib/spec/judge/count.ts';
import { childVerdict, namedParent, type Parenthood, parentCandidates } from '../../lib/spec/judge/child.ts';
import { declaredOpened, declaredSetAsides, passwordFixtures, refusalExcused } from '../../lib/spec/judge/refusal.ts';
import { nameOrder } from '../../lib/spec/judge/collation.ts';
import { pageEnd } from '../../lib/spec/judge/totals.ts';
import { partitionVerdict, shiftedAtBoundary, shiftedVerdict, tiedByDate } from '../../lib/spec/judge/partition.ts';
import { inconclusiveWhy, snapshotHeader, verdictOf, type CheckResult } from '../../lib/report/results.ts';
import { FAULTS } from '../../fixtures/reference-server/faults.ts';

const covered = new Set<RuleId>();
const rule = (id: RuleId) => {
  covered.add(id);
  return id;
};

const ev = (over: Partial<ApiRecord> = {}): ApiRecord => ({
  id: 7,
  title: 'Jazz night',
  status: 'publish',
  slug: 'jazz-night',
  start_date: '2027-05-10 20:00:00',
  end_date: '2027-05-10 23:00:00',
  modified: '2026-11-28 01:00:00',
  featured: false,
  venue: { id: 30, venue: 'Hall' },
  ...over,
});
const record = (r: ApiRecord): ItemRead => ({ kind: 'record', rec: r });
const gone: ItemRead = { kind: 'gone', status: 404 };
const refused: ItemRead = { kind: 'refused', status: 403 };
const listed = (copy?: ApiRecord): FreshReading['list'] => ({ listed: true, ...(copy ? { copy } : {}) });
const unlisted: FreshReading['list'] = { listed: false };
/** The filter of the tables: featured=1. */
const featured = (r: ApiRecord) => r.featured === true;
/** One passed must-check result of `id` with these set-asides (the verdict tables' input). */
const passedWith = (id: string, setAside: CheckResult['setAside']): CheckResult[] => [
  {
    id,
    title: 't',
    file: 'f',
    level: 'must',
    tags: ['observe'],
    requirements: ['r'],
    spec: 's',
    status: 'pass',
    duration: 1,
    setAside,
  },
];

describe(`rule ${rule('holds-still')}: what holds still`, () => {
  test.each<[string, ApiRecord, boolean]>([
    ['a new modified stamp', ev({ modified: '2026-11-28 02:00:00', modified_utc: 'x' }), false],
    ['the embedded venue stamp', ev({ venue: { id: 30, venue: 'Hall', modified: 'later' } }), false],
    ['entities and tags of text', ev({ title: '<b>Jazz&nbsp;night</b>' }), false],
    ['the title', ev({ title: 'Jazz day' }), true],
    ['a date', ev({ end_date: '2027-05-11 00:00:00' }), true],
    ['the status', ev({ status: 'trash' }), true],
    ['the slug', ev({ slug: 'jazz' }), true],
    ['featured', ev({ featured: true }), true],
    ['the linked venue', ev({ venue: { id: 32 } }), true],
  ])('%s', (_, b, differs) => expect(changed(ev(), b)).toBe(differs));
  test('a read: 401/403 refused, other 4xx gone, a 2xx of another id other', () => {
    expect(itemRead(403, {}, 7).kind).toBe('refused');
    expect(itemRead(400, {}, 7).kind).toBe('gone');
    expect(itemRead(200, { id: 8 }, 7).kind).toBe('other');
    expect(itemRead(200, { id: 7 }, 7).kind).toBe('record');
  });
});

describe(`rule ${rule('snapshot')}: the crawl read twice`, () => {
  test.each<[string, ApiRecord[], ApiRecord[], number[], number[], number[]]>([
    ['two equal readings', [ev()], [ev({ modified: 'later' })], [7], [], []],
    ['a record changed between them', [ev(), ev({ id: 8 })], [ev({ title: 'x' }), ev({ id: 8 })], [8], [7], []],
    ['a record gone in the second', [ev(), ev({ id: 8 })], [ev({ id: 8 })], [8], [7], []],
    ['a record arrived in the second', [ev()], [ev(), ev({ id: 9 })], [7], [], [9]],
  ])('%s', (_, a, b, kept, differing, arrived) => {
    const s = agreeOn(a, b);
    expect(s.kept.map((r) => r.id)).toEqual(kept);
    expect(s.differing).toEqual(differing);
    expect(s.arrived).toEqual(arrived);
  });
  test('the anonymous view: IDs in one reading only are out', () => {
    expect(agreeOnIds([1, 2, 3], [2, 3, 4])).toEqual({ kept: [2, 3], moved: [1, 4] });
  });
});

describe(`rule ${rule('bound')}: set-asides per run`, () => {
  test.each<[number, number]>([
    [0, 1],
    [19, 1],
    [40, 2],
    [97, 4],
    [200, 10],
    [900, 10],
  ])('a snapshot of %i records allows %i', (records, bound) => expect(setAsideBound(records)).toBe(bound));
  const checks = (setAside: number): CheckResult[] =>
    passedWith(
      'observe.events-filter.search',
      Array.from({ length: setAside }, (_, i) => ({
        plural: 'events',
        id: i + 1,
        rule: 'moved',
        why: 'x',
        counts: true,
      })),
    );
  test.each<[string, number, number, string]>([
    ['within the bound', 1, 2, 'certified-read-only'],
    ['one differing record and two set aside, bound 2', 1, 2, 'certified-read-only'],
    ['past the bound', 4, 0, 'inconclusive'],
    ['differing records count too', 0, 5, 'inconclusive'],
  ])('%s', (_, setAside, differing, verdict) => {
    const h = snapshotHeader({ records: 60, differing, arrived: 3, bound: 3 }, checks(setAside));
    expect(h?.setAside).toBe(setAside + differing);
    // An empty shortfall list of groups would make the read-only run inconclusive anyway: only the bound is asked here.
    expect(pastBound(h!) ? 'inconclusive' : 'certified-read-only').toBe(verdict);
    if (verdict === 'inconclusive') expect(inconclusiveWhy(checks(setAside), h)).toMatch(/site changing too fast/);
  });
  test('a failed must-check is not-certified whatever the bound', () => {
    const c = checks(20);
    c[0]!.status = 'fail';
    expect(verdictOf(c, true, [], false, snapshotHeader({ records: 60, differing: 0, arrived: 0, bound: 3 }, c))).toBe(
      'not-certified',
    );
  });
  // A deletion hides nothing the server still serves: a neighbour deleting its own records does
  // not make a run inconclusive (selftest/safety/neighbours.test.ts); an edit still counts.
  test.each<[string, FreshReading, boolean]>([
    ['gone by ID and from the list', { item: gone, list: unlisted }, true],
    ['trashed and no longer listed', { item: record(ev({ status: 'trash' })), list: unlisted }, true],
    ['unpublished and no longer listed', { item: record(ev({ status: 'draft' })), list: unlisted }, false],
    [
      'edited, by ID and in its list alike',
      { item: record(ev({ title: 'z' })), list: listed(ev({ title: 'z' })) },
      false,
    ],
  ])('a set-aside %s: deleted (not counted) %s', (_, fresh, deleted) => {
    const p = proveChange(ev(), fresh);
    expect(p.proven && p.deleted).toBe(deleted);
  });
  test('motionOf: a record listed later only and gone by ID passed through when a reading after no longer lists it', () => {
    const reads = new Map<number, ItemRead>([[9, gone]]);
    expect(motionOf([1], [1, 9], reads, new Map(), new Set([1]))).toMatchObject({
      arrived: [],
      unproven: [],
      passed: [9],
    });
    // Listed again after its read by ID answered 404: a listed record that does not exist.
    expect(motionOf([1], [1, 9], reads, new Map(), new Set([1, 9])).unproven.map((u) => u.id)).toEqual([9]);
    expect(motionOf([1], [1, 9], reads, new Map()).unproven.map((u) => u.id)).toEqual([9]);
  });
  test('motionOf: a record listed later only and refused by ID (a visitor reading a trashed event) passed through when a reading after no longer lists it', () => {
    const reads = new Map<number, ItemRead>([[9, refused]]);
    expect(motionOf([1], [1, 9], reads, new Map(), new Set([1]))).toMatchObject({ unproven: [], passed: [9] });
    // Still listed after: refused to whoever it is listed to.
    expect(motionOf([1], [1, 9], reads, new Map(), new Set([1, 9])).unproven.map((u) => u.id)).toEqual([9]);
    expect(motionOf([1], [1, 9], reads, new Map()).unproven.map((u) => u.id)).toEqual([9]);
  });
  test.each<[string, Motion, boolean]>([
    ['nothing moved', { arrived: [], left: [], unproven: [] }, false],
    ['only unproven differences', { arrived: [], left: [], unproven: [{ id: 3, why: 'x' }] }, false],
    ['a record arrived', { arrived: [9], left: [], unproven: [] }, true],
    ['one left, another skipped unchanged', { arrived: [], left: [2], unproven: [{ id: 3, why: 'x' }] }, true],
    ['one passed through', { arrived: [], left: [], passed: [9], unproven: [] }, true],
  ])('the site moves: %s', (_, m, yes) => expect(moving(m)).toBe(yes));
  test('motionOf: an unchanged record the later paged reading skipped at a page boundary while another left (rule shifted)', () => {
    // Earlier [1 2 3 4 5], later in pages of 2: [1 3] [5]; 2 was deleted, 4 skipped between pages 1 and 2.
    const reads = new Map<number, ItemRead>([
      [2, gone],
      [4, record(ev({ id: 4 }))],
    ]);
    const copies = new Map([[4, ev({ id: 4 })]]);
    expect(motionOf([1, 2, 3, 4, 5], [1, 3, 5], reads, copies, undefined, 2)).toMatchObject({
      left: [2],
      skipped: [4],
      unproven: [],
    });
    // Nothing else moved: unexplained.
    const still = new Map<number, ItemRead>([[4, record(ev({ id: 4 }))]]);
    expect(motionOf([1, 3, 4, 5], [1, 3, 5], still, copies, undefined, 2).unproven.map((u) => u.id)).toEqual([4]);
    // Away from the later reading's page boundaries: unexplained.
    expect(
      motionOf([1, 2, 3, 4, 5, 6, 7], [1, 3, 5, 6, 7], reads, copies, undefined, 4).unproven.map((u) => u.id),
    ).toEqual([4]);
  });
  test.each<[string, number, number, boolean]>([
    ['per_page 10 listing 9 of about 115, 3 arrived and 2 left', 10, 9, false],
    ['per_page 10 listing 10', 10, 10, true],
    ['per_page 50 listing 114 of 115 records is no page', 120, 114, true],
  ])('a one-answer reading against the counts motion allows: %s', (_, k, got, yes) => {
    const range = countRange(115, { arrived: [1, 2, 3], left: [4, 5], unproven: [] });
    expect(range).toEqual({ low: 113, high: 118 });
    expect(explainable((n) => (got === Math.min(k, n) ? '' : 'wrong'), range)).toBe(yes);
  });
  test.each<[string, number, number, 'fails at once' | 'read again']>([
    ['one short of every count motion allows (list-size-flaky)', 45, 13, 'fails at once'],
    ['more than the page size', 10, 12, 'fails at once'],
    ['four over: records that arrived and left again between the readings', 45, 18, 'read again'],
  ])('judgeCount, one answer against a still count of 14 with one arrival proven: %s', async (_, k, got, outcome) => {
    let reads = 0;
    const v = await judgeCount({
      count: 14,
      ids: [...Array(14).keys()],
      read: async () => {
        reads++;
        return (n) => ((reads === 1 ? got : Math.min(k, n)) === Math.min(k, n) ? '' : 'wrong');
      },
      fresh: async () => [...Array(15).keys()],
      motion: async () => ({ arrived: [14], left: [], unproven: [] }),
      oneAnswer: () => true,
    });
    expect(v.judged && v.wrong !== '').toBe(outcome === 'fails at once');
    expect(reads).toBe(outcome === 'fails at once' ? 1 : 2);
  });
  test.each<[string, number, 'fails at once' | 'read again']>([
    [
      'its one-answer part (the page without per_page) short of every count (per-page-short-once, busy)',
      9,
      'fails at once',
    ],
    ['its one-answer part right, the two answers differing', 10, 'read again'],
  ])('judgeCount, a reading of two answers with a one-answer part: %s', async (_, plain, outcome) => {
    let reads = 0;
    const v = await judgeCount({
      count: 14,
      ids: [...Array(14).keys()],
      read: async () => {
        reads++;
        const size = (n: number) => ((reads === 1 ? plain : 10) === Math.min(10, n) ? '' : 'short');
        return Object.assign((n: number) => size(n) || (reads === 1 ? 'differs' : ''), { single: size });
      },
      fresh: async () => [...Array(15).keys()],
      motion: async () => ({ arrived: [14], left: [], unproven: [] }),
      oneAnswer: () => false,
    });
    expect(v.judged && v.wrong !== '').toBe(outcome === 'fails at once');
    expect(reads).toBe(outcome === 'fails at once' ? 1 : 2);
  });
  test('motionOf names the records that left deleted (gone or trashed)', () => {
    const reads = new Map<number, ItemRead>([
      [2, gone],
      [3, record(ev({ id: 3, status: 'trash' }))],
      [4, record(ev({ id: 4, title: 'edited' }))],
    ]);
    const m = motionOf([1, 2, 3, 4], [1], reads, new Map([[4, ev({ id: 4 })]]));
    expect(m.left).toEqual([2, 3, 4]);
    expect(m.deleted).toEqual([2, 3]);
  });
  test('a deleted set-aside does not count', () => {
    const c = checks(0);
    c[0]!.setAside = [
      { plural: 'events', id: 1, rule: 'moved', why: 'gone', counts: false },
      { plural: 'events', id: 2, rule: 'moved', why: 'edited', counts: true },
    ];
    expect(snapshotHeader({ records: 60, differing: 0, arrived: 0, bound: 3 }, c)?.setAside).toBe(1);
  });
  test('refusals excused by a property do not count', () => {
    const c = checks(0);
    c[0]!.setAside = [{ plural: 'events', id: 1, rule: 'refusal', why: 'pw', counts: false }];
    expect(snapshotHeader({ records: 60, differing: 0, arrived: 0, bound: 3 }, c)?.setAside).toBe(0);
  });
});

describe(`rule ${rule('moved')}: a difference set aside only on a fresh reading that proves the change`, () => {
  const miss = (item: ItemRead, list: FreshReading['list'], snap = ev({ featured: true })): Difference => ({
    id: 7,
    side: 'missing',
    snap,
    fresh: { item, list },
  });
  const extra = (item: ItemRead, list: FreshReading['list'], copy?: ApiRecord): Difference => ({
    id: 7,
    side: 'unexpected',
    snap: ev(),
    fresh: { item, list },
    ...(copy ? { copy } : {}),
  });
  test.each<[string, Difference, 'holds' | 'set-aside' | 'fine']>([
    ['missing, 404 by ID, gone from the list too', miss(gone, unlisted), 'set-aside'],
    [
      'missing, 404 by ID, still in the crawl list (issue 38: no look at the list)',
      miss(gone, listed(ev({ featured: true }))),
      'holds',
    ],
    ['missing, refused by ID, still in the crawl list', miss(refused, listed()), 'holds'],
    ['missing, unchanged by ID', miss(record(ev({ featured: true })), listed(ev({ featured: true }))), 'holds'],
    [
      'missing, changed by ID only (the list holds the old copy)',
      miss(record(ev()), listed(ev({ featured: true }))),
      'holds',
    ],
    ['missing, changed alike into no match', miss(record(ev()), listed(ev())), 'set-aside'],
    [
      'missing, changed alike, still a match',
      miss(record(ev({ featured: true, title: 'y' })), listed(ev({ featured: true, title: 'y' }))),
      'holds',
    ],
    [
      'missing, trashed: by ID status trash, left the list',
      miss(record(ev({ featured: true, status: 'trash' })), unlisted),
      'set-aside',
    ],
    ['unexpected, unchanged', extra(record(ev()), listed(ev())), 'holds'],
    [
      'unexpected, changed alike into a match',
      extra(record(ev({ featured: true })), listed(ev({ featured: true }))),
      'set-aside',
    ],
    [
      'unexpected, changed alike, still no match',
      extra(record(ev({ title: 'y' })), listed(ev({ title: 'y' }))),
      'holds',
    ],
    ['unexpected, gone by ID and from the list, yet listed', extra(gone, unlisted), 'holds'],
    [
      'unexpected, its listed copy no match',
      extra(record(ev({ featured: true })), listed(ev({ featured: true })), ev()),
      'holds',
    ],
  ])('%s', (_, d, verdict) => expect(classify(d, featured).verdict).toBe(verdict));
  test('proveChange names why a reading proves nothing', () => {
    expect(proveChange(ev(), { item: gone, list: listed(ev()) })).toMatchObject({ proven: false });
    expect(proveChange(ev(), { item: record(ev({ title: 'z' })), list: listed(ev()) })).toMatchObject({
      proven: false,
    });
    // A record that keeps changing: both fresh copies differ from the snapshot, and from each other.
    const p = proveChange(ev(), { item: record(ev({ title: 'z' })), list: listed(ev({ title: 'w' })) });
    expect(p.proven && p.fresh.length).toBe(2);
  });
});

describe(`rule ${rule('moved')}: the crawl's list is read after the read by ID`, () => {
  // true: the list the check read earlier is older news than the read by ID; read it again first.
  test.each<[string, ItemRead, ApiRecord | undefined, boolean]>([
    [
      'trashed by ID, the earlier list still holds it as it was (busy reference, 2026-11-29)',
      record(ev({ status: 'trash' })),
      ev(),
      true,
    ],
    ['gone by ID, the earlier list holds it', gone, ev(), true],
    ['refused by ID, the earlier list holds it', refused, ev(), true],
    ['changed by ID, the earlier list holds the old copy', record(ev({ title: 'renamed' })), ev(), true],
    ['the same by ID and in the list', record(ev()), ev(), false],
    ['only `modified` differs (it never holds still)', record(ev({ modified: '2026-11-29 07:00:00' })), ev(), false],
    ['the list no longer holds it', record(ev({ status: 'trash' })), undefined, false],
  ])('%s', (_, item, copy, older) => {
    expect(listOlderThanItem(item, copy)).toBe(older);
  });
});

describe(`rule ${rule('shown-judged')}: a listed record the snapshot does not hold is read by ID and judged`, () => {
  const unknown = (item: ItemRead, copy?: ApiRecord): Difference => ({
    id: 9,
    side: 'unknown',
    item,
    ...(copy ? { copy } : {}),
  });
  test.each<[string, Difference, 'holds' | 'set-aside' | 'fine']>([
    ['a new record that matches', unknown(record(ev({ id: 9, featured: true }))), 'fine'],
    ['a draft leaked to a visitor: its read by ID is refused', unknown(refused), 'holds'],
    ['a phantom: no read finds it', unknown(gone), 'holds'],
    ['no match by ID, the listed copy the same', unknown(record(ev({ id: 9 })), ev({ id: 9 })), 'holds'],
    [
      'no match by ID, the listed copy a match (changed between)',
      unknown(record(ev({ id: 9 })), ev({ id: 9, featured: true })),
      'set-aside',
    ],
    ['a trashed record listed', unknown(record(ev({ id: 9, featured: true, status: 'trash' }))), 'holds'],
  ])('%s', (_, d, verdict) => expect(classify(d, featured).verdict).toBe(verdict));
  test('on a site the crawl list proves moving, a listed record no read finds leaves the judgement unjudged, never passed', () => {
    expect(classify(unknown(gone), featured, { moving: true }).verdict).toBe('unjudged');
    expect(
      conclude([classify(unknown(gone), featured, { moving: true })], { must: [1], mustNot: [] }).unjudged,
    ).toMatch(/site changing too fast/);
    expect(classify(unknown({ kind: 'other', status: 500 }), featured, { moving: true }).verdict).toBe('holds');
  });
});

describe(`rule ${rule('all-set-aside')}: a side whose every candidate was set aside judged nothing`, () => {
  const c = (id: number, verdict: 'holds' | 'set-aside' | 'fine') => ({
    id,
    side: 'missing' as const,
    verdict,
    why: '',
    rule: 'moved' as const,
  });
  test.each<[string, ReturnType<typeof c>[], number[], number[], boolean]>([
    ['every record that must be listed set aside', [c(1, 'set-aside'), c(2, 'set-aside')], [1, 2], [3], true],
    ['one of two set aside', [c(1, 'set-aside')], [1, 2], [3], false],
    ['nothing set aside', [], [1], [], false],
    ['every record that must not be listed set aside', [c(3, 'set-aside')], [], [3], true],
  ])('%s', (_, classes, must, mustNot, unjudged) =>
    expect(conclude(classes, { must, mustNot }).unjudged !== null).toBe(unjudged),
  );
  test('a partition whose every record is tied judged nothing', () => {
    const list = [1, 2, 3];
    const excused = tiedByDate(list.map((id) => ({ id, date: '2026-01-01 00:00:00' })));
    expect(
      partitionVerdict({
        list,
        perPage: 2,
        pages: new Map([
          [1, [1, 2]],
          [2, [2]],
        ]),
        excused,
      }),
    ).toBe('unjudged');
  });
});

describe(`rule ${rule('shifted')}: a record skipped at a page boundary while the site moved`, () => {
  // First reading, pages of 3: [1 2 3] [5 6 7] [8]; 4 was skipped (a record before it left between pages 1 and 2).
  const first = [1, 2, 3, 5, 6, 7, 8];
  test.each<[string, number[], number, boolean]>([
    ['listed again right after the last record of a page', [1, 3, 4, 5, 6, 7, 8], 4, true],
    ['listed again right before the first record of the next page', [2, 3, 9, 4, 5, 6], 4, true],
    ['missing on the second reading too', [1, 3, 5, 6, 7, 8], 4, false],
    ['listed again inside a page, away from every boundary', [1, 2, 3, 5, 4, 6, 7, 8], 4, false],
    ['records of another client around it on the second reading', [1, 2, 3, 10, 4, 11, 5, 6], 4, true],
    ['its neighbours in the first reading both left', [1, 2, 10, 4, 11, 6, 7, 8], 4, false],
    ['listed on the first reading (no skip)', [1, 2, 3, 5, 6, 7, 8], 5, false],
    ['a single page has no boundary', [1, 4, 2], 4, false],
  ])('%s', (_, second, id, yes) => {
    expect(shiftedAtBoundary(id === 4 && second.length === 3 ? [1, 2] : first, 3, second, id)).toBe(yes);
  });
  test('after the last record of a reading that ended on a full page (the next page answered empty)', () => {
    expect(shiftedAtBoundary([1, 2, 3, 5, 6, 7], 3, [1, 2, 3, 5, 6, 7, 4], 4)).toBe(true);
    expect(shiftedAtBoundary([1, 2, 3, 5, 6], 3, [1, 2, 3, 5, 6, 4], 4)).toBe(false);
  });
  test.each<[string, number[] | null, 'fine' | 'unjudged' | 'holds', RegExp]>([
    ['at a boundary on the second reading: fine', [1, 3, 4, 5, 6, 7, 8], 'fine', /listed there on a second reading/],
    ['no whole second reading: unjudged, never a pass', null, 'unjudged', /no second reading was whole/],
    [
      'away from every boundary: holds, saying where',
      [1, 2, 3, 5, 4, 6, 7, 8],
      'holds',
      /at 5 of 8, at no page boundary/,
    ],
    ['not on the second reading: holds', [1, 3, 5, 6, 7, 8], 'holds', /does not list it either/],
  ])('verdict: %s', (_, second, verdict, why) => {
    const v = shiftedVerdict(first, 3, second, 4);
    expect(v.verdict).toBe(verdict);
    expect(v.why).toMatch(why);
  });
});

describe(`rule ${rule('ties')}: records of one post date may trade places`, () => {
  test.each<[string, Array<{ id: number; date?: unknown }>, number[]]>([
    [
      'two of one date',
      [
        { id: 1, date: 'a' },
        { id: 2, date: 'a' },
        { id: 3, date: 'b' },
      ],
      [1, 2],
    ],
    ['no dates: none tied', [{ id: 1 }, { id: 2 }], []],
  ])('%s', (_, records, tied) => expect([...tiedByDate(records)]).toEqual(tied));
});

describe(`rule ${rule('flaky')}: no retry until right`, () => {
  /** Readings of a list of size `readings[i]` judged against min(5, count); fresh counts as ID lists. */
  const run = async (o: { count: number; readings: number[]; fresh: Array<number[] | null>; motions: Motion[] }) => {
    const reads = [...o.readings];
    const fresh = [...o.fresh];
    const motions = [...o.motions];
    return judgeCount({
      count: o.count,
      ids: Array.from({ length: o.count }, (_, i) => i + 1),
      read: async () => {
        const got = reads.shift() as number;
        return (m) => (got === Math.min(5, m) ? '' : `listed ${got}`);
      },
      fresh: async () => fresh.shift() ?? null,
      motion: async () => motions.shift() ?? still,
    });
  };
  const still: Motion = { arrived: [], left: [], unproven: [] };
  const arrived = (...ids: number[]): Motion => ({ arrived: ids, left: [], unproven: [] });
  const ids = (n: number) => Array.from({ length: n }, (_, i) => i + 1);
  test.each<[string, Parameters<typeof run>[0], { judged: boolean; wrong?: RegExp | '' }]>([
    ['right against the snapshot', { count: 3, readings: [3], fresh: [], motions: [] }, { judged: true, wrong: '' }],
    [
      'wrong, then right, no motion: a failure (issue 38)',
      { count: 3, readings: [2, 3], fresh: [ids(3)], motions: [still] },
      { judged: true, wrong: /no record moved/ },
    ],
    [
      'wrong, the list moved (proven), right between equal counts',
      { count: 3, readings: [2, 4], fresh: [ids(4), ids(4)], motions: [arrived(4)] },
      { judged: true, wrong: '' },
    ],
    [
      'wrong, the list moved (proven), wrong again between equal counts',
      { count: 3, readings: [2, 3], fresh: [ids(4), ids(4)], motions: [arrived(4)] },
      { judged: true, wrong: /listed 3/ },
    ],
    [
      'wrong, the list differs with no read by ID explaining it',
      {
        count: 3,
        readings: [2],
        fresh: [ids(2)],
        motions: [{ arrived: [], left: [], unproven: [{ id: 3, why: 'x' }] }],
      },
      { judged: true, wrong: /no read by ID explains/ },
    ],
    [
      'moved, then right against both of two different counts (5 at or below both)',
      { count: 4, readings: [3, 5], fresh: [ids(6), ids(7)], motions: [arrived(5, 6), arrived(7)] },
      { judged: true, wrong: '' },
    ],
    [
      'moved during every round (each proven): unjudged',
      {
        count: 3,
        readings: [2, 2, 2, 2],
        fresh: [ids(4), ids(5), ids(6), ids(7)],
        motions: [arrived(4), arrived(5), arrived(6), arrived(7)],
      },
      { judged: false },
    ],
  ])('%s', async (_, o, want) => {
    const v = await run(o);
    expect(v.judged).toBe(want.judged);
    if (v.judged && want.wrong !== undefined) {
      if (want.wrong === '') expect(v.wrong).toBe('');
      else expect(v.wrong).toMatch(want.wrong);
    }
  });
  test('motionOf proves each difference by its read by ID', () => {
    const reads = new Map<number, ItemRead>([
      [4, record(ev({ id: 4 }))],
      [3, gone],
      [2, record(ev({ id: 2 }))],
    ]);
    const m = motionOf([1, 2, 3], [1, 4], reads, new Map([[2, ev({ id: 2 })]]));
    expect(m.arrived).toEqual([4]);
    expect(m.left).toEqual([3]);
    expect(m.unproven.map((u) => u.id)).toEqual([2]);
  });
});

describe(`rule ${rule('child')}: served by its own parent's path`, () => {
  test.each<[string, ItemRead, ItemRead | undefined, Parenthood, ItemRead | undefined, 'child' | 'holds']>([
    ['parent named, control refused', gone, record(ev()), 'named', gone, 'child'],
    ['parent seen in its family (post_parent)', gone, record(ev()), 'family', gone, 'child'],
    ['any listed parent serves it: not its family (issue 38)', gone, record(ev()), 'not-family', gone, 'holds'],
    ['no family to read (base), no parent named', gone, record(ev()), 'unknown', gone, 'holds'],
    ['a path through no parent serves it too', gone, record(ev()), 'named', record(ev()), 'holds'],
    ['no parent path serves it', gone, undefined, 'unknown', undefined, 'holds'],
    ['refused (403), never a child', refused, record(ev()), 'named', gone, 'holds'],
  ])('%s', (_, lone, via, parenthood, control, kind) =>
    expect(childVerdict(lone, via, parenthood, control).kind).toBe(kind),
  );
  test('the parent a record or the fixtures name; candidates bounded', () => {
    expect(namedParent(ev({ post_parent: 5 }))).toBe(5);
    expect(namedParent(ev({ parent: 0 }))).toBeNull();
    expect(namedParent(ev(), { id: 7, parent: 3 })).toBe(3);
    const pool = Array.from({ length: 20 }, (_, i) => ev({ id: i + 1, slug: `s${i + 1}` }));
    expect(parentCandidates(pool, ev({ id: 10 }), null).map((r) => r.id)).toEqual([9, 8, 7, 6]);
    expect(parentCandidates(pool, ev({ id: 10 }), 3).map((r) => r.id)).toEqual([3]);
  });
});

describe(`rule ${rule('refusal')}: excused by a property the suite read, never by the refusal's text`, () => {
  // excused: set aside; unjudged: the check ends `error` (nothing read tells it from a
  // password-protected event: the original's records show no password); refused: a failure.
  test.each<[string, Parameters<typeof refusalExcused>[0], 'excused' | 'unjudged' | 'refused']>([
    ['the fixtures name it password-protected', { plural: 'events', id: 7, passwordFixtures: [7] }, 'excused'],
    [
      "the fixtures name it among the site's other password events",
      { plural: 'events', id: 7, passwordFixtures: [3, 7] },
      'excused',
    ],
    [
      'with credentials its record shows a password',
      { plural: 'events', id: 7, authenticatedCopy: ev({ password: 'pw' }) },
      'excused',
    ],
    ['with credentials its record shows none', { plural: 'events', id: 7, authenticatedCopy: ev() }, 'unjudged'],
    ['without credentials, no fixture', { plural: 'events', id: 7 }, 'unjudged'],
    ['the fixture names other events', { plural: 'events', id: 7, passwordFixtures: [8, 9] }, 'unjudged'],
    ['a venue is never password-protected', { plural: 'venues', id: 7, passwordFixtures: [7] }, 'refused'],
  ])('%s', (_, o, verdict) => {
    const v = refusalExcused(o);
    expect(v.excused ? 'excused' : v.unjudged ? 'unjudged' : 'refused').toBe(verdict);
  });
  test.each<[string, Parameters<typeof passwordFixtures>[0], number[]]>([
    ['no fixtures file', null, []],
    ['passwordEvent alone', { passwordEvent: { id: 4 } }, [4]],
    [
      'protectedEvents alone',
      {
        protectedEvents: [
          { id: 9, password: 'a' },
          { id: 11, password: 'b' },
        ],
      },
      [9, 11],
    ],
    [
      "both (a populated site: the fixtures' event and its own)",
      { passwordEvent: { id: 4 }, protectedEvents: [{ id: 9, password: 'p' }] },
      [4, 9],
    ],
  ])('the events the fixtures file names password-protected: %s', (_, fx, ids) => {
    expect(passwordFixtures(fx)).toEqual(ids);
  });
});

describe(`rule ${rule('declared-bound')}: declared protected events count toward the bound`, () => {
  const pw = (id: number) => ({ id, password: 'p' });
  test.each<[string, Parameters<typeof declaredSetAsides>[0], number[]]>([
    ['no fixtures file', null, []],
    ['passwordEvent alone counts nothing (the contract fixture, proven by events.read.password)', {}, []],
    ['each protected event once', { protectedEvents: [pw(9), pw(11), pw(9)] }, [9, 11]],
    [
      'passwordEvent named again counts nothing (the reference seeds so)',
      { passwordEvent: { id: 9 }, protectedEvents: [pw(9), pw(11)] },
      [11],
    ],
  ])('%s', (_, fx, ids) => {
    expect(declaredSetAsides(fx).map((s) => s.id)).toEqual(ids);
  });
  const pass = (setAside: CheckResult['setAside'] = []): CheckResult[] =>
    passedWith('observe.events-read.by-id-agrees', setAside);
  test.each<[string, number, CheckResult['setAside'], number, 'certified-read-only' | 'inconclusive']>([
    ['one declared on a populated site (bound 4)', 1, [], 1, 'certified-read-only'],
    [
      'declared and refused in a check: one set-aside, not two',
      1,
      [{ plural: 'events', id: 1, rule: 'refusal', why: 'declared', counts: true }],
      1,
      'certified-read-only',
    ],
    ['five declared past a bound of 4', 5, [], 5, 'inconclusive'],
    ['eleven declared past the most any run allows (10)', 11, [], 11, 'inconclusive'],
  ])('%s', (_, n, setAside, counted, verdict) => {
    const records = n > 10 ? 900 : 97;
    const declared = declaredSetAsides({ protectedEvents: Array.from({ length: n }, (_, i) => pw(i + 1)) });
    const h = snapshotHeader(
      { records, differing: 0, arrived: 0, bound: setAsideBound(records) },
      pass(setAside),
      declared,
    );
    expect(h?.setAside).toBe(counted);
    expect(h?.declared).toBe(n);
    expect(pastBound(h!) ? 'inconclusive' : 'certified-read-only').toBe(verdict);
    if (verdict === 'inconclusive') expect(inconclusiveWhy(pass(setAside), h)).toMatch(/fixtures file declares/);
  });
});

describe(`rule ${rule('declared-opens')}: a declared protected event is served with its password`, () => {
  test.each<[string, number, unknown, boolean]>([
    ['served as itself', 200, 7, true],
    ['refused with its password too (fault protected-declared-refused)', 403, undefined, false],
    ['not found', 404, undefined, false],
    ['served as another record', 200, 8, false],
  ])('%s', (_, status, id, opened) => {
    expect(declaredOpened(7, status, id).opened).toBe(opened);
  });
});

describe(`rule ${rule('empty-slug')} and ${rule('na-on-snapshot')}: judged, not dropped`, () => {
  test('the sample of by-slug reads drops drafts and pending records by status, never a published record by an empty slug', async () => {
    const { readFileSync } = await import('node:fs');
    const text = readFileSync(new URL('../../suites/observe/records.test.ts', import.meta.url), 'utf8');
    const sample = text.split('\n').filter((line) => line.includes('.filter((r) => sluggable(r)'));
    expect(sample.length).toBeGreaterThan(0);
    for (const line of sample) expect(line.replace('sluggable(r)', '')).not.toMatch(/slug/);
  });
  test.each<[string, ApiRecord, boolean]>([
    ['published, slug ""', ev({ slug: '' }), true],
    ['private', ev({ status: 'private' }), true],
    ['no status shown', ev({ status: undefined }), true],
    ['a draft', ev({ status: 'draft', slug: '' }), false],
    ['pending', ev({ status: 'pending', slug: '' }), false],
  ])('sluggable: %s', (_, r, yes) => expect(sluggable(r)).toBe(yes));
});

describe(`rule ${rule('totals')}: the crawl believes total, total_pages and next_rest_url`, () => {
  const p = (over: Partial<Parameters<typeof pageEnd>[0]>) => ({
    page: 1,
    perPage: 50,
    records: 50,
    seen: 50,
    total: null,
    totalPages: null,
    next: false,
    ...over,
  });
  test.each<[string, Parameters<typeof pageEnd>[0], boolean, boolean]>([
    ['a short page, no totals: the end', p({ records: 30, seen: 30 }), true, false],
    ['a short page, total 40 says more (a cap of 30)', p({ records: 30, seen: 30, total: 40 }), false, true],
    ['a short page, total_pages 2 says more', p({ records: 30, seen: 30, totalPages: 2 }), false, true],
    ['a short page with a next_rest_url', p({ records: 30, seen: 30, next: true }), false, true],
    ['the last short page, totals agree', p({ page: 2, records: 10, seen: 60, total: 60, totalPages: 2 }), true, false],
    ['an empty page ends it whatever the totals', p({ page: 3, records: 0, seen: 30, total: 40 }), true, false],
    ['a full last page', p({ records: 50, seen: 50, total: 50, totalPages: 1 }), true, false],
    ['a full page, more pages', p({ records: 50, seen: 50, total: 90, totalPages: 2 }), false, false],
  ])('%s', (_, page, end, short) => {
    const e = pageEnd(page);
    expect(e.end).toBe(end);
    expect(!!e.short).toBe(short);
  });
});

describe(`rule ${rule('totals')}: a capped list is read again at its size, a list that moved is not`, () => {
  const paged = (short: { size: number; page: number } | undefined, ids: number, total: number) => ({
    records: [],
    ids: Array.from({ length: ids }, (_, i) => i + 1),
    pages: 3,
    complete: true,
    total,
    ...(short ? { short: { finding: 'short', ...short } } : {}),
  });
  test.each<[string, ReturnType<typeof paged>, boolean]>([
    ['a first page of 30 while total says 40 (a cap)', paged({ size: 30, page: 1 }, 30, 40), true],
    ['a last page one short while total grew (a busy list)', paged({ size: 1, page: 3 }, 101, 102), false],
    ['no short page', paged(undefined, 40, 40), false],
    ['every record learned', paged({ size: 30, page: 1 }, 40, 40), false],
  ])('%s', (_, got, yes) => expect(capped(got)).toBe(yes));
});

describe(`rule ${rule('collation')}: names of the measured collation judged, the others named`, () => {
  test.each<[string, string[], 'asc' | 'desc', boolean, number]>([
    ['ASCII, case-insensitive', ['alpha', 'Bravo', 'Charlie', 'delta'], 'asc', true, 0],
    ['one accented name left out, the others sorted', ['alpha', 'Événements', 'Bravo'], 'asc', true, 1],
    ['one accented name left out, the others by ID', ['Bravo', 'Événements', 'alpha'], 'asc', false, 1],
    ['desc', ['delta', 'charlie', 'Bravo'], 'desc', true, 0],
    ['punctuation left out', ['a_b', 'a1b'], 'asc', true, 1],
  ])('%s', (_, names, order, ok, left) => {
    const o = nameOrder(names, order);
    expect(o.wrong === null).toBe(ok);
    expect(o.leftOut.length).toBe(left);
  });
});

test('every rule of the table has cases here, a reason and a measurement; each fault it names is registered with observation checks', () => {
  expect(RULES.map((r) => r.rule).filter((id) => !covered.has(id))).toEqual([]);
  for (const r of RULES) {
    expect(r.reason.length).toBeGreaterThan(40);
    expect(r.measured.length).toBeGreaterThan(20);
    if ('fault' in r) {
      const f = FAULTS.find((x) => x.name === r.fault);
      expect(f, `fault ${r.fault} of rule ${r.rule}`).toBeDefined();
      expect(f?.breaks.some((id) => id.startsWith('observe.'))).toBe(true);
    }
  }
});
