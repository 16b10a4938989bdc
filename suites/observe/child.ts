/**
 * A listed record refused by its slug alone: is it a child (a record with a parent, which
 * WordPress finds only by `<parent-slug>/<slug>`)? The reads; the verdict is childVerdict()
 * (lib/spec/oracle/child.ts, with the measurement on the original).
 */
import { type ChildVerdict, childPath, childVerdict, parentCandidates } from '../../lib/spec/oracle/child.ts';
import { type ItemRead, itemRead } from '../../lib/spec/oracle/moved.ts';
import type { ApiRecord } from '../../lib/spec/contract.ts';
import type { Client } from '../../lib/run/client.ts';
import type { CheckContext } from '../../lib/check/index.ts';
import type { ApiResponse } from '../../lib/types.ts';
import { allow, replay, spend, type Plural } from './support.ts';

export interface ChildRead {
  verdict: ChildVerdict;
  /** The path that served the record (when one did), and its answer. */
  path?: string;
  res?: ApiResponse;
  /** How many parents' paths were tried. */
  tried: number;
}

/**
 * Reads the record `r` (refused by `slug` alone: `lone`) through each listed record's slug as its
 * parent, the likeliest first, until one serves it; then once through a parent no record has.
 * Every listed record with a slug is tried (a missed parent would be a false alarm); a server
 * that refuses every slug therefore spends one read per listed record on the first one, then fails.
 */
export async function readAsChild(
  t: CheckContext,
  client: Client,
  plural: Plural,
  r: ApiRecord,
  slug: string,
  lone: ItemRead,
  listed: readonly ApiRecord[],
): Promise<ChildRead> {
  if (lone.kind !== 'gone') return { verdict: childVerdict(lone, undefined, undefined), tried: 0 };
  let tried = 0;
  const candidates = parentCandidates(listed, r);
  // The parent search is a re-read the judgement needs: one read per listed record and the control.
  allow(t, candidates.length + 1);
  for (const p of candidates) {
    spend(t);
    tried++;
    const path = `/${plural}/by-slug/${encodeURIComponent(childPath(String(p.slug), slug))}`;
    const res = await client.get(path);
    const via = itemRead(res.status, res.json, r.id);
    if (via.kind !== 'record') continue;
    spend(t);
    const nowhere = `/${plural}/by-slug/${encodeURIComponent(childPath(`calcert-no-parent-${t.config.runTag}`, slug))}`;
    const c = await client.get(nowhere);
    return { verdict: childVerdict(lone, via, itemRead(c.status, c.json, r.id)), path, res, tried };
  }
  return { verdict: childVerdict(lone, undefined, undefined), tried };
}

/**
 * Judges a child read: the record its parent's path served is the list's record (an assertion on
 * the by-slug route's answer), or fails with why the refusal of its slug holds. Returns whether
 * the record was judged as a child.
 */
export function judgeChild(
  t: CheckContext,
  plural: Plural,
  r: ApiRecord,
  slug: string,
  lone: ApiResponse,
  c: ChildRead,
): true {
  if (c.verdict.kind !== 'child' || !c.res || !c.path)
    return t.fail(
      `GET /${plural}/by-slug/${encodeURIComponent(slug)} answered ${lone.status}, yet ${plural} ${r.id} is listed with that slug (on two readings) and readable by ID; read as a child, ${c.verdict.why} (${c.tried} listed ${plural} tried as parent); ${replay(t)}`,
      lone,
    );
  const body = t.record(c.res, `GET ${c.path} (${plural} ${r.id} through its parent's path)`);
  t.assert(
    body.id === r.id,
    `GET ${c.path} answered id ${JSON.stringify(body.id)}, the list's record with slug ${JSON.stringify(slug)} is ${r.id}; ${replay(t)}`,
    c.res,
  );
  return true;
}
