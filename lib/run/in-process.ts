/**
 * The run's own embedded reference answers its checks in this process, without loopback sockets.
 *
 * Why: a run without --base-url starts the reference server on the main thread, and its checks
 * run in worker threads. Over loopback HTTP, a warm full certification spent ~0.7-1 of its ~4.7
 * CPU-s writing, parsing and reading sockets (node's http parser and writev on the main thread,
 * undici and its writes in the worker; more when cold: 4,500 GETs cost 1.77 CPU-s over HTTP
 * before the parsers warm up, 0.1 in-process). That is a fifth of `npm run bench`'s certification
 * and of every self-test that certifies.
 *
 * How: InProcessDispatcher is an undici Dispatcher the Client uses in its `agent` slot, so the
 * Client's code path (lib/run/send.ts or undici's request(), undici's header parsing, timeouts,
 * retries, the limiter, the tap) stays the one it is over HTTP. It writes the request's header
 * lines as undici writes them and hands them to the server's wire() (fixtures/reference-server/wire.ts:
 * Node's http server's side), which answers the status, header lines and body bytes a client
 * reads over HTTP. In a worker the exchange travels over BroadcastChannels to the main thread
 * (serveInProcess); on the main thread (preflight, sweeps, crawl) wire() is called directly.
 * Whatever it cannot reproduce exactly goes over HTTP as before (another origin, method or body
 * kind, or a header undici treats specially), and runs that need a socket (chaos, transport
 * faults) or name a --base-url never use it (lib/certify/steps.ts).
 *
 * Channels: the main thread listens on the run's lobby channel; each dispatcher opens a channel
 * of its own name, says hello on the lobby, and sends once the main thread answered `ready` on
 * its channel (a BroadcastChannel reaches only the instances that exist when a message is posted).
 * Requests sent in one turn of the event loop go as one message, and so do the answers made in one.
 * When the run closes the server, the main thread says `closed`: a request still waiting fails as
 * a connection closed by the server, and a later one as refused, as over HTTP; none hangs.
 */
import { STATUS_CODES } from 'node:http';
import { BroadcastChannel, threadId } from 'node:worker_threads';
import { Agent, Dispatcher, errors } from 'undici';

/** One request: method, path and query, header lines as undici writes them ([name, value, ...]), body. */
export interface WireRequest {
  method: string;
  url: string;
  headers: string[];
  body?: string;
}

/** One answer as a client reads it: status (0: none), header lines in order, body bytes. */
export interface WireAnswer {
  status: number;
  headers: string[];
  body: Uint8Array;
}

type Answer = (req: WireRequest) => Promise<WireAnswer>;

/** How requests reach the server: `send` resolves with its answer or rejects with a transport error. */
interface Transport {
  send(req: WireRequest): Promise<WireAnswer>;
  close(): void;
}

/** The servers this thread answers itself, by channel name (serveInProcess registers them). */
const local = new Map<string, Answer>();
/** Requests this thread's servers answered in process (the self-tests' evidence that the path was taken). */
let answered = 0;
export const answeredInProcess = (): number => answered;

