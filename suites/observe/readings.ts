/**
 * The readings the judge (lib/spec/judge/, its table in rules.ts) decides on, and its verdicts
 * carried out: the one place of suites/observe/ that sets a record aside, always on a verdict of
 * the judge (selftest/unit/no-excuse.test.ts holds the check bodies to it). It reads a filtered
 * list to its end (`all`), the crawl's own list again (`freshList`), records by ID, and judges a
 * filtered sample against the snapshot (`judge`) or a list against its size (`countOnSnapshot`).
 */
import type { CheckContext } from '../../lib/check/index.ts';
import { CouldNotJudge } from '../../lib/check/index.ts';
import type { Client } from '../../lib/run/client.ts';
import type { Learned } from '../../lib/run/crawl.ts';
import { readPages, type ApiRecord } from '../../lib/spec/contract.ts';
import { type ItemRead, itemRead } from '../../lib/spec/judge/fields.ts';
import { classify, conclude, type Difference, type FreshReading, type Matcher } from '../../lib/spec/judge/motion.ts';
import { type Judge, judgeCount, type Motion, motionOf, still } from '../../lib/spec/judge/count.ts';
import type { RuleId } from '../../lib/spec/judge/rules.ts';
import type { ApiResponse, Params } from '../../lib/types.ts';
import { allow, crawlQuery, learned, type Plural, replay, SAMPLE_PAGES, spend } from './support.ts';

export type { Matcher };

/** Takes a record out of the worker's snapshot (for every later check of the worker) and notes it on the check. */
export function setAside(t: CheckContext, l: Learned, plural: Plural, id: number, rule: RuleId, why: string): void {
  t.setAsides.push({ plural, id, rule, why, counts: rule !== 'refusal' });
  const kept = l[plural].filter((r) => r.id !== id);
  l[plural].splice(0, l[plural].length, ...kept);
  l.excluded[plural] = [...new Set([...(l.excluded[plural] ?? []), id])];
  const anon = l.anonymous[plural];
  if (anon) l.anonymous[plural] = anon.filter((x) => x !== id);
}

/** IDs out of every sample of this worker: differing between the crawl's readings, or set aside since. */
function outOfSample(l: Learned, plural: Plural): Set<number> {
  return new Set(l.excluded[plural] ?? []);
}

/** The crawl's own list, read again. */
export interface FreshList {
  ids: number[];
  byId: Map<number, ApiRecord>;
  /**
   * False when every reading was incoherent (a record shifted across pages as another client
   * wrote): the records read are the list's, yet one it lacks may have shifted out of sight.
   */
  whole: boolean;
}

/** Readings of the crawl's list a fresh reading takes at most to get a coherent one. */
const FRESH_TRIES = 3;

const freshMemo = new WeakMap<CheckContext, Map<string, Promise<FreshList | null>>>();

/**
 * The crawl's own list (its query, every page) read again by `client`: once per check, or afresh
 * with `again` (a count between two readings). Null when it could not be read to its end.
 */
export async function freshList(
  t: CheckContext,
  client: Client,
  plural: Plural,
  opts: { again?: boolean } = {},
): Promise<FreshList | null> {
  const memo = freshMemo.get(t) ?? new Map<string, Promise<FreshList | null>>();
  freshMemo.set(t, memo);
  const key = `${client === t.anon ? 'anon' : 'api'} ${plural}`;
  const known = memo.get(key);
  if (known && !opts.again) return known;
  const read = (async () => {
    const l = await learned(t);
    // Pages of 50, or fewer records each when the server serves less than it is asked (read past
    // by the totals it gives: rule `totals`).
    const maxPages = Math.min(200, (l.lists[plural]?.length ?? l[plural].length) + 3);
    // The judge's own reads: they do not eat the check's share.
    allow(t, FRESH_TRIES * Math.min(maxPages, Math.ceil(maxPages / 10) + 3));
    // A coherent reading (no record on two pages): a record another client creates between two
    // pages shifts one across them; the reading is taken again, up to FRESH_TRIES times.
    let union = null as FreshList | null;
    for (let i = 0; i < FRESH_TRIES; i++) {
      const got = await readPages(
        (p) => {
          spend(t);
          return client.get(`/${plural}`, { ...crawlQuery(plural), per_page: 50, page: p });
        },
        plural,
        {
          variant: t.variant,
          perPage: 50,
          maxPages,
          believe: true,
          what: `GET /${plural} (the crawl's list read again)`,
        },
      );
      if (got.bad) return null;
      const byId = new Map(got.records.map((r) => [r.id, r]));
      if (!got.incoherent && got.complete) return { ids: got.ids, byId, whole: true };
      union = {
        ids: [...new Set([...(union?.ids ?? []), ...got.ids])],
        byId: new Map([...(union?.byId ?? []), ...byId]),
        whole: false,
      };
    }
    return union;
  })();
  memo.set(key, read);
  return read;
}

