/**
 * Preflight: before any check runs, make sure the run can mean something. The target answers,
 * its namespace root names the namespace, the variant is detected (LEVELS.md: extended when the
 * root lists venue by-slug routes AND the events route declares starts_before or strict_dates),
 * and the credentials work (a create and delete of one run-tagged tag; in read-only mode an
 * authenticated GET). Any problem is a PreflightError: one line with the problem and the fix.
 */
import { type Client, TransportError } from './client.ts';
import type { ApiResponse } from '../types.ts';
import { calcertCommand, cleanupAdvice } from './config/replay.ts';
import { restRootOf } from './config/validate.ts';
import type { Config } from './config/model.ts';
import type { Variant } from '../types.ts';
import { errorCode, field, isObject } from '../spec/contract.ts';

export class PreflightError extends Error {
  override name = 'PreflightError';
}

/** A signal (Ctrl-C) arrived during the preflight: it stopped between two requests, nothing more is sent. */
export class PreflightInterrupted extends Error {
  override name = 'PreflightInterrupted';
}

function stopIfAborted(signal: AbortSignal | undefined, before: string): void {
  if (signal?.aborted)
    throw new PreflightInterrupted(`interrupted during the preflight, before ${before}; nothing more was sent`);
}

export interface PreflightResult {
  detectedVariant: Variant;
  /**
   * The version the namespace root names (`version`, a string), or null: the exact-per-version
   * checks judge the answers of that version when they know it (lib/spec/versions.ts), else those
   * of the variant's measured original. The original names none.
   */
  rootVersion: string | null;
  notes: string[];
  /**
   * The fastest answer of the preflight's requests, in ms: the target's latency (how many workers
   * wait on the network). Not the median: the first answer pays the connection and a server's
   * warm-up (26-200 ms from a reference server just started, 1-10 ms after), and one answer slowed
   * by a busy machine made a run on two cores start 8 workers instead of 3, each loading every
   * module: about three times the CPU and twice the wall time of the same run.
   */
  latencyMs: number;
  /** The REST root found by discovery when --base-url was a site URL (the run uses it). */
  baseUrl?: string;
  /** Trouble that does not stop the run (the target's clock is off). */
  warnings: string[];
}

/** Clock difference from which the target's Date header is worth a warning (date-window checks). */
const CLOCK_SKEW_WARN_MS = 5 * 60_000;

/** A warning when the answer's Date header is more than 5 minutes off our clock, or null. Pure. */
export function clockSkewWarning(dateHeader: string | undefined, now: number): string | null {
  const at = dateHeader ? Date.parse(dateHeader) : Number.NaN;
  if (Number.isNaN(at) || Math.abs(at - now) <= CLOCK_SKEW_WARN_MS) return null;
  const minutes = Math.round(Math.abs(at - now) / 60_000);
  return `the target's clock (Date: ${dateHeader}) is ${minutes} min ${at > now ? 'ahead of' : 'behind'} ours: checks of date windows (start_date/end_date filters, "upcoming") may misjudge; fix the clock of one side (NTP)`;
}

