/**
 * Compare what a check sent with what the server sent back, as the minimal response contract
 * (LEVELS.md) allows: the original renders text (WordPress texturize, wpautop, entities) and
 * formats costs, so must-level round trips compare normalised values, never raw echoes.
 * Every rule here is one that recordings/text-rendering.jsonl needs (selftest/recordings.test.ts).
 */
import { fromFormat } from './luxon-format.ts';

const NAMED_ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
  lsquo: '\u2018',
  rsquo: '\u2019',
  sbquo: '\u201a',
  ldquo: '\u201c',
  rdquo: '\u201d',
  bdquo: '\u201e',
  prime: '\u2032',
  Prime: '\u2033',
  ndash: '\u2013',
  mdash: '\u2014',
  minus: '\u2212',
  hellip: '\u2026',
  times: '\u00d7',
  trade: '\u2122',
  copy: '\u00a9',
  reg: '\u00ae',
  laquo: '\u00ab',
  raquo: '\u00bb',
  middot: '\u00b7',
  bull: '\u2022',
  deg: '\u00b0',
  euro: '\u20ac',
  pound: '\u00a3',
  yen: '\u00a5',
  cent: '\u00a2',
  shy: '\u00ad',
  thinsp: '\u2009',
  ensp: '\u2002',
  emsp: '\u2003',
  zwj: '\u200d',
  zwnj: '\u200c',
};

// wptexturize's substitutions, undone. Both dashes become one hyphen and hyphen runs collapse,
// because the original renders `--` and `---` alike as an em dash (the "dashes" recording).
const TYPOGRAPHIC: Array<[RegExp, string]> = [
  [/[\u2018\u2019\u201a\u201b\u2032]/g, "'"],
  [/[\u201c\u201d\u201e\u201f\u2033]/g, '"'],
  // wptexturize reads two apostrophes as a closing double quote and two backticks as an opening
  // one (`''` comes back as `&#8221;`): both read as one ASCII double quote, sent or received.
  [/''|``/g, '"'],
  [/[\u2010-\u2015\u2212]/g, '-'],
  [/-{2,}/g, '-'],
  [/\u2026/g, '...'],
  [/\u00d7/g, 'x'],
  [/\u2122/g, '(tm)'],
  [/[\u00ad\u200b-\u200d\ufeff]/g, ''],
];

// Tags that separate words (wpautop's <p> and <br />); inline tags (<b>, <em>) join them.
const BLOCK_TAG =
  /<\/?(?:p|br|div|li|ul|ol|h[1-6]|blockquote|pre|hr|table|tr|td|th|section|article|header|footer)\b[^>]*>/gi;