/** A record read by ID (a read the judge asked for). */
export async function readById(t: CheckContext, client: Client, plural: Plural, id: number): Promise<ItemRead> {
  allow(t, 1);
  spend(t);
  const res = await client.get(`/${plural}/${id}`);
  return itemRead(res.status, res.json, id);
}

/** A fresh reading of one snapshot record: its read by ID and the crawl's own list read again. */
export async function freshOf(t: CheckContext, client: Client, plural: Plural, id: number): Promise<FreshReading> {
  const item = await readById(t, client, plural, id);
  const list = await freshList(t, client, plural);
  // A list that could not be read again, or not whole, proves no absence: as if it still held the record.
  if (list?.byId.has(id)) return { item, list: { listed: true, copy: list.byId.get(id) } };
  return { item, list: { listed: !list?.whole } };
}

/** IDs read by ID at most to prove how a list moved; more is "site changing too fast". */
const MOTION_READS = 25;

/** Reads by ID of the IDs in one reading only, and how the later reading moved from the earlier. */
async function motionBetween(
  t: CheckContext,
  client: Client,
  plural: Plural,
  earlier: readonly number[],
  later: readonly number[],
  copies: ReadonlyMap<number, ApiRecord>,
): Promise<Motion> {
  const a = new Set(earlier);
  const b = new Set(later);
  const differ = [...later.filter((id) => !a.has(id)), ...earlier.filter((id) => !b.has(id))];
  if (differ.length > MOTION_READS)
    throw new CouldNotJudge(
      `the suite could not judge: site changing too fast: GET /${plural} moved by ${differ.length} records between two readings`,
      'moving',
    );
  const reads = new Map<number, ItemRead>();
  for (const id of differ) reads.set(id, await readById(t, client, plural, id));
  return motionOf(earlier, later, reads, copies);
}

/** A list as a paged judgement reads it: its query and what it listed. */
export interface Scope extends Sample {
  query: Params;
}

/**
 * The rounds of a judgement of pages against their list (lib/spec/judge/partition.ts): a round
 * reads the pages and the list again (`read`); it is judged only when the list held the same
 * records before and after. Otherwise each difference must be proven by its read by ID (an
 * unproven one fails: the list flickers with no motion), the records proven gone leave the
 * snapshot, and the next round reads the list `next` chooses. A round whose every record is
 * excused judged nothing (`error`); a list that moves in every round leaves the check unjudged
 * ("site changing too fast"). Returns what breaks the partition, or null.
 */
export async function pagedRounds(
  t: CheckContext,
  plural: Plural,
  first: Scope,
  rounds: number,
  o: {
    read: (whole: Scope) => Promise<{ after: Scope; judge: () => Promise<string | null | 'unjudged'> }>;
    next: (whole: Scope, after: Scope) => Promise<Scope>;
  },
): Promise<string | null> {
  const l = await learned(t);
  let whole = first;
  for (let round = 1; round <= rounds; round++) {
    if (whole.ids.length < 2)
      throw new CouldNotJudge(
        `the suite could not judge: GET /${plural} with ${JSON.stringify(whole.query)} lists ${whole.ids.length} ${plural} now (the snapshot held more)`,
        'moving',
      );
    const { after, judge } = await o.read(whole);
    const sameSet = after.ids.length === whole.ids.length && after.ids.every((id) => whole.ids.includes(id));
    if (sameSet) {
      const v = await judge();
      if (v === 'unjudged')
        throw new CouldNotJudge(
          `the suite could not judge: every record of GET /${plural} with ${JSON.stringify(whole.query)} shares its post date with another (the original shuffles those between pages): the partition judged nothing`,
          'no-evidence',
        );
      return v;
    }
    const m = await motionBetween(t, t.api, plural, whole.ids, after.ids, new Map(whole.records.map((r) => [r.id, r])));
    t.assert(
      !m.unproven.length,
      `GET /${plural} with ${JSON.stringify(whole.query)} and per_page 50 listed other records after the pages than before, and no read by ID explains it (${m.unproven
        .slice(0, 5)
        .map((u) => u.why)
        .join('; ')}); ${replay(t)}`,
      after.res,
    );
    for (const id of m.left)
      if (l[plural].some((r) => r.id === id))
        setAside(t, l, plural, id, 'moved', 'left the list while its pages were read (proven by its read by ID)');
    whole = await o.next(whole, after);
  }
  throw new CouldNotJudge(
    `the suite could not judge: GET /${plural} with ${JSON.stringify(whole.query)} moved during each of ${rounds} paged reads (another client writing, each move proven by its read by ID)`,
    'moving',
  );
}