/** The REST roots a site's answer names through WordPress discovery (Link rel="https://api.w.org/", header or HTML). Pure. */
export function discoveryLinks(res: Pick<ApiResponse, 'headers' | 'text'>, requestUrl: string): string[] {
  const out: string[] = [];
  const link = res.headers['link'] ?? '';
  for (const m of link.matchAll(/<([^>]+)>\s*;[^,]*?rel\s*=\s*"?https:\/\/api\.w\.org\/"?/g)) out.push(m[1] as string);
  const type = res.headers['content-type'] ?? '';
  if (/html/i.test(type))
    for (const m of res.text.slice(0, 200_000).matchAll(/<link\b[^>]*>/gi)) {
      const tag = m[0];
      if (!/rel\s*=\s*["']https:\/\/api\.w\.org\/["']/i.test(tag)) continue;
      const href = /href\s*=\s*["']([^"']+)["']/i.exec(tag)?.[1];
      if (href) out.push(href.replace(/&amp;/g, '&'));
    }
  const roots: string[] = [];
  for (const href of out) {
    try {
      const root = restRootOf(new URL(href, requestUrl));
      if (root && !roots.includes(root)) roots.push(root);
    } catch {
      // not a URL: ignored
    }
  }
  return roots;
}

const isRestIndex = (res: ApiResponse | undefined): boolean =>
  !!res &&
  res.status >= 200 &&
  res.status < 300 &&
  !!res.json &&
  typeof res.json === 'object' &&
  (Array.isArray(field(res.json, 'namespaces')) ||
    (!!field(res.json, 'routes') && typeof field(res.json, 'routes') === 'object'));

/**
 * Target discovery for a --base-url that is not a REST root (a site URL): WordPress's discovery
 * link (the `Link: <...>; rel="https://api.w.org/"` header, or the same <link> in the page) on the
 * namespace answer or the site's own page, then `/wp-json`, then `?rest_route=/`. A candidate is
 * the REST root when it answers a REST index (JSON with namespaces or routes). Anonymous GETs only.
 * Null when --base-url answers a REST index itself, or nothing was found.
 */
async function discoverRoot(
  config: Pick<Config, 'baseUrl'>,
  client: Client,
  first: ApiResponse,
  signal?: AbortSignal,
): Promise<{ url: string; how: string } | null> {
  const get = (url: string) => client.request({ method: 'GET', url, auth: false }).catch(() => undefined);
  const candidates: { url: string; how: string }[] = [];
  const add = (urls: string[], how: string) => {
    for (const url of urls)
      if (url !== config.baseUrl && !candidates.some((c) => c.url === url)) candidates.push({ url, how });
  };
  add(discoveryLinks(first, first.exchange.url), 'WordPress discovery: the Link rel="https://api.w.org/" header');
  stopIfAborted(signal, 'target discovery');
  const site = await get(config.baseUrl);
  if (isRestIndex(site)) return null;
  if (site) add(discoveryLinks(site, config.baseUrl), 'WordPress discovery: the api.w.org link of the site');
  const u = new URL(config.baseUrl);
  add([`${config.baseUrl.replace(/\/+$/, '')}/wp-json`], 'the /wp-json below the URL');
  add([`${u.origin}${u.pathname.replace(/\/*$/, '/')}?rest_route=/`], 'a ?rest_route=/ root');
  for (const c of candidates) {
    stopIfAborted(signal, 'target discovery');
    if (isRestIndex(await get(c.url))) return c;
  }
  return null;
}

/** A short description of a non-JSON answer: its content type and, for a page, its title. */
function whatCame(res: ApiResponse): string {
  const type = res.headers['content-type'] ?? 'no content type';
  const title = /<title[^>]*>([^<]{0,80})/i.exec(res.text)?.[1]?.trim();
  return `${res.status} with ${type}${title ? ` (a page titled ${JSON.stringify(title)})` : res.text.trim() ? '' : ' (empty body)'}`;
}

/** Variant detection from a namespace root body (LEVELS.md, "Variants and detection"). */
function detectVariant(root: unknown, namespace: string): Variant {
  const routes = field(root, 'routes');
  const keys = isObject(routes) ? Object.keys(routes) : [];
  const venueBySlug = keys.some((k) => k.startsWith(`/${namespace}/venues/by-slug`));
  const endpoints = field(field(routes, `/${namespace}/events`), 'endpoints');
  const declaresStarts =
    Array.isArray(endpoints) &&
    endpoints.some((e) => {
      const args = field(e, 'args');
      return isObject(args) && ('starts_before' in args || 'strict_dates' in args);
    });
  return venueBySlug && declaresStarts ? 'extended' : 'base';
}

function describeTransport(e: TransportError, what: string): string {
  return `${what}: ${e.message}`;
}

async function safe(_client: Client, what: string, fn: () => Promise<ApiResponse>): Promise<ApiResponse> {
  try {
    const res = await fn();
    timings.push(res.exchange.ms);
    return res;
  } catch (e) {
    if (e instanceof TransportError) {
      const fix =
        e.kind === 'refused' || e.kind === 'dns'
          ? 'check --base-url (CAL_BASE_URL) and that the server is up'
          : e.kind === 'timeout'
            ? 'check the server, or raise --timeout-ms'
            : 'check the server and --base-url';
      throw new PreflightError(`${describeTransport(e, what)}; fix: ${fix}`);
    }
    throw e;
  }
}

/** Response times of the current preflight's requests. */
let timings: number[] = [];

export async function preflight(config: Config, client: Client, signal?: AbortSignal): Promise<PreflightResult> {
  const notes: string[] = [];
  const warnings: string[] = [];
  timings = [];
  stopIfAborted(signal, 'the first request');
  let root = await safe(client, `cannot reach the target at ${client.root}`, () =>
    client.request({ method: 'GET', path: '' }),
  );
  // A site URL instead of the REST root: find the root (WordPress discovery, /wp-json, ?rest_route=).
  let discovered: string | undefined;
  const usable = root.status >= 200 && root.status < 300 && field(root.json, 'namespace') === config.namespace;
  if (!usable && root.status !== 401 && root.status !== 403) {
    const found = await discoverRoot(config, client, root, signal);
    if (found) {
      discovered = found.url;
      notes.push(
        `--base-url ${config.baseUrl} is not the REST root; found ${found.url} (${found.how}) and use it: give --base-url ${found.url} next time`,
      );
      const moved = client.derive({ baseUrl: found.url });
      try {
        root = await safe(moved, `cannot reach the target at ${moved.root}`, () =>
          moved.request({ method: 'GET', path: '' }),
        );
      } finally {
        client.requestCount += moved.requestCount;
      }
    }
  }
  const api = discovered ? client.derive({ baseUrl: discovered }) : client;
  try {
    const result = await preflightAt({ ...config, baseUrl: discovered ?? config.baseUrl }, api, root, notes, signal);
    const skew = clockSkewWarning(root.headers['date'], Date.now());
    if (skew) warnings.push(skew);
    return { ...result, warnings, ...(discovered ? { baseUrl: discovered } : {}) };
  } finally {
    if (api !== client) client.requestCount += api.requestCount;
  }
}

async function preflightAt(
  config: Config,
  client: Client,
  root: ApiResponse,
  notes: string[],
  signal: AbortSignal | undefined,
): Promise<Omit<PreflightResult, 'warnings'>> {
  const rootUrl = client.root;
  if ((root.status === 401 || root.status === 403) && config.auth.kind !== 'none') {
    throw new PreflightError(
      `the credentials were refused on the namespace root (${root.status}${errorCode(root.json)}); fix: check --user/--password (on WordPress an application password of an editor or administrator) or --auth-header`,
    );
  }
  // Before the 404 test: a plain web server answers the namespace path with a 404 page, and that
  // is no REST API at all, not a missing namespace (a REST API's 404 is JSON).
  if (root.json === undefined && !(root.status >= 300 && root.status < 400)) {
    throw new PreflightError(
      `not a REST API: ${rootUrl} answered ${whatCame(root)}, not JSON, and no REST root was found from ${config.baseUrl} (no WordPress discovery link, no /wp-json, no ?rest_route=/); fix: give the REST root as --base-url, e.g. https://example.org/wp-json (or https://example.org/?rest_route=/ without pretty permalinks)`,
    );
  }
  if (root.status === 404) {
    let hint = 'check --namespace (WordPress sites running The Events Calendar use tribe/events/v1)';
    // The REST index lists the namespaces it serves: name the ones that look right.
    const index = await client.request({ method: 'GET', url: config.baseUrl, auth: false }).catch(() => undefined);
    const spaces = field(index?.json, 'namespaces');
    if (Array.isArray(spaces)) {
      const candidates = spaces.filter((s) => typeof s === 'string' && /events\/v1$/.test(s));
      hint = candidates.length
        ? `this target serves ${candidates.join(', ')}: set --namespace to it`
        : `this target serves ${spaces.slice(0, 8).join(', ')}: none is an events namespace; check --base-url`;
    }
    throw new PreflightError(`the namespace ${config.namespace} does not exist at ${rootUrl} (404); fix: ${hint}`);
  }
  if (root.status >= 300 && root.status < 400) {
    const location = root.headers['location'];
    let to: string | undefined;
    try {
      to = location ? new URL(location, rootUrl).href : undefined;
    } catch {
      to = location;
    }
    throw new PreflightError(
      `${rootUrl} answered a ${root.status} redirect${to ? ` to ${to}` : ''} (calcert follows no redirect); fix: give the final REST root as --base-url${to ? ` (probably ${to.replace(/\/?(\?.*)?$/, '').replace(new RegExp(`/${config.namespace.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`), '')})` : ''}`,
    );
  }
  if (root.status < 200 || root.status > 299) {
    throw new PreflightError(
      `${rootUrl} answered ${root.status}${errorCode(root.json) ? ` (${errorCode(root.json).trim()})` : ''}; fix: check --base-url and --namespace`,
    );
  }
  if (field(root.json, 'namespace') !== config.namespace) {
    throw new PreflightError(
      `${rootUrl} answers JSON that does not name the namespace ${config.namespace}: the target speaks another API; fix: check --base-url and --namespace`,
    );
  }
  const detectedVariant = detectVariant(root.json, config.namespace);
  const version = field(root.json, 'version');
  const rootVersion = typeof version === 'string' && version.trim() !== '' ? version.trim() : null;
  if (config.variant !== 'auto' && config.variant !== detectedVariant) {
    notes.push(
      `declared variant ${config.variant} differs from the detected ${detectedVariant}; running as ${config.variant}`,
    );
  }

  stopIfAborted(signal, 'the credential check');
  if (config.auth.kind !== 'none') {
    const refused = (res: ApiResponse) =>
      new PreflightError(
        `the credentials were refused (${res.status}${errorCode(res.json)}); fix: check --user/--password (on WordPress an application password of an editor or administrator) or --auth-header`,
      );
    if (config.readOnly) {
      const res = await safe(client, 'authenticated read failed', () => client.get('/events', { per_page: 1 }));
      if (res.status === 401 || res.status === 403) throw refused(res);
    } else {
      const name = `${config.runTag} preflight`;
      const created = await safe(client, 'the credential check (creating a tag) failed', () =>
        client.post('/tags', { name }),
      );
      if (created.status === 401 || created.status === 403) throw refused(created);
      const id = field(created.json, 'id');
      if (created.status < 200 || created.status > 299 || !Number.isInteger(id)) {
        throw new PreflightError(
          `creating a run-tagged tag (POST ${client.root}/tags) answered ${created.status}${errorCode(created.json)}, not a record with an id; fix: the user needs rights to create events, venues, organizers and terms, or run with --read-only`,
        );
      }
      const deleted = await safe(client, 'the credential check (deleting a tag) failed', () =>
        client.delete(`/tags/${id}`, { force: true }),
      );
      if (deleted.status < 200 || deleted.status > 299) {
        throw new PreflightError(
          `deleting the preflight tag ${id} answered ${deleted.status}; fix: the user needs rights to delete terms (afterwards run ${cleanupAdvice(config) ?? `\`${calcertCommand()} cleanup --run-tag ${config.runTag}\``})`,
        );
      }
    }
    stopIfAborted(signal, 'the checks');
  } else {
    notes.push('no credentials given: the run is read-only (checks that write are n/a)');
  }
  const latencyMs = Math.max(1, timings.length ? Math.min(...timings) : 1);
  return { detectedVariant, rootVersion, notes, latencyMs };
}
