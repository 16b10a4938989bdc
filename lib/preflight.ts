/**
 * Preflight: before any check runs, make sure the run can mean something. The target answers,
 * its namespace root names the namespace, the variant is detected (LEVELS.md: extended when the
 * root lists venue by-slug routes AND the events route declares starts_before or strict_dates),
 * and the credentials work (a create and delete of one run-tagged tag; in read-only mode an
 * authenticated GET). Any problem is a PreflightError: one line with the problem and the fix.
 */
import { type Client, TransportError, type ApiResponse } from './client.ts';
import type { Config, Variant } from './config.ts';

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
  notes: string[];
  /** The slowest answer of the preflight's requests, in ms (property time budgets scale with it). */
  responseMs: number;
}

/** Variant detection from a namespace root body (LEVELS.md, "Variants and detection"). */
export function detectVariant(root: any, namespace: string): Variant {
  const routes = root && typeof root === 'object' && root.routes && typeof root.routes === 'object' ? root.routes : {};
  const keys = Object.keys(routes);
  const venueBySlug = keys.some((k) => k.startsWith(`/${namespace}/venues/by-slug`));
  const eventsRoute = routes[`/${namespace}/events`];
  const endpoints: any[] = Array.isArray(eventsRoute?.endpoints) ? eventsRoute.endpoints : [];
  const declaresStarts = endpoints.some(
    (e) => e && e.args && typeof e.args === 'object' && ('starts_before' in e.args || 'strict_dates' in e.args),
  );
  return venueBySlug && declaresStarts ? 'extended' : 'base';
}

function describeTransport(e: TransportError, what: string): string {
  return `${what}: ${e.message}`;
}

async function safe(client: Client, what: string, fn: () => Promise<ApiResponse>): Promise<ApiResponse> {
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
  timings = [];
  const rootUrl = client.root;
  stopIfAborted(signal, 'the first request');
  const root = await safe(client, `cannot reach the target at ${rootUrl}`, () =>
    client.request({ method: 'GET', path: '' }),
  );
  if ((root.status === 401 || root.status === 403) && config.auth.kind !== 'none') {
    throw new PreflightError(
      `the credentials were refused on the namespace root (${root.status}${root.json?.code ? ` ${root.json.code}` : ''}); fix: check --user/--password (on WordPress an application password of an editor or administrator) or --auth-header`,
    );
  }
  if (root.status === 404) {
    let hint = 'check --namespace (WordPress sites running The Events Calendar use tribe/events/v1)';
    // The REST index lists the namespaces it serves: name the ones that look right.
    const index = await client.request({ method: 'GET', url: config.baseUrl, auth: false }).catch(() => undefined);
    const spaces: unknown = index?.json?.namespaces;
    if (Array.isArray(spaces)) {
      const candidates = spaces.filter((s) => typeof s === 'string' && /events\/v1$/.test(s));
      hint = candidates.length
        ? `this target serves ${candidates.join(', ')}: set --namespace to it`
        : `this target serves ${spaces.slice(0, 8).join(', ')}: none is an events namespace; check --base-url`;
    }
    throw new PreflightError(`the namespace ${config.namespace} does not exist at ${rootUrl} (404); fix: ${hint}`);
  }
  if (root.status >= 300 && root.status < 400) {
    const to = root.headers['location'];
    throw new PreflightError(
      `${rootUrl} answered a ${root.status} redirect${to ? ` to ${to}` : ''} (calcert follows no redirect); fix: give the final REST root as --base-url${to ? ` (probably ${to.replace(/\/?(\?.*)?$/, '').replace(new RegExp(`/${config.namespace.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`), '')})` : ''}`,
    );
  }
  if (root.json === undefined) {
    const type = root.headers['content-type'] ?? 'no content type';
    throw new PreflightError(
      `${rootUrl} answered ${root.status} with ${type}, not JSON; fix: --base-url must be the REST root (e.g. https://example.org/wp-json), not a web page`,
    );
  }
  if (root.status < 200 || root.status > 299) {
    throw new PreflightError(
      `${rootUrl} answered ${root.status}${root.json?.code ? ` (${root.json.code})` : ''}; fix: check --base-url and --namespace`,
    );
  }
  if (!root.json || typeof root.json !== 'object' || root.json.namespace !== config.namespace) {
    throw new PreflightError(
      `${rootUrl} answers JSON that does not name the namespace ${config.namespace}: the target speaks another API; fix: check --base-url and --namespace`,
    );
  }
  const detectedVariant = detectVariant(root.json, config.namespace);
  if (config.variant !== 'auto' && config.variant !== detectedVariant) {
    notes.push(
      `declared variant ${config.variant} differs from the detected ${detectedVariant}; running as ${config.variant}`,
    );
  }

  stopIfAborted(signal, 'the credential check');
  if (config.auth.kind !== 'none') {
    const refused = (res: ApiResponse) =>
      new PreflightError(
        `the credentials were refused (${res.status}${res.json?.code ? ` ${res.json.code}` : ''}); fix: check --user/--password (on WordPress an application password of an editor or administrator) or --auth-header`,
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
      const id = created.json?.id;
      if (created.status < 200 || created.status > 299 || !Number.isInteger(id)) {
        throw new PreflightError(
          `creating a run-tagged tag (POST ${client.root}/tags) answered ${created.status}${created.json?.code ? ` ${created.json.code}` : ''}, not a record with an id; fix: the user needs rights to create events, venues, organizers and terms, or run with --read-only`,
        );
      }
      const deleted = await safe(client, 'the credential check (deleting a tag) failed', () =>
        client.delete(`/tags/${id}`, { force: true }),
      );
      if (deleted.status < 200 || deleted.status > 299) {
        throw new PreflightError(
          `deleting the preflight tag ${id} answered ${deleted.status}; fix: the user needs rights to delete terms (run \`calcert cleanup --run-tag ${config.runTag}\` afterwards)`,
        );
      }
    }
    stopIfAborted(signal, 'the checks');
  } else {
    notes.push('no credentials given: the run is read-only (checks that write are n/a)');
  }
  return { detectedVariant, notes, responseMs: Math.max(1, ...timings) };
}