const IN_PROCESS_METHODS = new Set(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']);
const EXPECTS_PAYLOAD = new Set(['POST', 'PUT', 'PATCH']);
/** Header names undici handles itself (framing, connection) or refuses: such a request goes over HTTP. */
const UNDICI_OWN = new Set([
  'host',
  'connection',
  'content-length',
  'transfer-encoding',
  'keep-alive',
  'upgrade',
  'expect',
  'te',
]);
const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
// undici's (and Node's) test of a header value (lib/core/util.js headerCharRegex).
const BAD_VALUE = /[^\t\x20-\x7e\x80-\xff]/;

/** The host part of an origin, parsed once per origin (a URL parse per request showed in profiles). */
let lastOrigin = '';
let lastHost = '';
function hostOf(origin: string): string {
  if (origin !== lastOrigin) {
    lastHost = new URL(origin).host;
    lastOrigin = origin;
  }
  return lastHost;
}

/**
 * The header lines undici writes for a request it would send as given, or null when the request
 * is not one the in-process path reproduces exactly (then it goes over HTTP, where undici decides,
 * its errors included). Pure. The order is undici 7's (client-h1.js writeH1): host, connection,
 * the caller's headers in order, then content-length (0 for a POST, PUT or PATCH without body).
 */
export function requestLines(
  opts: {
    method?: string;
    origin?: unknown;
    path?: string;
    headers?: unknown;
    body?: unknown;
    upgrade?: unknown;
    query?: unknown;
  },
  origin: string,
): WireRequest | null {
  const method = opts.method ?? 'GET';
  if (!IN_PROCESS_METHODS.has(method) || String(opts.origin) !== origin || typeof opts.path !== 'string') return null;
  if (opts.upgrade || opts.query !== undefined) return null;
  if (opts.body !== undefined && opts.body !== null && typeof opts.body !== 'string') return null;
  const given = opts.headers ?? {};
  if (typeof given !== 'object' || Array.isArray(given)) return null;
  const lines = ['host', hostOf(origin), 'connection', 'keep-alive'];
  for (const [name, value] of Object.entries(given as Record<string, unknown>)) {
    if (value === undefined) continue;
    if (typeof value !== 'string' || !TOKEN.test(name) || UNDICI_OWN.has(name.toLowerCase()) || BAD_VALUE.test(value))
      return null;
    lines.push(name, value);
  }
  const body = typeof opts.body === 'string' ? opts.body : undefined;
  if (body !== undefined && (body.length || EXPECTS_PAYLOAD.has(method)))
    lines.push('content-length', String(Buffer.byteLength(body)));
  else if (EXPECTS_PAYLOAD.has(method)) lines.push('content-length', '0');
  return { method, url: opts.path, headers: lines, ...(body !== undefined ? { body } : {}) };
}

/** The handler undici's request() gives a dispatcher, and lib/run/send.ts's (legacy callbacks: the Client's only senders). */
interface RequestCallbacks {
  onConnect?(abort: (err?: Error) => void): void;
  onHeaders?(statusCode: number, headers: string[], resume: () => void, statusText: string): boolean;
  onData?(chunk: Buffer): boolean;
  onComplete?(trailers: string[] | null): void;
  onError?(err: Error): void;
}

/** A connection refused: what undici reports when nothing listens (lib/run/client.ts classify). */
function refused(): Error {
  return Object.assign(new Error('connect ECONNREFUSED (the in-process server has closed)'), { code: 'ECONNREFUSED' });
}

/**
 * An undici Dispatcher answering requests to `origin` through `transport`; any other request goes
 * over HTTP through an Agent made when first needed.
 */
export class InProcessDispatcher extends Dispatcher {
  private http: Agent | undefined;
  private closed = false;

  constructor(
    private readonly origin: string,
    private readonly transport: Transport,
  ) {
    super();
  }

  override dispatch(opts: Dispatcher.DispatchOptions, handler: Dispatcher.DispatchHandler): boolean {
    const h = handler as RequestCallbacks;
    const req = typeof h.onHeaders === 'function' ? requestLines(opts, this.origin) : null;
    if (!req) {
      if (this.closed) throw new errors.ClientClosedError();
      this.http ??= new Agent({ keepAliveTimeout: 4000 });
      return this.http.dispatch(opts, handler);
    }
    let done = false;
    let timer: NodeJS.Timeout | undefined;
    const fail = (err: Error) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      h.onError?.(err);
    };
    h.onConnect?.((reason) => fail(reason ?? new errors.RequestAbortedError()));
    if (done) return true;
    if (this.closed) {
      queueMicrotask(() => fail(refused()));
      return true;
    }
    // undici's default when none is given; the Client always gives its --timeout-ms.
    const ms = opts.headersTimeout ?? 300_000;
    if (ms > 0) timer = setTimeout(() => fail(new errors.HeadersTimeoutError()), ms);
    this.transport.send(req).then((answer) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      // No answer (the server ended the exchange without one): as a connection closed mid-request.
      if (answer.status === 0) return h.onError?.(new errors.SocketError('other side closed'));
      try {
        h.onHeaders?.(answer.status, answer.headers, () => undefined, STATUS_CODES[answer.status] ?? '');
        const b = answer.body;
        if (b.byteLength) h.onData?.(Buffer.from(b.buffer, b.byteOffset, b.byteLength));
        h.onComplete?.([]);
      } catch (err) {
        h.onError?.(err as Error);
      }
    }, fail);
    return true;
  }

  override close(): Promise<void>;
  override close(callback: () => void): void;
  override close(callback?: () => void): Promise<void> | void {
    this.closed = true;
    this.transport.close();
    const http = this.http?.close() ?? Promise.resolve();
    if (!callback) return http;
    void http.then(callback);
  }

  override destroy(): Promise<void>;
  override destroy(err: Error | null): Promise<void>;
  override destroy(callback: () => void): void;
  override destroy(err: Error | null, callback: () => void): void;
  override destroy(a?: unknown, b?: unknown): Promise<void> | void {
    const callback = (typeof a === 'function' ? a : b) as (() => void) | undefined;
    this.closed = true;
    this.transport.close();
    const http = this.http?.destroy() ?? Promise.resolve();
    if (!callback) return http;
    void http.then(callback);
  }
}

/** Messages of a dispatcher's channel: requests one way, answers and the server's state the other. */
type ToServer = { id: number; req: WireRequest };
type Reply = { id: number; answer: WireAnswer } | { id: number; error: string };
type ToClient = { kind: 'ready' } | { kind: 'closed' } | { replies: Reply[] };

let channels = 0;

