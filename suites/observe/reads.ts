/**
 * A listed record that its read by ID or by slug did not serve as listed: the readings the judge
 * (lib/spec/judge/) decides on, and its verdict carried out. A refusal is excused only by what the
 * suite read itself (refusal.ts); a record gone or changed only when a fresh reading of the
 * snapshot proves it (motion.ts), and then only when the change explains the answer; a refused
 * slug is a child's only through its own parent's path (child.ts). Anything else fails here.
 */
import { type CheckContext, CouldNotJudge } from '../../lib/check/index.ts';
import type { Client } from '../../lib/run/client.ts';
import type { Learned } from '../../lib/run/crawl.ts';
import { readPage, type ApiRecord } from '../../lib/spec/contract.ts';
import {
  type ChildVerdict,
  childPath,
  childVerdict,
  namedParent,
  type Parenthood,
  parentCandidates,
} from '../../lib/spec/judge/child.ts';
import { type ItemRead, itemRead, unpublished } from '../../lib/spec/judge/fields.ts';
import { proveChange } from '../../lib/spec/judge/motion.ts';
import { passwordFixtures, refusalExcused } from '../../lib/spec/judge/refusal.ts';
import type { ApiResponse } from '../../lib/types.ts';
import { freshOf } from './fresh.ts';
import { setAside } from './readings.ts';
import { allow, type Plural, replay, spend, WIDE_WINDOW } from './support.ts';

export type Unserved =
  /** The record left the sample (a verdict of the judge, noted on the check). */
  | { kind: 'left' }
  /** The record changed since the snapshot, by ID and in its list alike: judge these fresh copies. */
  | { kind: 'fresh'; rec: ApiRecord; copy: ApiRecord }
  /** Served another way (its new slug, or as a child through its parent's path): judge this answer. */
  | { kind: 'served'; res: ApiResponse; path: string };

/**
 * A listed record `r` (the snapshot's copy) whose read `res` (by ID, or by `slug`) by `client` did
 * not serve it as listed: a refusal, a 4xx, or (by ID) a copy that disagrees with the list's.
 */
export async function unserved(
  t: CheckContext,
  l: Learned,
  plural: Plural,
  r: ApiRecord,
  res: ApiResponse,
  o: { client: Client; slug?: string; who: string; pool: readonly ApiRecord[] },
): Promise<Unserved> {
  const read = itemRead(res.status, res.json, r.id);
  const path = o.slug === undefined ? `/${plural}/${r.id}` : `/${plural}/by-slug/${encodeURIComponent(o.slug)}`;
  const fresh = await freshOf(t, o.client, plural, r.id);
  const proof = proveChange(r, fresh);
  if (read.kind === 'refused') {
    const ex = refusalExcused({
      plural,
      id: r.id,
      ...(l.authenticated ? { authenticatedCopy: r } : {}),
      passwordFixtures: passwordFixtures(t.config.fixtures),
    });
    if (ex.excused) {
      setAside(t, l, plural, r.id, 'refusal', ex.why);
      return { kind: 'left' };
    }
    if (proof.proven && (proof.gone || proof.fresh.some(unpublished))) {
      setAside(t, l, plural, r.id, 'moved', proof.why, proof.deleted);
      return { kind: 'left' };
    }
    const said = `GET ${path} answered ${res.status}: the ${o.who} sees ${plural} ${r.id} in the list and is refused it (${ex.why}; ${proof.why})`;
    if (ex.unjudged) throw new CouldNotJudge(`the suite could not judge: ${said}`, 'no-evidence');
    return t.fail(`${said}; ${replay(t)}`, res);
  }
  if (proof.proven) {
    // Gone, trashed or unpublished since the snapshot: no list that does not ask for it shows it.
    // By ID, a record that keeps changing (its fresh copies differ) cannot be judged either.
    if (proof.gone || proof.fresh.some(unpublished) || (o.slug === undefined && proof.fresh.length > 1)) {
      setAside(t, l, plural, r.id, 'moved', proof.why, proof.deleted);
      return { kind: 'left' };
    }
    const now = proof.fresh[0] as ApiRecord;
    const copy = fresh.list.copy ?? now;
    if (o.slug === undefined) {
      setAside(t, l, plural, r.id, 'moved', `${proof.why}: judged on its fresh copies`);
      return { kind: 'fresh', rec: now, copy };
    }
    // A new slug explains a refused old one: the new slug is read and judged.
    if (typeof now.slug === 'string' && now.slug && now.slug !== o.slug && copy.slug === now.slug) {
      setAside(t, l, plural, r.id, 'moved', `${proof.why}: its slug is now ${JSON.stringify(now.slug)}`);
      spend(t);
      const again = `/${plural}/by-slug/${encodeURIComponent(now.slug)}`;
      return { kind: 'served', res: await o.client.get(again), path: again };
    }
  }
  if (o.slug !== undefined && read.kind === 'gone' && plural === 'events' && fresh.item.kind === 'record') {
    const c = await asChild(t, o.client, r, o.slug, read, o.pool);
    if (c.verdict.kind === 'child' && c.res && c.path) {
      setAside(t, l, plural, r.id, 'child', c.verdict.why);
      return { kind: 'served', res: c.res, path: c.path };
    }
    return t.fail(
      `GET ${path} answered ${res.status}, yet ${plural} ${r.id} is listed with that slug and readable by ID (${proof.why}); read as a child, ${c.verdict.why} (${c.tried} candidate parent(s) tried); ${replay(t)}`,
      res,
    );
  }
  if (read.kind === 'record') return { kind: 'fresh', rec: read.rec, copy: r };
  return t.fail(
    `GET ${path} answered ${res.status}: the ${o.who} sees ${plural} ${r.id} in the list (${proof.why}); ${replay(t)}`,
    res,
  );
}

