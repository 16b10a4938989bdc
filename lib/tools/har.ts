/**
 * `--har FILE`: every exchange of a run as HAR 1.2 (http://www.softwareishard.com/blog/har-12-spec/),
 * for replay and inspection in other tools (browsers' network panels, HAR viewers, load tools).
 * The exchanges are gathered by the tap (lib/run/tap.ts) during the run. After the run `writeHar`
 * reads every tap file, orders the entries by start time, redacts the whole document once more
 * with the run's secrets (lib/report/write.ts `redactor`, passed in) and writes the HAR. `harEntry` is
 * pure and self-tested.
 */
import { writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { makeDirs } from '../report/write.ts';
import { HAR_BODY_CAP, readTaps, type TapRecord } from '../run/tap.ts';

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
 * redactor of the run's secrets, lib/report/write.ts); returns the number of entries.
 */
export function writeHar(
  dir: string,
  file: string,
  redact: (text: string) => string,
  creator: { name: string; version: string },
  comment?: string,
): number {
  const har = buildHar(readTaps(dir), creator, comment);
  // One level at a time: a recursive mkdirSync never returns under /proc (lib/report/write.ts).
  makeDirs(dirname(file) || '.');
  writeFileSync(file, `${redact(JSON.stringify(har, null, 1))}\n`);
  return har.log.entries.length;
}
