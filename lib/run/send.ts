/**
 * One request through an undici Dispatcher, read whole: what undici's `request()` and its body's
 * `text()` give the Client (lib/run/client.ts), without the parts it never used. request() parses
 * the URL into origin and path (a WHATWG URL parse per request), wraps the answer in an async
 * resource and a Readable stream, and text() reads the stream back; here the dispatcher's callbacks
 * collect the answer directly. The same status, headers (undici's own util.parseHeaders), text
 * (the body's bytes as UTF-8, a leading BOM dropped, as text() decodes them) and errors (what the
 * dispatcher reports, thrown or through onError) as request() + text().
 *
 * Used only for a URL whose origin and path are plain to see (directPath): every other URL goes
 * through request() itself, which decides what it makes of it.
 */
import { type Dispatcher, request as undiciRequest, util } from 'undici';

export interface TextAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
}

type SendOptions = Omit<Dispatcher.DispatchOptions, 'origin' | 'path'> & {
  method: Dispatcher.HttpMethod;
  headersTimeout: number;
  bodyTimeout: number;
};

/**
 * Characters a WHATWG URL keeps as they are in the path and query of an http(s) URL (no percent
 * encoding, no normalisation): letters, digits and `-._~!$&()*+,;=:@/%[]|`, and `?` (the query's
 * start, or kept within it). Not `'` (encoded in a special URL's query), nor `\` (read as `/`).
 */
const PLAIN = /^\/[A-Za-z0-9\-._~!$&()*+,;=:@/%[\]|?]*$/;
/** A segment a URL parser removes or resolves: `.` or `..`, in any percent-encoded form. */
const DOT_SEGMENT = /\/(\.|%2e)/i;

/**
 * The path undici's request() sends for `url` (its URL's pathname, and its search when not empty)
 * when `url` is `origin` (a URL's serialized origin) followed by a path of plain characters with no
 * dot segment in it: then the URL parser would change nothing. Else undefined. Pure.
 */
export function directPath(url: string, origin: string): string | undefined {
  if (!url.startsWith(origin) || url.charCodeAt(origin.length) !== 47 /* / */) return undefined;
  const rest = url.slice(origin.length);
  const q = rest.indexOf('?');
  const path = q < 0 ? rest : rest.slice(0, q);
  if (!PLAIN.test(rest) || DOT_SEGMENT.test(path)) return undefined;
  // An empty query is no search.
  return q === rest.length - 1 ? path : rest;
}

/** The serialized origin of an http or https URL, or '' (then every request goes through undici's request()). */
export function httpOrigin(url: string): string {
  try {
    const origin = new URL(url).origin;
    return /^https?:\/\//.test(origin) ? origin : '';
  } catch {
    return '';
  }
}

/** The body's bytes as text() decodes them (undici lib/api/readable.js chunksDecode, UTF-8). */
function decode(chunks: Buffer[], length: number): string {
  if (chunks.length === 0 || length === 0) return '';
  const buffer = chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks, length);
  const start = buffer.length > 2 && buffer[0] === 0xef && buffer[1] === 0xbb && buffer[2] === 0xbf ? 3 : 0;
  return buffer.toString('utf8', start, buffer.length);
}

/**
 * The dispatcher's callbacks (undici's legacy handler, as request()'s RequestHandler): an
 * informational answer (1xx) is passed over, as request() does without onInfo.
 */
class Collect {
  private status = 0;
  private headers: Record<string, string | string[] | undefined> = {};
  private readonly chunks: Buffer[] = [];
  private length = 0;
  private settled = false;
  constructor(
    private readonly resolve: (a: TextAnswer) => void,
    private readonly reject: (e: unknown) => void,
  ) {}
  onConnect(): void {}
  onHeaders(statusCode: number, rawHeaders: Buffer[] | string[]): boolean {
    if (statusCode < 200) return true;
    this.status = statusCode;
    this.headers = util.parseHeaders(rawHeaders as Buffer[]);
    return true;
  }
  onData(chunk: Buffer): boolean {
    this.chunks.push(chunk);
    this.length += chunk.length;
    return true;
  }
  onComplete(): void {
    if (this.settled) return;
    this.settled = true;
    this.resolve({ status: this.status, headers: this.headers, text: decode(this.chunks, this.length) });
  }
  onError(err: Error): void {
    if (this.settled) return;
    this.settled = true;
    this.reject(err);
  }
}

/**
 * Sends one request through `dispatcher` and reads its whole answer. `origin`: the serialized origin
 * of the client's base URL, whose URLs may go straight to the dispatcher (directPath).
 */
export function sendText(dispatcher: Dispatcher, url: string, origin: string, opts: SendOptions): Promise<TextAnswer> {
  const path = directPath(url, origin);
  if (path === undefined)
    return undiciRequest(url, { ...opts, dispatcher }).then(async (r) => ({
      status: r.statusCode,
      headers: r.headers,
      text: await r.body.text(),
    }));
  return new Promise<TextAnswer>((resolve, reject) => {
    const handler = new Collect(resolve, reject);
    try {
      dispatcher.dispatch({ ...opts, origin, path }, handler as unknown as Dispatcher.DispatchHandler);
    } catch (err) {
      handler.onError(err as Error);
    }
  });
}