/**
 * Reads `r` (refused by `slug` alone: `lone`) through its candidate parents' paths (the one it
 * names, else the nearest listed records), and once through a parent no record has; a candidate
 * whose path serves it must be proven its parent (named, or its family lists the child).
 */
async function asChild(
  t: CheckContext,
  client: Client,
  r: ApiRecord,
  slug: string,
  lone: ItemRead,
  pool: readonly ApiRecord[],
): Promise<{ verdict: ChildVerdict; path?: string; res?: ApiResponse; tried: number }> {
  const named = namedParent(r, t.config.fixtures?.childEvent);
  const candidates = parentCandidates(pool, r, named);
  allow(t, 2 * candidates.length + 1);
  let tried = 0;
  for (const p of candidates) {
    tried++;
    spend(t);
    const path = `/events/by-slug/${encodeURIComponent(childPath(String(p.slug), slug))}`;
    const res = await client.get(path);
    const via = itemRead(res.status, res.json, r.id);
    if (via.kind !== 'record') continue;
    const parenthood: Parenthood = named !== null ? 'named' : await family(t, client, p.id, r.id);
    spend(t);
    const nowhere = `/events/by-slug/${encodeURIComponent(childPath(`calcert-no-parent-${t.config.runTag}`, slug))}`;
    const c = await client.get(nowhere);
    return { verdict: childVerdict(lone, via, parenthood, itemRead(c.status, c.json, r.id)), path, res, tried };
  }
  return { verdict: childVerdict(lone, undefined, 'unknown', undefined), tried };
}

/** Whether the candidate parent's family lists the child (extended: `post_parent`); base has none to read. */
async function family(t: CheckContext, client: Client, parent: number, child: number): Promise<Parenthood> {
  if (!t.extended) return 'unknown';
  spend(t);
  const res = await client.get('/events', { ...WIDE_WINDOW, post_parent: parent, per_page: 50 });
  const got = readPage(res, 'events', { variant: t.variant });
  if (got.kind !== 'page') return 'unknown';
  return got.ids.includes(child) ? 'family' : 'not-family';
}

/**
 * A sample of reads whose every record left it (rule `all-set-aside`): unjudged, never a pass
 * nor n/a. `judged`: the records of the sample the check judged.
 */
export function sampleJudged(t: CheckContext, plural: Plural, judged: number): void {
  if (judged) return;
  throw new CouldNotJudge(
    `the suite could not judge: every sampled ${plural} left the sample (${t.setAsides.map((x) => `${x.id}: ${x.why}`).join('; ')})`,
    'moving',
  );
}
