/**
 * HTTP client for the target, on undici: one keep-alive Agent, bounded concurrency, a timeout on
 * every request, every exchange recorded (Authorization redacted) and reproducible as a curl line.
 *
 * Retry policy (CONTRACT.md): a 429 is honoured by waiting its Retry-After (bounded) and sending
 * again, because the server says it did not process the request; a GET (HEAD, OPTIONS) is retried
 * once after a connection reset or a 502/503/504 (after a short pause, or its Retry-After up to
 * 3 s); nothing else is ever retried, so a write is never sent twice.
 */
import { Agent, type Dispatcher } from 'undici';
import qs from 'qs';
import type { Auth } from './config/model.ts';
import { shellQuote } from './config/replay.ts';
import { Limiter, RunStopped, type InFlightBound } from './limiter.ts';
import { HAR_BODY_CAP, type TapRecord } from './tap.ts';
import { inProcessDispatcher } from './in-process.ts';
import type { ApiResponse, Exchange, Params, TransportKind } from '../types.ts';
import { parseJson } from './parse-json.ts';
import { httpOrigin, sendText } from './send.ts';

export { parseJson };

interface ApiRequest {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'HEAD' | 'OPTIONS';
  /** Path below the namespace root, e.g. '/events/12'; or `url` for an absolute URL. */
  path?: string;
  url?: string;
  query?: Params;
  /** JSON body. */
  json?: unknown;
  /** Form-encoded body (arrays as x[]=, objects as x[k]=). */
  form?: Params;
  /** Raw body with its own content type. */
  raw?: { body: string; contentType: string };
  /** false = send anonymously even when the client has credentials. */
  auth?: boolean;
  headers?: Record<string, string>;
}

/** The target could not be talked to at all (no HTTP answer). */
export class TransportError extends Error {
  override name = 'TransportError';
  constructor(
    message: string,
    readonly kind: TransportKind,
    readonly exchange: Exchange,
  ) {
    super(message);
  }
}

/** What onExchange gets besides the exchange: the whole request body, the parsed answer (undefined: not JSON). */
export interface ExchangeDetail {
  body: string | undefined;
  json: unknown;
  /** The answer's whole text, when `json` was parsed from it (lib/run/shadow.ts writes it as it came). */
  text?: string;
}

interface ClientOptions {
  baseUrl: string;
  namespace: string;
  auth: Auth;
  timeoutMs: number;
  /** In-flight bound of this client and the clients derived from it (unless `limiter` is given). */
  concurrency: number;
  /** Share this bound (the worker's share of the run's --concurrency); derived clients share it too. */
  limiter?: InFlightBound;
  /**
   * Called for every finished exchange (recording, counting), with the whole request body and the
   * parsed answer (lib/coverage: what the request sent, which response fields the answer carried).
   */
  onExchange?: (exchange: Exchange, detail: ExchangeDetail) => void;
  /**
   * Called for every exchange that was sent (--har, lib/tools/har.ts), with the whole request body and
   * the response body up to HAR_BODY_CAP, redacted like the exchange. Derived clients keep it.
   */
  tap?: (record: TapRecord) => void;
  /** Longest Retry-After honoured, in ms. */
  maxRetryAfterMs?: number;
  /** The connection pool (derived clients share it); the run's own embedded reference: lib/run/in-process.ts. */
  agent?: Dispatcher;
  /**
   * The run's own embedded reference answers in this process under this name: the client's pool
   * is an InProcessDispatcher (lib/run/in-process.ts), no socket; requests elsewhere keep HTTP.
   */
  inProcess?: string;
  /** Shared by derived clients: consecutive connection failures mark the target down. */
  health?: TargetHealth;
  /**
   * Sent with every request, never shown (not in the exchange, its curl line or a tap): the
   * check's name for the embedded reference's quirk tracking (lib/check/context.ts).
   */
  hiddenHeaders?: Record<string, string>;
}

/**
 * Down-detection: after DOWN_AFTER consecutive requests without any HTTP answer (connection
 * refused, DNS failure, timeout, reset), the target is marked down and every further request
 * fails at once without being sent, so a target that went away ends the run fast, not in a hang.
 * Any HTTP answer (whatever its status) resets the count.
 */
const DOWN_AFTER = 3;
class TargetHealth {
  consecutiveFailures = 0;
  down: string | null = null;
  noteAnswer(): void {
    this.consecutiveFailures = 0;
  }
  noteFailure(text: string): void {
    if (++this.consecutiveFailures >= DOWN_AFTER && !this.down)
      this.down = `${this.consecutiveFailures} consecutive requests got no answer (last: ${text})`;
  }
}

