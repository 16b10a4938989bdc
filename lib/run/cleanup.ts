/**
 * The run-tag sweep: find every record whose title/name contains a run's tag and delete it.
 *
 * Safety rules (issue 6, CONTRACT.md "Residue on a live server"):
 *  - Only records whose title (posts) or name (terms), entity-decoded, CONTAINS the tag are
 *    deleted; search results are never trusted on their own (a search also matches descriptions,
 *    venue addresses, slugs...). Nothing is ever updated.
 *  - Posts (events, venues, organizers) can only be trashed through the interface: DELETE trashes
 *    them; a record already in the trash (410) counts as done. Terms are deleted for good
 *    (`force=true`).
 *  - Writes are never retried (the client's policy). A transport failure of one request is
 *    reported and the sweep goes on; once the client marks the target down (consecutive
 *    failures, lib/run/client.ts) the sweep stops: the caller decides the exit code.
 */
import { TransportError, type Client } from './client.ts';
import type { ApiResponse } from '../types.ts';
import { decodeEntities } from '../spec/normalise.ts';
import { errorCode, field, isObject, readPages } from '../spec/contract.ts';
import { dropLedger, readLedger } from './ledger.ts';

export type SweepResource = 'events' | 'venues' | 'organizers' | 'categories' | 'tags';
const SWEEP_RESOURCES: readonly SweepResource[] = ['events', 'venues', 'organizers', 'categories', 'tags'];

/** Post statuses a user may see besides the default list (a 400 for one just means not visible). */
const EXTRA_STATUSES = ['draft', 'pending', 'private', 'future'] as const;
const PER_PAGE = 50;

interface SweepOptions {
  /** Page bound per list query (a live server may hold many tagged records): default 40. */
  maxPages?: number;
  /** List only; delete nothing. */
  dryRun?: boolean;
  log?: (line: string) => void;
  /** Stop early (second signal, deadline). */
  signal?: AbortSignal;
}

export interface SweepResult {
  /** Tagged records found, by resource. */
  found: Record<SweepResource, number>;
  /** Records trashed (posts) or deleted (terms). */
  deleted: number;
  /** One line per problem; empty when the sweep completed. */
  errors: string[];
  /** True when a transport failure stopped the sweep early. */
  aborted: boolean;
}

/** The display title/name of a listed record: `title` (string or {rendered}) for posts, `name` for terms (venue/organizer too may carry `venue`/`organizer`). */
function labelOf(resource: SweepResource, rec: unknown): string {
  if (!isObject(rec)) return '';
  const pick = (v: unknown): string => {
    const text = typeof v === 'string' ? v : field(v, 'rendered');
    return typeof text === 'string' ? text : '';
  };
  if (resource === 'categories' || resource === 'tags') return decodeEntities(pick(rec.name));
  if (resource === 'venues') return decodeEntities(pick(rec.venue) || pick(rec.title));
  if (resource === 'organizers') return decodeEntities(pick(rec.organizer) || pick(rec.title));
  return decodeEntities(pick(rec.title));
}

/** True when the record's decoded title/name contains the tag (case-insensitive: tags are lowercase). */
export function carriesTag(resource: SweepResource, rec: unknown, runTag: string): boolean {
  return runTag.length >= 4 && labelOf(resource, rec).toLowerCase().includes(runTag.toLowerCase());
}

class SweepStop extends Error {}
/** Ends one list read early (a transport failure already reported, or a status this user may not list). */
class ListStop extends Error {}

/** A listed record with an integer id (the rest is read through the guards). */
type Listed = Record<string, unknown> & { id: number };

function describe(res: ApiResponse): string {
  const code = errorCode(res.json);
  return `${res.status}${code ? ` (${code.trim()})` : ''}`;
}

/**
 * Sweep one run tag off the target. Never throws for target problems: they end up in `errors`.
 */
