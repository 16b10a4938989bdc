/**
 * The data types the run machinery, the checks and the reports share: the variant, a check's
 * level and resource, an exchange with the target and its record in results.json, the statuses.
 * One module that imports nothing, so that no two modules import types from each other in a
 * circle.
 */

/** The two variants of the interface (README "Variants"). */
export type Variant = 'base' | 'extended';

export type Level = 'must' | 'should';
export type Resource = 'events' | 'venues' | 'organizers' | 'categories' | 'tags';

export type Status = 'pass' | 'fail' | 'warn' | 'n/a' | 'blocked' | 'error' | 'expected-fail' | 'stale-expectation';

/**
 * Why a check that is `error` could not be judged (absent: the check itself broke).
 * `request-budget`: an observation check spent its share of --max-requests before it could judge
 * (a large calendar or a server that ignores a filter); `no-evidence`: the check ended without a
 * judgement, an assertion on an answer to a request of its own (setup reads and the readers'
 * bookkeeping are no evidence; a defect of the check: it should have said n/a).
 */
/**
 * Why a check could not judge. `moving`: a read-only judgement the site moved under faster than
 * the judge allows (lib/spec/judge/rules.ts `bound`): the run is `inconclusive`, never certified.
 */
export type UnjudgedCause = 'transient' | 'interrupted' | 'request-budget' | 'no-evidence' | 'moving';

export type TransportKind = 'timeout' | 'refused' | 'reset' | 'dns' | 'other';

/** One request to the target and its answer, as the client (lib/run/client.ts) records it. */
export interface Exchange {
  method: string;
  url: string;
  requestHeaders: Record<string, string>;
  requestBody?: string;
  status?: number;
  responseHeaders?: Record<string, string>;
  responseExcerpt?: string;
  ms: number;
  retries: number;
  error?: string;
  /** With `error`: the kind of transport trouble. */
  transport?: TransportKind;
  curl: string;
}

/** The request of an exchange as reports show it. */
export interface RecordedRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: string;
}

/** One exchange of a check as results.json records it (an Exchange without its transport detail). */
export type RecordedExchange = Omit<Exchange, 'transport'>;

/** Query parameters (and form fields) of a request. */
export type Params = Record<string, unknown>;

/** An answer of the target as the client returns it. */
export interface ApiResponse {
  status: number;
  headers: Record<string, string>;
  text: string;
  /** Parsed body, or undefined when the body is not JSON (see jsonError). */
  json: unknown;
  jsonError?: string;
  exchange: Exchange;
}