const EXCERPT = 2000;
/** Answers that say "try again later" (a gateway or an overloaded server), not "this is wrong". */
export const TRANSIENT_STATUSES = [502, 503, 504];
/** Requests that may be sent again without changing anything. */
const IDEMPOTENT = ['GET', 'HEAD', 'OPTIONS'];
const TRANSIENT_PAUSE_MS = 300;
const MAX_TRANSIENT_PAUSE_MS = 3000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function classify(err: unknown): { kind: TransportKind; text: string } {
  const e = err as { code?: string; message?: string; cause?: { code?: string } };
  const code = e?.code ?? e?.cause?.code ?? '';
  if (
    code === 'UND_ERR_HEADERS_TIMEOUT' ||
    code === 'UND_ERR_BODY_TIMEOUT' ||
    code === 'UND_ERR_CONNECT_TIMEOUT' ||
    code === 'ETIMEDOUT'
  )
    return { kind: 'timeout', text: 'no complete answer within the timeout' };
  if (code === 'ECONNREFUSED')
    return { kind: 'refused', text: 'connection refused (is the server running and the URL right?)' };
  if (code === 'ECONNRESET' || code === 'UND_ERR_SOCKET' || code === 'EPIPE' || code === 'UND_ERR_CLOSED')
    return { kind: 'reset', text: 'the server closed the connection without a complete answer' };
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return { kind: 'dns', text: 'the host name does not resolve' };
  return { kind: 'other', text: `${code ? code + ': ' : ''}${e?.message ?? String(err)}` };
}

export class Client {
  readonly root: string;
  private readonly agent: Dispatcher;
  private readonly ownsAgent: boolean;
  readonly limiter: InFlightBound;
  readonly health: TargetHealth;
  requestCount = 0;
  /** Every form of the client's secret (redact) and its Authorization value, worked out once. */
  private readonly secrets: string[];
  private readonly authValue: string | undefined;
  /** The serialized origin of the base URL (http or https), whose URLs go straight to the dispatcher (send.ts). */
  private readonly origin: string;

  constructor(readonly options: ClientOptions) {
    const a = options.auth;
    const basic = a.kind === 'basic' ? Buffer.from(`${a.user}:${a.password}`).toString('base64') : undefined;
    this.secrets = (a.kind === 'basic' ? [a.password, basic as string] : a.kind === 'header' ? [a.value] : []).filter(
      (s) => s.length >= 3,
    );
    this.authValue = a.kind === 'basic' ? `Basic ${basic}` : a.kind === 'header' ? a.value : undefined;
    this.root = `${options.baseUrl.replace(/\/+$/, '')}/${options.namespace}`;
    this.origin = httpOrigin(options.baseUrl);
    this.ownsAgent = !options.agent;
    this.agent =
      options.agent ??
      (options.inProcess ? inProcessDispatcher(options.inProcess, options.baseUrl) : undefined) ??
      new Agent({
        keepAliveTimeout: 4000,
        connections: Math.max(1, options.concurrency),
        headersTimeout: options.timeoutMs,
        bodyTimeout: options.timeoutMs,
        connectTimeout: Math.min(options.timeoutMs, 10000),
      });
    this.limiter = options.limiter ?? new Limiter(options.concurrency);
    this.health = options.health ?? new TargetHealth();
  }

  /** A client sharing this one's connection pool and in-flight bound, with some options changed. */
  derive(overrides: Partial<ClientOptions>): Client {
    return new Client({
      ...this.options,
      agent: this.agent,
      health: this.health,
      limiter: this.limiter,
      ...overrides,
    });
  }

  /** The same client, sending no credentials. */
  anonymous(): Client {
    return this.derive({ auth: { kind: 'none' } });
  }

