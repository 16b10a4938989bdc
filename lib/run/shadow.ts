/**
 * The shadow model's recording (issue 37): every exchange of a check with the target, whole (the
 * request body as sent, the parsed answer, the headers the interface defines), in the order the
 * answers came, one JSON line per check in a file of the worker's own in the run's shadow folder
 * (the runner hands the folder to the workers through `provide('calcertModel')`). Each line carries
 * the run's sequence number (a counter in shared memory, `provide('calcertModelSeq')`): the order
 * the checks ended in, across workers, which the model replays them in. While the checks run,
 * lib/certify/model-live.ts reads the lines as they come and replays them (lib/certify/model.ts).
 * The exchanges of a route no model compares (the root, /doc, a list of the whole site) keep their
 * request only: their answers would only weigh on the file.
 */
import { appendFileSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { threadId } from 'node:worker_threads';
import type { TargetExchange } from '../spec/model/judge.ts';
import type { Exchange } from '../types.ts';

/**
 * One exchange of a check as the model replays it: the target's exchange as the model judges it
 * (lib/spec/model/judge.ts TargetExchange: method, route, query, body, headers, auth, status,
 * answerHeaders, json), plus what only the recording and the report need.
 */
export interface ShadowExchange extends TargetExchange {
  /** When the answer came, epoch ms (our clock). */
  at: number;
  /** How long the request took, ms, from when the client took it (queue and retries included). */
  ms?: number;
  /** The answer's first characters when it was not JSON. */
  text?: string;
  /** The curl line that replays the request against the target (redacted). */
  curl: string;
}

export interface ShadowCheck {
  check: string;
  /** The run's sequence number of the line (the order the checks ended in, across workers); absent in older recordings. */
  seq?: number;
  /** The check's scope word (lib/check/context.ts): slugs it made up name no record (lib/spec/model/pairs.ts madeUpSlug). */
  scope?: string;
  exchanges: ShadowExchange[];
}

const KEPT_ANSWER_HEADERS = ['content-type', 'x-wp-total', 'x-wp-totalpages', 'date'];
const DROPPED_REQUEST_HEADERS = new Set(['accept', 'authorization', 'content-length', 'host']);

/**
 * A route and query below `root` (the client's namespace root: a path, or a `?rest_route=` root
 * whose other parameters follow with `&`); the whole URL as route when it is not below it.
 */
export function splitUrl(url: string, root: string): { route: string; query: string } {
  if (!url.startsWith(root)) return { route: url, query: '' };
  const rest = url.slice(root.length);
  const at = root.includes('?') ? rest.indexOf('&') : rest.indexOf('?');
  return at < 0 ? { route: rest, query: '' } : { route: rest.slice(0, at), query: rest.slice(at + 1) };
}

/** Whether no model can compare an answer to this request (root, /doc, a GET list not scoped by a word or an ID). */
function answerUnused(method: string, route: string, query: string, runTag: string): boolean {
  if (method !== 'GET') return false;
  const parts = route.split('/').filter(Boolean);
  if (parts.length === 0 || parts[0] === 'doc') return true;
  if (parts.length !== 1) return false;
  return (
    !query.includes(runTag) && !/(^|&)(include|venue|organizer|event|post|categories|tags|parent)(%5B|\[|=)/.test(query)
  );
}

/** The shadow record of one exchange (`body`: the whole request body; `json`: the parsed answer). */
export function shadowOf(
  e: Exchange,
  body: string | undefined,
  json: unknown,
  root: string,
  runTag: string,
): ShadowExchange {
  const { route, query } = splitUrl(e.url, root);
  const headers: Record<string, string> = {};
  for (const [k, v] of Object.entries(e.requestHeaders)) {
    const name = k.toLowerCase();
    // The run's own credentials are shown as (redacted): `auth` says so; another value was set by the check.
    if (name === 'authorization' && v !== '(redacted)') headers[name] = v;
    else if (!DROPPED_REQUEST_HEADERS.has(name)) headers[name] = v;
  }
  const out: ShadowExchange = {
    at: Date.now(),
    ...(e.ms ? { ms: e.ms } : {}),
    method: e.method,
    route,
    query,
    ...(body !== undefined ? { body } : {}),
    headers,
    auth: e.requestHeaders['authorization'] === '(redacted)',
    curl: e.curl,
  };
  if (e.status === undefined) return out;
  out.status = e.status;
  const kept: Record<string, string> = {};
  for (const h of KEPT_ANSWER_HEADERS) {
    const v = e.responseHeaders?.[h];
    if (v !== undefined) kept[h] = v;
  }
  out.answerHeaders = kept;
  if (answerUnused(e.method, route, query, runTag)) return out;
  if (json !== undefined) out.json = json;
  else out.text = (e.responseExcerpt ?? '').slice(0, 500);
  return out;
}

/**
 * Numbers of a JSON text that JSON.parse reads as a value JSON.stringify writes otherwise: -0 (as 0),
 * an overflow to Infinity (as null) or an underflow to -0. Each is a zero with a minus, a number with
 * an exponent or one of 309 digits and more, after the text's start, a colon, a comma or a bracket;
 * a text holding one, or a look-alike in a string, is written from its value.
 */
const NOT_ROUND_TRIP = /(?:^|[:,[])[ \t]*(?:-0(?:\.0*)?(?![\d.])|-?\d+(?:\.\d+)?[eE])|\d{309}/;

/**
 * The answer's text as the shadow line may hold it in place of JSON.stringify(its parsed value),
 * which JSON.parse reads back as the same value: the text JSON.parse read (a leading UTF-8 BOM
 * dropped, as parseJson does), unless it breaks a line (one line per check) or holds a number
 * that would not read back the same (NOT_ROUND_TRIP). Undefined: write the value.
 */
export function answerJsonText(text: string | undefined): string | undefined {
  if (text === undefined) return undefined;
  const t = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  if (t.includes('\n') || t.includes('\r') || NOT_ROUND_TRIP.test(t)) return undefined;
  return t;
}

/**
 * The JSON text of one exchange's shadow record: JSON.stringify(shadowOf(...)) as JSON.parse reads
 * it back, with the answer's own text in place of its value when answerJsonText allows (the value
 * is `json`, the record's last key). The answer of a list is most of a line's bytes, and writing
 * its parsed value again was most of the recording's cost.
 */
export function shadowText(
  e: Exchange,
  detail: { body: string | undefined; json: unknown; text?: string | undefined } | undefined,
  root: string,
  runTag: string,
): string {
  const x = shadowOf(e, detail?.body, detail?.json, root, runTag);
  if (x.json === undefined) return JSON.stringify(x);
  const raw = answerJsonText(detail?.text);
  if (raw === undefined) return JSON.stringify(x);
  const { json: _, ...rest } = x;
  return `${JSON.stringify(rest).slice(0, -1)},"json":${raw}}`;
}

/** One check's exchanges, kept until the check ends, then appended to the worker's file. */
export class ShadowRecord {
  /** Each exchange's JSON text (shadowText), in the order the answers came. */
  private exchanges: string[] = [];
  constructor(
    private readonly dir: string,
    private readonly check: string,
    /** The client's namespace root. */
    private readonly root: string,
    private readonly runTag: string,
    private readonly scope?: string,
    /** Takes the run's next sequence number (shared by every worker). */
    private readonly nextSeq?: () => number,
  ) {}
  /** `text`: the answer's whole text, when `json` was parsed from it. */
  note(e: Exchange, detail?: { body: string | undefined; json: unknown; text?: string | undefined }): void {
    this.exchanges.push(shadowText(e, detail, this.root, this.runTag));
  }
  /** Hands the check's exchanges to the model (once). */
  flush(): void {
    if (this.exchanges.length) {
      // JSON.stringify of the ShadowCheck, its exchanges written as they came.
      const head = JSON.stringify({
        check: this.check,
        ...(this.nextSeq ? { seq: this.nextSeq() } : {}),
        ...(this.scope ? { scope: this.scope } : {}),
        exchanges: [],
      }).slice(0, -2);
      appendShadowLine(this.dir, `${head}${this.exchanges.join(',')}]}\n`);
    }
    this.exchanges = [];
  }
}

/** Appends one check's line (a ShadowCheck's JSON text) to this worker's file in `dir` (made when missing). */
function appendShadowLine(dir: string, line: string): void {
  const file = join(dir, `${process.pid}-${threadId}.jsonl`);
  try {
    appendFileSync(file, line);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
    mkdirSync(dir, { recursive: true });
    appendFileSync(file, line);
  }
}

/** One line of a shadow file as written, and the check it holds. */
export interface ShadowLine {
  raw: string;
  check: ShadowCheck;
}

/** Every line written into `dir`, file by file (sorted names), in the order written. A line cut short (a killed worker) is skipped. */
export function readShadowLines(dir: string): ShadowLine[] {
  const out: ShadowLine[] = [];
  let names: string[] = [];
  try {
    names = readdirSync(dir).filter((n) => n.endsWith('.jsonl'));
  } catch {
    return out;
  }
  for (const name of names.sort()) {
    let text = '';
    try {
      text = readFileSync(join(dir, name), 'utf8');
    } catch {
      continue;
    }
    for (const raw of text.split('\n')) {
      if (!raw.trim()) continue;
      try {
        out.push({ raw, check: JSON.parse(raw) as ShadowCheck });
      } catch {
        // The last line of a worker killed while writing.
      }
    }
  }
  return out;
}

/** The checks of these lines, by check ID (lines of one check in the order written). Pure. */
export function checksOf(lines: readonly ShadowLine[]): ShadowCheck[] {
  return lines.map((l) => l.check).sort((a, b) => a.check.localeCompare(b.check));
}

/**
 * The order the model replays checks in: by sequence number (the order they ended in) when every
 * check has one, else as given (recordings made before the numbers: by check ID). Pure.
 */
export function replayOrder<T>(
  checks: readonly T[],
  seqOf: (c: T) => number | undefined = (c) => (c as { seq?: number }).seq,
): T[] {
  if (!checks.every((c) => Number.isInteger(seqOf(c)))) return [...checks];
  return [...checks].sort((a, b) => (seqOf(a) as number) - (seqOf(b) as number));
}
