/**
 * `--har FILE`: every exchange of a run as HAR 1.2 (http://www.softwareishard.com/blog/har-12-spec/),
 * for replay and inspection in other tools (browsers' network panels, HAR viewers, load tools).
 *
 * How the exchanges are gathered: each Client given a `tap` (lib/client.ts) hands it one
 * `TapRecord` per exchange, already redacted by the client (the Authorization value, every form of
 * the password: `Client.redact`, as the exchanges of the reports). `fileTap` appends them as JSON
 * lines to a file of its own process in a directory of the run (the runner hands the directory to
 * the vitest workers through `provide('calcertHar')`, the run's own client and the observation crawl
 * write there too). After the run `writeHar` reads every file, orders the entries by start time,
 * redacts the whole document once more with the run's secrets (lib/report.ts `redactor`, passed in) and writes
 * the HAR. Pure parts (`harEntry`, `buildHar`) are exported for the self-tests.
 */
import { appendFileSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { threadId } from 'node:worker_threads';

/** One exchange as a tap receives it (every string already redacted by the client). */
export interface TapRecord {
  /** When the (last) attempt was sent, ISO 8601. */
  started: string;
  method: string;
  url: string;
  requestHeaders: Record<string, string>;
  /** The whole request body. */
  requestBody?: string;
  status?: number;
  responseHeaders?: Record<string, string>;
  /** The response body, cut at HAR_BODY_CAP characters (then `responseCut`). */
  responseBody?: string;
  /** Bytes of the whole response body. */
  responseSize?: number;
  responseCut?: true;
  /** From the sending of the (last) attempt to the end of its body, in ms. */
  ms: number;
  /** Time spent waiting for a slot of the in-flight bound and on earlier attempts, in ms. */
  queuedMs: number;
  retries: number;
  /** No HTTP answer: what happened. */
  error?: string;
}

/** Longest response body kept in a HAR entry (a whole run stays a few MB to a few tens of MB). */
export const HAR_BODY_CAP = 100_000;

/** A tap that appends each record as a JSON line to `<dir>/<pid>-<thread>.jsonl`. */
export function fileTap(dir: string): (record: TapRecord) => void {
  const file = join(dir, `${process.pid}-${threadId}.jsonl`);
  let ready = false;
  return (record) => {
    if (!ready) {
      mkdirSync(dir, { recursive: true });
      ready = true;
    }
    appendFileSync(file, `${JSON.stringify(record)}\n`);
  };
}

/** Every record the taps wrote into `dir`, oldest first. A line cut short (a killed worker) is skipped. */
function readTaps(dir: string): TapRecord[] {
  const out: TapRecord[] = [];
  let names: string[] = [];
  try {
    names = readdirSync(dir).filter((n) => n.endsWith('.jsonl'));
  } catch {
    return out;
  }
  for (const name of names)
    for (const line of readFileSync(join(dir, name), 'utf8').split('\n')) {
      if (!line.trim()) continue;
      try {
        out.push(JSON.parse(line) as TapRecord);
      } catch {
        // The last line of a worker killed while writing.
      }
    }
  return out.sort((a, b) => a.started.localeCompare(b.started));
}

interface HarNameValue {
  name: string;
  value: string;
}

interface HarEntry {
  startedDateTime: string;
  time: number;
  request: {
    method: string;
    url: string;
    httpVersion: string;
    cookies: HarNameValue[];
    headers: HarNameValue[];
    queryString: HarNameValue[];
    postData?: { mimeType: string; text: string };
    headersSize: number;
    bodySize: number;
  };
  response: {
    status: number;
    statusText: string;
    httpVersion: string;
    cookies: HarNameValue[];
    headers: HarNameValue[];
    content: { size: number; mimeType: string; text?: string; comment?: string };
    redirectURL: string;
    headersSize: number;
    bodySize: number;
    _error?: string;
  };
  cache: Record<string, never>;
  timings: { blocked: number; dns: number; connect: number; send: number; wait: number; receive: number; ssl: number };
  comment?: string;
  _retries?: number;
}

interface Har {
  log: {
    version: '1.2';
    creator: { name: string; version: string };
    pages: [];
    entries: HarEntry[];
    comment?: string;
  };
}

const headerList = (h: Record<string, string> | undefined): HarNameValue[] =>
  Object.entries(h ?? {}).map(([name, value]) => ({ name, value }));

function queryOf(url: string): HarNameValue[] {
  try {
    return [...new URL(url).searchParams].map(([name, value]) => ({ name, value }));
  } catch {
    return [];
  }
}

/** One HAR entry from a tap record. Pure. */
export function harEntry(r: TapRecord): HarEntry {
  const contentType = (h: Record<string, string> | undefined) =>
    Object.entries(h ?? {}).find(([k]) => k.toLowerCase() === 'content-type')?.[1] ?? '';
  const reqType = contentType(r.requestHeaders);
  const bodyBytes = (s: string | undefined) => (s === undefined ? 0 : Buffer.byteLength(s));
  const time = Math.max(0, Math.round(r.ms));
  const notes = [
    r.retries ? `sent ${r.retries + 1} times (a 429 honoured or a transient failure retried): the last attempt` : '',
    r.queuedMs >= 1 ? `waited ${Math.round(r.queuedMs)} ms before it (in-flight bound, earlier attempts)` : '',
  ].filter(Boolean);
  return {
    startedDateTime: r.started,
    time,
    request: {
      method: r.method,
      url: r.url,
      httpVersion: 'HTTP/1.1',
      cookies: [],
      headers: headerList(r.requestHeaders),
      queryString: queryOf(r.url),
      ...(r.requestBody !== undefined ? { postData: { mimeType: reqType, text: r.requestBody } } : {}),
      headersSize: -1,
      bodySize: bodyBytes(r.requestBody),
    },
    response: {
      status: r.status ?? 0,
      statusText: '',
      httpVersion: r.status === undefined ? '' : 'HTTP/1.1',
      cookies: [],
      headers: headerList(r.responseHeaders),
      content: {
        size: r.responseSize ?? bodyBytes(r.responseBody),
        mimeType: contentType(r.responseHeaders),
        ...(r.responseBody !== undefined ? { text: r.responseBody } : {}),
        ...(r.responseCut ? { comment: `text cut at its first ${HAR_BODY_CAP} characters` } : {}),
      },
      redirectURL:
        r.status !== undefined && r.status >= 300 && r.status < 400 ? (r.responseHeaders?.['location'] ?? '') : '',
      headersSize: -1,
      bodySize: r.status === undefined ? -1 : (r.responseSize ?? bodyBytes(r.responseBody)),
      ...(r.error !== undefined ? { _error: r.error } : {}),
    },
    cache: {},
    // undici does not expose the phases of one request: the whole time is counted as waiting.
    timings: { blocked: -1, dns: -1, connect: -1, send: 0, wait: time, receive: 0, ssl: -1 },
    ...(notes.length ? { comment: notes.join('; ') } : {}),
    ...(r.retries ? { _retries: r.retries } : {}),
  };
}

/** The HAR document of a run's records. Pure. */
function buildHar(records: readonly TapRecord[], creator: { name: string; version: string }, comment?: string): Har {
  return {
    log: {
      version: '1.2',
      creator,
      pages: [],
      entries: records.map(harEntry),
      ...(comment ? { comment } : {}),
    },
  };
}

/**
 * Write the HAR of the records in `dir` to `file`, passed once more through `redact` (the reports'
 * redactor of the run's secrets, lib/report.ts); returns the number of entries.
 */
export function writeHar(
  dir: string,
  file: string,
  redact: (text: string) => string,
  creator: { name: string; version: string },
  comment?: string,
): number {
  const har = buildHar(readTaps(dir), creator, comment);
  mkdirSync(dirname(file) || '.', { recursive: true });
  writeFileSync(file, `${redact(JSON.stringify(har, null, 1))}\n`);
  return har.log.entries.length;
}
