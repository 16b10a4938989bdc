/**
 * Differential run (`calcert diff`): the same generated requests to two servers, the responses
 * compared after normalisation, the differences reported with a curl line for each side.
 *
 *  - Requests: the root and every list route plain, then `numRuns` list queries drawn by
 *    fast-check from a fixed seed (events lists with date, search, term, venue/organizer, featured,
 *    status, include and paging filters; venues, organizers, categories and tags lists); both
 *    sides get the identical list. Record IDs in queries (venue=, organizer=, include=, exclude=,
 *    categories=, tags=) are never random numbers: the records of both sides are first paired by
 *    name (`pairRecords`: the first page of each list, names unique on each side), the queries
 *    name a pair (`{venues_2}`) and each side sends its own ID of it, so a query asks both
 *    servers about the same record and an ID that exists on one side only never makes a false
 *    difference; without a pair, no such filter is drawn. When both sides have credentials and the run is not read-only,
 *    a small create/read/delete sequence of run-tagged records follows on each side (venue,
 *    organizer, category, tag, an event linking them), with a run-tag sweep afterwards.
 *  - Normalisation (`normaliseBody`): record IDs (`id`, `*_id`, `global_id*`, `author`, `parent`,
 *    `post_parent`), timestamps (`date`, `modified`, `*_utc`, date-time `default`s of the root
 *    document) and, inside strings, the side's own
 *    origin (scheme, host, port), namespace and numeric URL path segments / `id=` values are
 *    replaced by placeholders. Status codes and normalised JSON bodies are compared (raw text when
 *    a body is not JSON); headers are not.
 *
 * The run's jobs, one module each: generate.ts (the requests), normalise.ts (what is compared),
 * pair.ts (records of both sides paired by name), side.ts and run.ts (sending, comparing,
 * cleaning up), render.ts (the table). This module holds the data they share (types only, and
 * the pool names).
 */
import type { Params } from '../../types.ts';
import type { Auth } from '../../run/config/model.ts';

export interface DiffSide {
  baseUrl: string;
  namespace: string;
  auth: Auth;
}

export interface DiffOptions {
  base: DiffSide;
  candidate: DiffSide;
  seed: number;
  numRuns: number;
  readOnly: boolean;
  runTag: string;
  timeoutMs: number;
  concurrency?: number;
  /** Day the generated dates are relative to (YYYY-MM-DD, UTC); default today. */
  today?: string;
  log?: (line: string) => void;
  signal?: AbortSignal;
}

/** One request of the run. `{name}` in a path or string body value is replaced by the ID that side created under that name. */
export interface Step {
  label: string;
  method: 'GET' | 'POST' | 'DELETE';
  path: string;
  query?: Params;
  json?: Record<string, unknown>;
  /** Remember the created record's id under this name. */
  save?: string;
  /** Send with credentials (writes; and reads when both sides have credentials). */
  auth?: boolean;
}

interface SideResponse {
  status: number | null;
  /** Transport error, when there was no HTTP answer. */
  error?: string;
  curl: string;
  excerpt: string;
}

export interface Difference {
  index: number;
  label: string;
  request: string;
  base: SideResponse;
  candidate: SideResponse;
  /** What differs: 'status 200 vs 404' or '<path>: <base> vs <candidate>' lines (first few). */
  details: string[];
}

export interface DiffResult {
  requests: number;
  same: number;
  differences: Difference[];
  /** Cleanup problems (records that may be left behind), per side. */
  cleanupErrors: string[];
  writes: boolean;
}

/** One side's answer to a step, as compared. */
export interface Answer {
  status: number | null;
  error?: string;
  body: unknown;
  raw: string;
  curl: string;
}

/** The resources whose records the queries name by ID. */
export const POOLS = ['events', 'venues', 'organizers', 'categories', 'tags'] as const;
export type PoolKey = (typeof POOLS)[number];
/** How many records of each resource exist on both sides (paired by name); `{<key>_<i>}` names the i-th. */
export type Pools = Record<PoolKey, number>;

/** A paired event's start and end (`YYYY-MM-DD hh:mm:ss`): the date filters are drawn at its edges. */
export interface DateAnchor {
  start: string;
  end: string;
}
export const NO_POOLS: Pools = { events: 0, venues: 0, organizers: 0, categories: 0, tags: 0 };