/** How the crawl's list moved since the snapshot (null when it could not be read again). */
async function snapshotMotion(t: CheckContext, client: Client, plural: Plural): Promise<Motion | null> {
  const l = await learned(t);
  const anon = client === t.anon && l.authenticated;
  const earlier = (anon ? l.anonymous[plural] : l.lists[plural]) ?? l[plural].map((r) => r.id);
  const now = await freshList(t, client, plural, { again: true });
  if (!now?.whole) return null;
  return motionBetween(t, client, plural, earlier, now.ids, new Map(l[plural].map((r) => [r.id, r])));
}

/**
 * A list against its size (lib/spec/judge/count.ts): `read(count)` reads it and returns the
 * reading's judgement against any count. Judged against the snapshot's count; a wrong reading is
 * read again only when the crawl's list proves it moved. Returns the count judged against and
 * what is wrong ('').
 */
export async function countOnSnapshot(
  t: CheckContext,
  plural: Plural,
  read: (count: number) => Promise<Judge>,
): Promise<{ wrong: string; count: number }> {
  const l = await learned(t);
  const listIds = l.lists[plural] ?? l[plural].map((r) => r.id);
  const copies = new Map(l[plural].map((r) => [r.id, r]));
  const v = await judgeCount({
    count: listIds.length,
    ids: listIds,
    read,
    fresh: async () => {
      const f = await freshList(t, t.api, plural, { again: true });
      return f?.whole ? f.ids : null;
    },
    motion: (earlier, later) => motionBetween(t, t.api, plural, earlier, later, copies),
  });
  for (const id of v.left)
    if (copies.has(id))
      setAside(t, l, plural, id, 'moved', 'left its list since the snapshot (proven by its read by ID)');
  if (!v.judged) throw new CouldNotJudge(`the suite could not judge: GET /${plural}: ${v.why}`, 'moving');
  return { wrong: v.wrong, count: v.count };
}

/** A filtered list as a check read it: its first pages (`complete` when they hold every match). */
export interface Sample {
  ids: number[];
  records: ApiRecord[];
  /** The last answer read (absent for a list the crawl read). */
  res?: ApiResponse;
  complete: boolean;
}

/**
 * The matches of a query, read by the one list reader with per_page 50, to the end or to
 * `maxPages` (default SAMPLE_PAGES). A page that is no list answer fails the check (`onRefused`
 * may first rule a 4xx unjudged); a record on two pages makes the list incoherent, read again
 * once only when the crawl's list proves the site moved meanwhile (rule `flaky`).
 */
export async function all(
  t: CheckContext,
  client: Client,
  plural: Plural,
  query: Params,
  opts: { maxPages?: number; onRefused?: (res: ApiResponse) => Promise<void> } = {},
): Promise<Sample> {
  const read = () =>
    readPages(
      (p) => {
        spend(t);
        return client.get(`/${plural}`, { ...query, per_page: 50, page: p });
      },
      plural,
      {
        variant: t.variant,
        perPage: 50,
        maxPages: opts.maxPages ?? SAMPLE_PAGES,
        what: `GET /${plural} with ${JSON.stringify(query)}`,
      },
    );
  let got = await read();
  if (got.incoherent && got.pages > 1) {
    const m = await snapshotMotion(t, client, plural);
    if (m && !still(m) && !m.unproven.length) got = await read();
  }
  const res = got.last as ApiResponse;
  if (got.bad && res && res.status >= 400 && res.status < 500 && opts.onRefused) await opts.onRefused(res);
  if (got.bad) t.fail(got.bad, res);
  // Coherence is the reader's bookkeeping (the evidence rule): no judgement of the behaviour a check names.
  t.setup.assert(!got.incoherent, `${got.incoherent}; ${replay(t)}`, res);
  return { ids: got.ids, records: got.records, res, complete: got.complete };
}

/**
 * A refused filter naming snapshot records (a term filter the original refuses with 400 when a
 * term it names no longer exists): unjudged when a fresh reading proves one of them gone or
 * changed since (it leaves the snapshot); otherwise the refusal stands and fails the check.
 */
export async function refusedNaming(
  t: CheckContext,
  plural: Plural,
  named: readonly ApiRecord[],
  res: ApiResponse,
  what: string,
): Promise<void> {
  const l = await learned(t);
  for (const rec of named) {
    const fresh = await freshOf(t, t.api, plural, rec.id);
    const d: Difference = { id: rec.id, side: 'missing', snap: rec, fresh };
    const c = classify(d, () => undefined);
    if (c.verdict !== 'set-aside') continue;
    setAside(t, l, plural, rec.id, c.rule, c.why);
    throw new CouldNotJudge(
      `the suite could not judge: ${what} answered ${res.status}, and the ${plural} ${rec.id} it names ${c.why}`,
      'moving',
    );
  }
}