  urlFor(req: Pick<ApiRequest, 'path' | 'url' | 'query'>): string {
    // A ?rest_route= root carries the route in a query parameter: characters that end or change a
    // query value are encoded in the path; other query parameters follow with &.
    const path = this.root.includes('?') ? (req.path ?? '').replace(/[&#+ ]/g, encodeURIComponent) : (req.path ?? '');
    const base = req.url ?? `${this.root}${path}`;
    const query =
      req.query && Object.keys(req.query).length
        ? qs.stringify(req.query, { arrayFormat: 'brackets', encodeValuesOnly: true })
        : '';
    return query ? `${base}${base.includes('?') ? '&' : '?'}${query}` : base;
  }

  /** Remove every form of the client's secret from a text. */
  redact(text: string): string {
    let out = text;
    for (const s of this.secrets) if (out.includes(s)) out = out.split(s).join('(redacted)');
    return out;
  }

  /**
   * Headers with every form of the secret removed, as the redacted JSON text of them read back;
   * when the text holds none, that is a copy of them (string values: the text reads back as they are).
   */
  private redactHeaders(headers: Record<string, string>): Record<string, string> {
    const text = JSON.stringify(headers);
    return this.secrets.some((s) => text.includes(s)) ? JSON.parse(this.redact(text)) : { ...headers };
  }

  private authHeader(useAuth: boolean): string | undefined {
    return useAuth ? this.authValue : undefined;
  }

  /** A curl command reproducing the request, with the secret taken from the environment. */
  curlFor(
    method: string,
    url: string,
    headers: Record<string, string>,
    body: string | undefined,
    useAuth: boolean,
  ): string {
    const parts = ['curl', '-sS', '-i', '-X', method, shellQuote(url)];
    for (const [k, v] of Object.entries(headers)) {
      if (k.toLowerCase() === 'authorization') continue;
      parts.push('-H', shellQuote(`${k}: ${v}`));
    }
    const a = this.options.auth;
    if (useAuth && a.kind === 'basic') parts.push('-u', `"${a.user.replace(/"/g, '\\"')}:$CAL_PASSWORD"`);
    if (useAuth && a.kind === 'header') parts.push('-H', '"Authorization: $CAL_AUTH_HEADER"');
    if (body !== undefined) parts.push('--data-raw', shellQuote(body));
    return parts.join(' ');
  }

  async request(req: ApiRequest): Promise<ApiResponse> {
    const url = this.urlFor(req);
    const useAuth = req.auth !== false && this.options.auth.kind !== 'none';
    const headers: Record<string, string> = { accept: 'application/json', ...(req.headers ?? {}) };
    let body: string | undefined;
    if (req.json !== undefined) {
      body = JSON.stringify(req.json);
      headers['content-type'] = 'application/json';
    } else if (req.form !== undefined) {
      body = qs.stringify(req.form, { arrayFormat: 'brackets', encodeValuesOnly: true });
      headers['content-type'] = 'application/x-www-form-urlencoded';
    } else if (req.raw) {
      body = req.raw.body;
      headers['content-type'] = req.raw.contentType;
    }
    const shownHeaders = { ...headers };
    const authValue = this.authHeader(useAuth);
    if (authValue) shownHeaders['authorization'] = '(redacted)';
    const exchange: Exchange = {
      method: req.method,
      url,
      requestHeaders: shownHeaders,
      requestBody: body === undefined ? undefined : this.redact(body.slice(0, EXCERPT)),
      ms: 0,
      retries: 0,
      curl: this.redact(this.curlFor(req.method, url, headers, body, useAuth)),
    };
    const started = performance.now();
    let answer: unknown;
    let answerText: string | undefined;
    const maxWait = this.options.maxRetryAfterMs ?? 10000;
    let transientRetried = false;
    // The last attempt, for the tap: when it was sent, how long it took, the whole body.
    let last: { wall: number; at: number; ms: number; text?: string } | undefined;
    try {
      if (this.health.down) {
        exchange.error = `not sent: the target is down (${this.health.down})`;
        exchange.transport = 'refused';
        throw new TransportError(`${req.method} ${url}: ${exchange.error}`, 'refused', exchange);
      }
      for (let attempt = 0; ; attempt++) {
        try {
          const res = await this.limiter.run(async () => {
            this.requestCount++;
            const sent = performance.now();
            last = { wall: Date.now(), at: sent, ms: 0 };
            let status: number | undefined;
            try {
              const r = await sendText(this.agent, url, this.origin, {
                method: req.method,
                headers: {
                  ...headers,
                  ...this.options.hiddenHeaders,
                  ...(authValue ? { authorization: authValue } : {}),
                },
                body,
                headersTimeout: this.options.timeoutMs,
                bodyTimeout: this.options.timeoutMs,
              });
              status = r.status;
              last.text = r.text;
              return { status: r.status, headers: flatHeaders(r.headers), text: r.text };
            } finally {
              last.ms = performance.now() - sent;
              // --concurrency auto: the bound follows the target's response time and overload answers.
              this.limiter.aimd?.noteAnswer(last.ms, status);
            }
          });
          this.health.noteAnswer();
          if (res.status === 429 && attempt < 3) {
            const wait = retryAfterMs(res.headers['retry-after']);
            if (wait !== null && wait <= maxWait) {
              exchange.retries++;
              await sleep(wait);
              continue;
            }
          }
          // Transient trouble (502/503/504) on an idempotent request: once more after a short pause.
          if (TRANSIENT_STATUSES.includes(res.status) && IDEMPOTENT.includes(req.method) && !transientRetried) {
            transientRetried = true;
            exchange.retries++;
            await sleep(
              Math.min(retryAfterMs(res.headers['retry-after']) ?? TRANSIENT_PAUSE_MS, MAX_TRANSIENT_PAUSE_MS),
            );
            continue;
          }
          exchange.status = res.status;
          exchange.responseHeaders = this.redactHeaders(res.headers);
          // A hostile or debugging server may echo credentials back: never record them.
          exchange.responseExcerpt = this.redact(res.text.slice(0, EXCERPT));
          exchange.ms = Math.round(performance.now() - started);
          const parsed = parseJson(res.text);
          answer = parsed.value;
          if (answer !== undefined) answerText = res.text;
          return {
            status: res.status,
            headers: res.headers,
            text: res.text,
            json: parsed.value,
            jsonError: parsed.error,
            exchange,
          };
        } catch (err) {
          // The run was interrupted: nothing was sent, and the target is not to blame.
          if (err instanceof RunStopped) {
            exchange.error = err.message;
            throw err;
          }
          const { kind, text } = classify(err);
          if (kind === 'reset' && IDEMPOTENT.includes(req.method) && !transientRetried) {
            transientRetried = true;
            exchange.retries++;
            continue;
          }
          exchange.ms = Math.round(performance.now() - started);
          exchange.error = text;
          exchange.transport = kind;
          this.health.noteFailure(text);
          throw new TransportError(`${req.method} ${url}: ${text}`, kind, exchange);
        }
      }
    } finally {
      this.options.onExchange?.(exchange, {
        body,
        json: answer,
        ...(answerText !== undefined ? { text: answerText } : {}),
      });
      if (this.options.tap && last) this.options.tap(this.tapRecord(exchange, last, body, started));
    }
  }

  /** The tap's record of a sent exchange (lib/tools/har.ts), redacted like the exchange. */
  private tapRecord(
    exchange: Exchange,
    attempt: { wall: number; at: number; ms: number; text?: string },
    body: string | undefined,
    started: number,
  ): TapRecord {
    return {
      started: new Date(attempt.wall).toISOString(),
      method: exchange.method,
      url: exchange.url,
      requestHeaders: exchange.requestHeaders,
      ...(body !== undefined ? { requestBody: this.redact(body) } : {}),
      ...(exchange.status !== undefined ? { status: exchange.status } : {}),
      ...(exchange.responseHeaders ? { responseHeaders: exchange.responseHeaders } : {}),
      ...(exchange.status !== undefined && attempt.text !== undefined
        ? {
            responseBody: this.redact(attempt.text.slice(0, HAR_BODY_CAP)),
            responseSize: Buffer.byteLength(attempt.text),
            ...(attempt.text.length > HAR_BODY_CAP ? { responseCut: true as const } : {}),
          }
        : {}),
      ms: attempt.ms,
      queuedMs: Math.max(0, attempt.at - started),
      retries: exchange.retries,
      ...(exchange.error !== undefined ? { error: exchange.error } : {}),
    };
  }

  get(path: string, query?: Params, opts: Partial<ApiRequest> = {}) {
    return this.request({ ...opts, method: 'GET', path, query });
  }
  post(path: string, body?: Params, opts: Partial<ApiRequest> = {}) {
    return this.request({ json: body, ...opts, method: 'POST', path });
  }
  put(path: string, body?: Params, opts: Partial<ApiRequest> = {}) {
    return this.request({ json: body, ...opts, method: 'PUT', path });
  }
  patch(path: string, body?: Params, opts: Partial<ApiRequest> = {}) {
    return this.request({ json: body, ...opts, method: 'PATCH', path });
  }
  delete(path: string, query?: Params, opts: Partial<ApiRequest> = {}) {
    return this.request({ ...opts, method: 'DELETE', path, query });
  }

  async close(): Promise<void> {
    if (this.ownsAgent) await this.agent.close().catch(() => undefined);
  }
}

function flatHeaders(h: Record<string, string | string[] | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(h))
    if (v !== undefined) out[k.toLowerCase()] = Array.isArray(v) ? v.join(', ') : v;
  return out;
}

function retryAfterMs(value: string | undefined): number | null {
  if (!value) return null;
  if (/^\d+$/.test(value.trim())) return Number(value) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, at - Date.now());
}