export async function sweep(client: Client, runTag: string, opts: SweepOptions = {}): Promise<SweepResult> {
  if (!/^[a-z0-9]{4,24}$/.test(runTag))
    throw new Error(
      `refusing to sweep with run tag ${JSON.stringify(runTag)}: it must be 4 to 24 lowercase letters or digits`,
    );
  const maxPages = opts.maxPages ?? 40;
  const log = opts.log ?? (() => undefined);
  const result: SweepResult = {
    found: { events: 0, venues: 0, organizers: 0, categories: 0, tags: 0 },
    deleted: 0,
    errors: [],
    aborted: false,
  };

  /** The answer, or null after a transport failure (reported); stops the sweep when the target is down. */
  const call = async (fn: () => Promise<ApiResponse>): Promise<ApiResponse | null> => {
    if (opts.signal?.aborted) throw new SweepStop('the sweep was stopped');
    try {
      return await fn();
    } catch (e) {
      if (!(e instanceof TransportError)) throw e;
      if (client.health.down) throw new SweepStop(e.message);
      result.errors.push(e.message);
      return null;
    }
  };

  /**
   * Every record of one list query, page by page (bounded), read by the one list reader
   * (lib/spec/contract.ts `readPages`): the documented empty answer ends a list, anything else that is
   * no list answer (a 404 rest_no_route, an HTML page, a 5xx) or an incoherent list is a problem
   * the sweep reports. A status this user may not list (400/401/403 on page 1) is no problem.
   */
  const listAll = async (resource: SweepResource, query: Record<string, unknown>): Promise<unknown[] | null> => {
    let refused = false;
    const got = await readPages(
      async (page) => {
        const res = await call(() => client.get(`/${resource}`, { ...query, per_page: PER_PAGE, page }));
        if (!res) throw new ListStop();
        if (page === 1 && (res.status === 400 || res.status === 401 || res.status === 403)) {
          refused = true;
          throw new ListStop();
        }
        return res;
      },
      resource,
      // Any variant may answer the documented empty 404 on page 1 here: a sweep judges nothing,
      // it only must not take a missing route or an error page for "no tagged record".
      { variant: 'base', perPage: PER_PAGE, maxPages, what: `GET /${resource}` },
    ).catch((e: unknown) => {
      if (e instanceof ListStop) return null;
      throw e;
    });
    // Stopped early: a refused status lists nothing; a transport failure is already reported.
    if (!got) return refused ? null : [];
    if (got.bad) result.errors.push(got.bad);
    if (got.incoherent) result.errors.push(`${got.incoherent}; run the cleanup again`);
    if (got.stopped === 'cap')
      result.errors.push(`GET /${resource}: more than ${maxPages} pages of tagged records; run the cleanup again`);
    return got.records;
  };

  // What the run's checks registered and did not delete (lib/run/ledger.ts): records in no list
  // (6.x never lists a hidden event) are read by id. A run that ended normally has none.
  const ledger = readLedger(runTag, client.root);
  try {
    for (const resource of SWEEP_RESOURCES) {
      const isTerm = resource === 'categories' || resource === 'tags';
      const queries: Array<Record<string, unknown>> = [];
      if (isTerm) queries.push({ search: runTag, hide_empty: 0 });
      else {
        // Events: a window wide enough for any date a check may use (the default list shows a
        // window around today only).
        const window =
          resource === 'events' ? { start_date: '1900-01-01 00:00:00', end_date: '2999-12-31 23:59:59' } : {};
        queries.push({ search: runTag, ...window });
        for (const status of EXTRA_STATUSES) queries.push({ search: runTag, status, ...window });
      }
      const byId = new Map<number, Listed>();
      for (const q of queries) {
        const items = await listAll(resource, q);
        for (const rec of items ?? [])
          if (isObject(rec) && Number.isInteger(rec.id) && !byId.has(rec.id as number))
            byId.set(rec.id as number, rec as Listed);
      }
      for (const { id } of ledger.filter((e) => e.resource === resource && !byId.has(e.id))) {
        const res = await call(() => client.get(`/${resource}/${id}`));
        // Gone (404/410, 400 on the original) or not readable: nothing to delete. A 5xx is a problem.
        if (res && res.status >= 500) result.errors.push(`GET /${resource}/${id} answered ${describe(res)}`);
        if (res && res.status < 300 && isObject(res.json) && res.json.id === id) byId.set(id, res.json as Listed);
      }
      const tagged = [...byId.values()].filter((rec) => carriesTag(resource, rec, runTag) && rec.status !== 'trash');
      result.found[resource] = tagged.length;
      if (opts.dryRun) continue;
      // Children before parents (categories), newest first otherwise.
      tagged.sort((a, b) => (b.parent ? 1 : 0) - (a.parent ? 1 : 0) || b.id - a.id);
      for (const rec of tagged) {
        // The guard again, right before the write: nothing without the tag is ever deleted.
        if (!carriesTag(resource, rec, runTag)) continue;
        const res = await call(() => client.delete(`/${resource}/${rec.id}`, isTerm ? { force: true } : undefined));
        if (!res) continue;
        if ((res.status >= 200 && res.status < 300) || res.status === 410 || res.status === 404) {
          if (res.status < 300) result.deleted++;
        } else {
          result.errors.push(`DELETE /${resource}/${rec.id} answered ${describe(res)}`);
        }
      }
      if (tagged.length)
        log(`cleanup: ${resource}: ${tagged.length} tagged record(s) ${opts.dryRun ? 'found' : 'removed'}`);
    }
  } catch (e) {
    if (!(e instanceof SweepStop)) throw e;
    result.aborted = true;
    result.errors.push(`the sweep stopped: ${e.message}`);
  }
  if (!opts.dryRun && !result.errors.length) dropLedger(runTag, client.root);
  return result;
}

/** Sum of found records. */
export function foundTotal(r: SweepResult): number {
  return Object.values(r.found).reduce((a, b) => a + b, 0);
}