/** Differences a judgement reads again at most (each by ID); beyond, a difference holds unread. */
const DIFF_READS = 10;
/** Listed records the snapshot does not hold that a judgement reads by ID at most; more is "site changing too fast". */
const UNKNOWN_READS = 25;

/**
 * Judges a filtered sample against the snapshot (lib/spec/judge/motion.ts): no `mustNot` record
 * listed on the pages read, and, when they hold every match, every `must` record listed; every
 * listed record the snapshot does not hold read by ID and judged on that copy (`matches`, the
 * filter on a copy: true = must be listed, false = must not, undefined = either). A difference
 * fails unless a fresh reading of the snapshot proves the record changed so; a side whose every
 * record was set aside judged nothing (`error`). n/a only when the snapshot holds no record the
 * judgement names.
 */
export async function judge(
  t: CheckContext,
  plural: Plural,
  records: readonly ApiRecord[],
  got: Sample,
  must: readonly number[],
  mustNot: readonly number[],
  what: string,
  opts: { matches?: Matcher; client?: Client } = {},
): Promise<void> {
  const l = await learned(t);
  const out = outOfSample(l, plural);
  const snap = new Map(records.filter((r) => !out.has(r.id)).map((r) => [r.id, r]));
  const mustIds = must.filter((id) => snap.has(id));
  const mustNotIds = mustNot.filter((id) => snap.has(id));
  if (!mustIds.length && !mustNotIds.length) {
    if (must.length || mustNot.length)
      throw new CouldNotJudge(
        `the suite could not judge: ${what}: every record it names left the snapshot (changed between the crawl's readings or since)`,
        'moving',
      );
    t.na(`${what}: the snapshot holds no record that must or must not be listed`);
  }
  if (!got.complete && !mustNotIds.length)
    throw new CouldNotJudge(
      `the suite could not judge: ${what} has more matches than the ${SAMPLE_PAGES} pages read, and no snapshot record must be left out`,
      'request-budget',
    );
  const need = got.complete ? mustIds : [];
  const listed = new Set(got.ids);
  const copyOf = new Map(got.records.map((r) => [r?.id, r]));
  const differ = [
    ...mustNotIds.filter((id) => listed.has(id)).map((id) => ({ id, side: 'unexpected' as const })),
    ...need.filter((id) => !listed.has(id)).map((id) => ({ id, side: 'missing' as const })),
  ];
  const unknown = got.ids.filter((id) => !snap.has(id) && !out.has(id));
  if (unknown.length > UNKNOWN_READS)
    throw new CouldNotJudge(
      `the suite could not judge: site changing too fast: ${what} lists ${unknown.length} records the snapshot does not hold`,
      'moving',
    );
  const client = opts.client ?? t.api;
  const examined = differ.slice(0, DIFF_READS);
  const diffs: Difference[] = [];
  // Listed records the snapshot does not hold are read first: the nearest to the list's moment.
  for (const id of unknown)
    diffs.push({
      id,
      side: 'unknown',
      item: await readById(t, client, plural, id),
      ...(copyOf.has(id) ? { copy: copyOf.get(id) } : {}),
    });
  for (const d of examined)
    diffs.push({
      ...d,
      snap: snap.get(d.id) as ApiRecord,
      fresh: await freshOf(t, client, plural, d.id),
      ...(copyOf.has(d.id) ? { copy: copyOf.get(d.id) } : {}),
    });
  // A listed record no read finds proves a fault on a site that holds still; on one the crawl's
  // list proves moving it may have been deleted since it was listed.
  const unread = diffs.some((d) => d.side === 'unknown' && d.item.kind !== 'record');
  const m = unread ? await snapshotMotion(t, client, plural) : null;
  const moving = !!m && !still(m) && !m.unproven.length;
  const c = conclude(
    diffs.map((d) => classify(d, opts.matches ?? (() => undefined), { moving })),
    { must: need, mustNot: mustNotIds },
  );
  for (const s of c.setAside) setAside(t, l, plural, s.id, s.rule, s.why);
  const rest = differ.length - examined.length;
  const name = { missing: 'missing', unexpected: 'unexpected', unknown: 'listed' };
  const parts = c.holds.map((h) => `${name[h.side]} ${h.id} (${h.why})`);
  if (rest > 0) parts.push(`and ${rest} more difference(s) not read again`);
  t.assert(!parts.length, `${what}: ${parts.join('; ')}; ${replay(t)}`, got.res);
  if (c.unjudged) throw new CouldNotJudge(`the suite could not judge: ${what}: ${c.unjudged}`, 'moving');
}
