/**
 * The judge's fresh readings (issue 38: a difference is excused only by a fresh reading of the
 * snapshot that proves the record changed): the crawl's own list read again (`freshList`), records
 * by ID (`readById`, `freshOf`), how a list moved between two readings, proven record by record
 * (`motionBetween`), and whether the site moves (`siteMoving`). One of the judge's readers with
 * readings.ts and reads.ts (selftest/unit/no-excuse.test.ts).
 */
import type { CheckContext } from '../../lib/check/index.ts';
import { CouldNotJudge } from '../../lib/check/index.ts';
import type { Client } from '../../lib/run/client.ts';
import { capped, readPages, type ApiRecord } from '../../lib/spec/contract.ts';
import { type ItemRead, itemRead } from '../../lib/spec/judge/fields.ts';
import { type FreshReading, listOlderThanItem } from '../../lib/spec/judge/motion.ts';
import { type Motion, motionOf, moving } from '../../lib/spec/judge/count.ts';
import { allow, crawlQuery, learned, type Plural, spend } from './support.ts';

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
    const at = (size: number) =>
      readPages(
        (p) => {
          spend(t);
          return client.get(`/${plural}`, { ...crawlQuery(plural), per_page: size, page: p });
        },
        plural,
        {
          variant: t.variant,
          perPage: size,
          maxPages,
          believe: true,
          what: `GET /${plural} (the crawl's list read again)`,
        },
      );
    for (let i = 0; i < FRESH_TRIES; i++) {
      let got = await at(50);
      // Fewer records than the total names after a short first page: read again at the size the
      // server served, as the crawl does (a server that caps per_page skips records between its pages).
      if (capped(got)) {
        const again = await at(got.short.size);
        if (!again.bad && !again.incoherent && again.complete) got = again;
      }
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
  let list = await freshList(t, client, plural);
  // The check's memo of the list may predate the read by ID: read it again after (listOlderThanItem).
  if (listOlderThanItem(item, list?.byId.get(id))) list = await freshList(t, client, plural, { again: true });
  // A list that could not be read again, or not whole, proves no absence: as if it still held the record.
  if (list?.byId.has(id)) return { item, list: { listed: true, copy: list.byId.get(id) } };
  return { item, list: { listed: !list?.whole } };
}

/** IDs read by ID at most to prove how a list moved; more is "site changing too fast". */
const MOTION_READS = 25;

/** Reads by ID of the IDs in one reading only, and how the later reading moved from the earlier. */
export async function motionBetween(
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
  // A record listed in the later reading only and gone or refused by ID: the crawl's list read
  // once more tells one created and deleted meanwhile (no longer listed) from one listed that does
  // not exist or is refused to whoever it is listed to.
  const passed = later.some((id) => !a.has(id) && ['gone', 'refused'].includes(reads.get(id)?.kind ?? ''));
  const after = passed ? await freshList(t, client, plural, { again: true }) : null;
  // The later reading is read in pages of 50 (the crawl's list again, a check's list): a record it
  // skipped at a page boundary while others moved is no difference (rule `shifted`).
  return motionOf(earlier, later, reads, copies, after?.whole ? new Set(after.ids) : undefined, 50);
}

/**
 * Whether the crawl's own list, read again, proves the site moving since the snapshot: a record
 * arrived (listed now, read by ID as a record), left (no longer listed, gone or changed by ID) or
 * passed through. A reading that is not whole (records shifted across its pages) proves arrivals only.
 */
export async function siteMoving(t: CheckContext, client: Client, plural: Plural): Promise<boolean> {
  const l = await learned(t);
  const anon = client === t.anon && l.authenticated;
  const all = (anon ? l.anonymous[plural] : l.lists[plural]) ?? l[plural].map((r) => r.id);
  const now = await freshList(t, client, plural, { again: true });
  if (!now) return false;
  const earlier = now.whole ? all : all.filter((id) => now.byId.has(id));
  const m = await motionBetween(t, client, plural, earlier, now.ids, new Map(l[plural].map((r) => [r.id, r])));
  return moving(m);
}