/** A worker's way to the main thread's server (see the header comment: hello, ready, closed). */
function channelTransport(lobby: string): Transport {
  const own = new BroadcastChannel(`${lobby}/${threadId}/${++channels}`);
  own.unref();
  const pending = new Map<number, { resolve: (a: WireAnswer) => void; reject: (e: Error) => void }>();
  let next = 0;
  let state: 'waiting' | 'ready' | 'closed' = 'waiting';
  let shut = false;
  let readied: () => void = () => undefined;
  const ready = new Promise<void>((resolve) => (readied = resolve));
  /**
   * Requests sent in one turn of the event loop travel as one message (sendBatch), as the answers
   * ready in one turn do (serveInProcess): each message wakes the other thread, which cost 25-90 us
   * of the sender's time per message on 2 loaded cores, and a run's answers came ~2.6 to a turn.
   */
  const outbox: ToServer[] = [];
  const sendBatch = () => {
    if (!outbox.length || state === 'closed') return;
    own.postMessage(outbox.splice(0));
  };
  /** The server is gone (it said so, or this side closed): what waits fails as a connection closed by it. */
  const closeDown = () => {
    state = 'closed';
    outbox.length = 0;
    for (const p of pending.values()) p.reject(new errors.SocketError('other side closed'));
    pending.clear();
  };
  own.onmessage = (event) => {
    const m = (event as MessageEvent<ToClient>).data;
    if ('kind' in m) {
      if (m.kind === 'closed') closeDown();
      else if (state === 'waiting') state = 'ready';
      readied();
      return;
    }
    for (const r of m.replies) {
      const p = pending.get(r.id);
      pending.delete(r.id);
      if (!p) continue;
      if ('answer' in r) p.resolve(r.answer);
      else p.reject(Object.assign(new Error(r.error), { code: 'UND_ERR_SOCKET' }));
    }
  };
  const hello = new BroadcastChannel(lobby);
  hello.postMessage(own.name);
  hello.close();
  return {
    async send(req) {
      if (state === 'waiting') await ready;
      if (state === 'closed') throw refused();
      const id = ++next;
      const answered = new Promise<WireAnswer>((resolve, reject) => pending.set(id, { resolve, reject }));
      if (outbox.push({ id, req }) === 1) setImmediate(sendBatch);
      return answered;
    },
    close() {
      if (shut) return;
      shut = true;
      closeDown();
      readied();
      own.close();
    },
  };
}

/**
 * The dispatcher for the in-process server named `name` (serveInProcess), answering `origin`: a
 * direct call on the thread that serves it, a channel elsewhere (`viaChannel`: a channel on this
 * thread too, as the unit test reaches it).
 */
export function inProcessDispatcher(name: string, origin: string, viaChannel = false): InProcessDispatcher {
  const here = viaChannel ? undefined : local.get(name);
  const transport: Transport = here
    ? { send: (req) => (local.has(name) ? here(req) : Promise.reject(refused())), close: () => undefined }
    : channelTransport(name);
  return new InProcessDispatcher(new URL(origin).origin, transport);
}

/**
 * Serve `answer` in process under a run-unique channel name: this thread's dispatchers call it,
 * workers reach it over channels. `close()` (with the server) tells every channel it is closed.
 */
export function serveInProcess(name: string, answer: Answer): { name: string; close(): void } {
  const lobby = new BroadcastChannel(name);
  lobby.unref();
  /** Each dispatcher's channel, with what sends its answers waiting. */
  const open = new Map<BroadcastChannel, () => void>();
  let closed = false;
  const counted: Answer = (req) => {
    answered++;
    return answer(req);
  };
  local.set(name, counted);
  lobby.onmessage = (event) => {
    if (closed) return;
    const port = new BroadcastChannel(String((event as MessageEvent<string>).data));
    port.unref();
    /** Answers ready in one turn of the event loop travel as one message. */
    const replies: Reply[] = [];
    const sendReplies = () => {
      if (replies.length && !closed) port.postMessage({ replies: replies.splice(0) } satisfies ToClient);
    };
    const reply = (r: Reply) => {
      if (!closed && replies.push(r) === 1) setImmediate(sendReplies);
    };
    open.set(port, sendReplies);
    port.onmessage = (e) => {
      for (const { id, req } of (e as MessageEvent<ToServer[]>).data)
        counted(req).then(
          // A Buffer may be a view of a larger pool, which a message would copy whole: only its bytes.
          (a) =>
            reply({
              id,
              answer: a.body.byteLength === a.body.buffer.byteLength ? a : { ...a, body: new Uint8Array(a.body) },
            }),
          (err: unknown) => reply({ id, error: err instanceof Error ? err.message : String(err) }),
        );
    };
    port.postMessage({ kind: 'ready' } satisfies ToClient);
  };
  return {
    name,
    close() {
      if (closed) return;
      // Answers already made reach their requests before the news that the server closed.
      for (const [port, sendReplies] of open) {
        sendReplies();
        port.postMessage({ kind: 'closed' } satisfies ToClient);
      }
      closed = true;
      local.delete(name);
      for (const port of open.keys()) port.close();
      lobby.close();
    },
  };
}