const ANY_TAG = /<\/?[a-z!][^>]*>/gi;
const ENTITY = /&(?:#(\d{1,7})|#[xX]([0-9a-fA-F]{1,6})|([a-zA-Z][a-zA-Z0-9]{1,31}));/g;

/** Decode HTML character references (numeric and named), as WordPress renders titles. */
export function decodeEntities(s: string): string {
  return s.replace(ENTITY, (whole, dec: string | undefined, hex: string | undefined, name: string | undefined) => {
    if (name !== undefined) return NAMED_ENTITIES[name] ?? whole;
    const code = dec !== undefined ? Number.parseInt(dec, 10) : Number.parseInt(hex!, 16);
    return code > 0 && code <= 0x10ffff && (code < 0xd800 || code > 0xdfff) ? String.fromCodePoint(code) : whole;
  });
}

function step(s: string): string {
  let out = decodeEntities(s).replace(BLOCK_TAG, ' ').replace(ANY_TAG, '');
  for (const [pattern, replacement] of TYPOGRAPHIC) out = out.replace(pattern, replacement);
  return out;
}

/**
 * Text as a reader sees it, in ASCII punctuation. Decoding and tag stripping repeat until nothing
 * changes (at most a few rounds), so the result is a fixed point: normaliseText is idempotent.
 * The price is that double-escaped text (`&amp;amp;`) reads like single-escaped text.
 */
export function normaliseText(value: unknown): string {
  if (value === undefined || value === null) return '';
  let s =
    typeof value === 'string'
      ? value
      : typeof value === 'number' || typeof value === 'boolean'
        ? String(value)
        : JSON.stringify(value);
  for (let round = 0; round < 8; round++) {
    const next = step(s);
    if (next === s) break;
    s = next;
  }
  return s.replace(/\s+/g, ' ').trim();
}

/**
 * The sent text came back, up to rendering. A missing or null field reads as empty text, since
 * venue and organizer records omit empty fields; objects and arrays never match.
 */
export function sameText(sent: string, got: unknown): boolean {
  if (got !== undefined && got !== null && typeof got !== 'string' && typeof got !== 'number') return false;
  return normaliseText(sent) === normaliseText(got);
}

/** The inline tags of a text as written (raw: an escaped `&lt;b&gt;` is no tag), block tags left out. Pure. */
export function inlineTags(text: string): string[] {
  return (text.match(ANY_TAG) ?? []).filter((tag) => !new RegExp(BLOCK_TAG.source, 'i').test(tag));
}

/**
 * The sent text came back with its inline markup: the same text (sameText) and the same inline
 * tags, as written and in order (`<b>show</b>` kept, neither stripped nor escaped). Block tags
 * (wpautop's `<p>`, `<br />`) may wrap it. Pure.
 */
export function sameMarkup(sent: string, got: unknown): boolean {
  if (!sameText(sent, got) || typeof got !== 'string') return false;
  const want = inlineTags(sent);
  const have = inlineTags(got);
  return want.length === have.length && want.every((tag, i) => tag === have[i]);
}

const NUMBER_TOKEN = /\d+(?:[.,]\d+)*/g;

/**
 * The whole numbers one token can stand for: "10,20" is 10.20 on 6.x and 1020 on 4.6.8; "1.15" is
 * 1.15 only. A token is never split into its digit groups: "$1.15" does not hold 15.
 */
function tokenReadings(token: string): number[] {
  const out = [Number(token.replace(/,/g, ''))];
  if (/^\d+,\d+$/.test(token)) out.push(Number(token.replace(',', '.')));
  if (/^\d+\.\d+$/.test(token)) out.push(Number(token));
  return out.filter((n) => Number.isFinite(n));
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function numbersIn(text: string): number[] {
  return [...text.matchAll(NUMBER_TOKEN)].flatMap((m) => tokenReadings(m[0]));
}

/** The costs a record reads: the whole numbers of `cost` and of `cost_details.values`. */
export function costNumbers(record: unknown): number[] {
  const out: number[] = [];
  if (isRecord(record)) {
    if (typeof record.cost === 'string') out.push(...numbersIn(record.cost));
    else if (typeof record.cost === 'number') out.push(record.cost);
    const values = isRecord(record.cost_details) ? record.cost_details.values : undefined;
    if (Array.isArray(values)) {
      for (const v of values) {
        if (typeof v === 'number') out.push(v);
        else if (typeof v === 'string') out.push(...numbersIn(v));
      }
    }
  }
  return [...new Set(out)];
}

/**
 * The sent cost as tokens, each with the whole numbers it may come back as: one of its readings,
 * or (a comma list such as "10,20") every one of its parts as numbers of their own.
 */
function sentTokens(sent: string | number): Array<{ readings: number[]; parts: number[] }> {
  if (typeof sent === 'number') return [{ readings: [sent], parts: [] }];
  return [...sent.matchAll(NUMBER_TOKEN)].map((m) => ({
    readings: tokenReadings(m[0]),
    parts: m[0].includes(',') ? m[0].split(',').map(Number) : [],
  }));
}

function hasNoCost(record: unknown): boolean {
  const cost = isRecord(record) ? record.cost : undefined;
  const details = isRecord(record) ? record.cost_details : undefined;
  const values = isRecord(details) ? details.values : undefined;
  return (cost === undefined || cost === null || cost === '') && (!Array.isArray(values) || values.length === 0);
}

/**
 * Every number sent appears in the record's cost. A cost of 0 may also come back as no cost at
 * all: the original stores "0" as an empty cost (the cost "0" recording, both versions).
 * A sent cost without digits ("Free") is vacuously reflected; the contract sends numbers only.
 */
export function costReflects(sent: string | number, record: unknown): boolean {
  const got = costNumbers(record);
  const has = (n: number) => got.some((g) => Math.abs(g - n) < 1e-9);
  return sentTokens(sent).every(
    (tok) =>
      tok.readings.some(has) ||
      (tok.parts.length > 0 && tok.parts.every(has)) ||
      (tok.readings[0] === 0 && hasNoCost(record)),
  );
}

const SENT_DATE = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2})(:\d{2})?$/;
const RECORD_DATE = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;

/**
 * The record's `YYYY-MM-DD hh:mm:ss` equals the sent date. Sent dates may omit seconds or use a
 * `T`; anything else (an offset, a bare date) is a mistake in the check and throws.
 */
export function sameDateTime(sent: string, got: unknown): boolean {
  const m = SENT_DATE.exec(sent);
  if (!m)
    throw new TypeError(`sameDateTime: sent date ${JSON.stringify(sent)} is not YYYY-MM-DD hh:mm[:ss] (space or T)`);
  if (typeof got !== 'string' || !RECORD_DATE.test(got)) return false;
  return got === `${m[1]} ${m[2]}${m[3] ?? ':00'}`;
}

/**
 * Whether `zone` skips the wall clock `wall` (`YYYY-MM-DD hh:mm:ss`): a DST gap (02:30 on a
 * spring-forward day in New York), which the spec gives no reading and WordPress (PHP's DateTime)
 * moves past the gap. No zone, or one luxon does not know: false.
 */
export function skippedWallClock(wall: string, zone: string): boolean {
  if (!zone) return false;
  const dt = fromFormat(wall, 'yyyy-MM-dd HH:mm:ss', { zone });
  return dt.isValid && dt.toFormat('yyyy-MM-dd HH:mm:ss') !== wall;
}

/** Booleans come back as JSON booleans: every recorded boolean field is one, on both versions. */
export function sameBoolean(sent: boolean, got: unknown): boolean {
  return typeof got === 'boolean' && got === sent;
}
