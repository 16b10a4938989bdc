/**
 * The readings the judge (lib/spec/judge/, its table in rules.ts) decides on, and its verdicts
 * carried out: the one place of suites/observe/ that sets a record aside, always on a verdict of
 * the judge (selftest/unit/no-excuse.test.ts holds the check bodies to it). It reads a filtered
 * list to its end (`all`), the crawl's own list again and records by ID (fresh.ts), and judges a
 * filtered sample against the snapshot (`judge`) or a list against its size (`countOnSnapshot`).
 */
import type { CheckContext } from '../../lib/check/index.ts';
import { CouldNotJudge } from '../../lib/check/index.ts';
import type { Client } from '../../lib/run/client.ts';
import type { Learned } from '../../lib/run/crawl.ts';
import { readPages, type ApiRecord } from '../../lib/spec/contract.ts';
import { type Classified, classify, conclude, type Difference, type Matcher } from '../../lib/spec/judge/motion.ts';
import { shiftedVerdict } from '../../lib/spec/judge/partition.ts';
import { type Judge, judgeCount } from '../../lib/spec/judge/count.ts';
import type { RuleId } from '../../lib/spec/judge/rules.ts';
import type { ApiResponse, Params } from '../../lib/types.ts';
import { allow, learned, type Plural, replay, SAMPLE_PAGES, spend } from './support.ts';
import { freshList, freshOf, motionBetween, readById, siteMoving } from './fresh.ts';

export type { Matcher };

/** Takes a record out of the worker's snapshot (for every later check of the worker) and notes it on the check. */
export function setAside(
  t: CheckContext,
  l: Learned,
  plural: Plural,
  id: number,
  rule: RuleId,
  why: string,
  deleted = false,
): void {
  // A record proven deleted leaves the snapshot without counting against the bound (rule `bound`).
  t.setAsides.push({ plural, id, rule, why, counts: rule !== 'refusal' && !deleted });
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
        setAside(
          t,
          l,
          plural,
          id,
          'moved',
          'left the list while its pages were read (proven by its read by ID)',
          !!m.deleted?.includes(id),
        );
    whole = await o.next(whole, after);
  }
  throw new CouldNotJudge(
    `the suite could not judge: GET /${plural} with ${JSON.stringify(whole.query)} moved during each of ${rounds} paged reads (another client writing, each move proven by its read by ID)`,
    'moving',
  );
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
  const deleted = new Set<number>();
  let answers = 0;
  const v = await judgeCount({
    count: listIds.length,
    ids: listIds,
    read: async (count) => {
      const before = t.exchanges.length;
      const judge = await read(count);
      answers ||= t.exchanges.length - before;
      return judge;
    },
    oneAnswer: () => answers === 1,
    fresh: async () => {
      const f = await freshList(t, t.api, plural, { again: true });
      return f?.whole ? f.ids : null;
    },
    motion: async (earlier, later) => {
      const m = await motionBetween(t, t.api, plural, earlier, later, copies);
      for (const id of m.deleted ?? []) deleted.add(id);
      return m;
    },
  });
  for (const id of v.left)
    if (copies.has(id))
      setAside(
        t,
        l,
        plural,
        id,
        'moved',
        'left its list since the snapshot (proven by its read by ID)',
        deleted.has(id),
      );
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
  /** The same query read again to its end (its IDs; null when it could not be), for rule `shifted`. */
  reread?: () => Promise<number[] | null>;
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
        return client.get(`/${plural}`, { ...query, per_page: SAMPLE_PER_PAGE, page: p });
      },
      plural,
      {
        variant: t.variant,
        perPage: SAMPLE_PER_PAGE,
        maxPages: opts.maxPages ?? SAMPLE_PAGES,
        what: `GET /${plural} with ${JSON.stringify(query)}`,
      },
    );
  let got = await read();
  // A record on two pages: another client's record created between the pages shifts one down.
  // Read again once, only when the crawl's list proves the site moving (rule `flaky`); a list
  // incoherent again on a moving site is unjudged, on a still one a failure.
  if (got.incoherent && got.pages > 1 && (await siteMoving(t, client, plural))) {
    // The judge's second reading: it does not eat the check's share.
    allow(t, got.pages);
    got = await read();
    if (got.incoherent)
      throw new CouldNotJudge(
        `the suite could not judge: site changing too fast: ${got.incoherent}, on two readings while the site moved`,
        'moving',
      );
  }
  const res = got.last as ApiResponse;
  if (got.bad && res && res.status >= 400 && res.status < 500 && opts.onRefused) await opts.onRefused(res);
  if (got.bad) t.fail(got.bad, res);
  // Coherence is the reader's bookkeeping (the evidence rule): no judgement of the behaviour a check names.
  t.setup.assert(!got.incoherent, `${got.incoherent}; ${replay(t)}`, res);
  const reread = async () => {
    // The judge's second reading: it does not eat the check's share.
    allow(t, Math.max(1, got.pages));
    const second = await read();
    return second.bad || second.incoherent || !second.complete ? null : second.ids;
  };
  return { ids: got.ids, records: got.records, res, complete: got.complete, reread };
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
    setAside(t, l, plural, rec.id, c.rule, c.why, c.deleted);
    throw new CouldNotJudge(
      `the suite could not judge: ${what} answered ${res.status}, and the ${plural} ${rec.id} it names ${c.why}`,
      'moving',
    );
  }
}

/**
 * Rule `shifted`: a record a paged reading misses, while the crawl's list proves the site moving,
 * is judged on a second reading of the same query when that reading lists it at a page boundary
 * of the first (a record before it left between two pages). Turns those differences `fine`.
 */
async function shifted(
  t: CheckContext,
  client: Client,
  plural: Plural,
  got: Sample,
  classes: Classified[],
  knownMoving: boolean,
): Promise<void> {
  const missing = classes.filter((c) => c.verdict === 'holds' && c.side === 'missing');
  if (!missing.length || !got.reread || got.ids.length < SAMPLE_PER_PAGE) return;
  if (!knownMoving && !(await siteMoving(t, client, plural))) return;
  // A second reading incoherent in its turn (another client wrote between its pages) is read
  // once more; none whole leaves the record unjudged (shiftedVerdict).
  const second = (await got.reread()) ?? (await got.reread());
  for (const c of missing) {
    const v = shiftedVerdict(got.ids, SAMPLE_PER_PAGE, second, c.id);
    if (v.verdict === 'holds') c.why = `${c.why}; ${v.why}`;
    else Object.assign(c, { verdict: v.verdict, rule: 'shifted', why: v.why });
  }
}

/** The page size `all` reads with. */
const SAMPLE_PER_PAGE = 50;

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
  const moving = unread && (await siteMoving(t, client, plural));
  const classes = diffs.map((d) => classify(d, opts.matches ?? (() => undefined), { moving }));
  await shifted(t, client, plural, got, classes, moving);
  const c = conclude(classes, { must: need, mustNot: mustNotIds });
  for (const s of c.setAside) setAside(t, l, plural, s.id, s.rule, s.why, s.deleted);
  const rest = differ.length - examined.length;
  const name = { missing: 'missing', unexpected: 'unexpected', unknown: 'listed' };
  const parts = c.holds.map((h) => `${name[h.side]} ${h.id} (${h.why})`);
  if (rest > 0) parts.push(`and ${rest} more difference(s) not read again`);
  t.assert(!parts.length, `${what}: ${parts.join('; ')}; ${replay(t)}`, got.res);
  if (c.unjudged) throw new CouldNotJudge(`the suite could not judge: ${what}: ${c.unjudged}`, 'moving');
}
