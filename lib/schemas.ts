/**
 * JSON Schemas of every response, validated with ajv, at two strictness levels:
 *  - `contract`: only what LEVELS.md's minimal response contract lets a must-check demand;
 *  - `shape`: the full record shapes of reference/responses.md as the original returns them
 *    (6.x and 4.6.8 alike: selftest/recordings.test.ts validates every recorded 2xx body).
 * Every schema allows additional properties (servers may extend) and requires only keys the
 * original always sends (venue and organizer records drop empty fields). Also the schema of our
 * own report, `results.json` (fixtures/schemas/results.schema.json).
 */
import { readFileSync } from 'node:fs';
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';

export type RecordKind = 'event' | 'venue' | 'organizer' | 'category' | 'tag';
export type ListKind = 'events' | 'venues' | 'organizers' | 'categories' | 'tags';
export type Strictness = 'contract' | 'shape';

export interface SchemaResult {
  ok: boolean;
  /** One entry per problem: '<instancePath> <message>', the path '/' for the body itself. */
  errors: string[];
  /** The errors on one line, joined with '; ' (the first few, then how many more). */
  message: string;
}

const LIST_OF: Record<ListKind, RecordKind> = {
  events: 'event',
  venues: 'venue',
  organizers: 'organizer',
  categories: 'category',
  tags: 'tag',
};

// ---------------------------------------------------------------------------------------------
// Building blocks

// No range checks: drafts carry the WordPress "floating" date 0000-00-00 00:00:00 in *_utc.
const DATE_TIME = { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2}$' };
const STR = { type: 'string' };
const INT = { type: 'integer' };
const _BOOL = { type: 'boolean' };
// Since 6.8.2.1 a password-protected record in a list has these booleans blanked to null (§1.1).
const PROTECTED_BOOL = { type: ['boolean', 'null'] };
const DIGITS = { type: 'string', pattern: '^\\d+$' };
const EMPTY_ARRAY = { type: 'array', maxItems: 0 };
const OBJECT = { type: 'object' };
const STRINGS = { type: 'array', items: STR };

const IMAGE = {
  type: 'object',
  required: ['url', 'id', 'extension'],
  properties: {
    url: STR,
    id: INT,
    extension: STR,
    width: INT,
    height: INT,
    filesize: INT,
    sizes: {
      type: 'object',
      additionalProperties: {
        type: 'object',
        required: ['url'],
        properties: { url: STR, width: INT, height: INT, 'mime-type': STR },
      },
    },
  },
};

const DATE_DETAILS = {
  type: 'object',
  required: ['year', 'month', 'day', 'hour', 'minutes', 'seconds'],
  properties: { year: DIGITS, month: DIGITS, day: DIGITS, hour: DIGITS, minutes: DIGITS, seconds: DIGITS },
};

const COST_DETAILS = {
  type: 'object',
  // currency_code arrived in 5.14.1: 4.6.8 has no such key.
  required: ['currency_symbol', 'currency_position', 'values'],
  properties: {
    currency_symbol: STR,
    currency_code: STR,
    currency_position: { enum: ['prefix', 'postfix', ''] },
    // Decimal strings as recorded ("10", "5.50", even "free" on 6.x); the original's own tests
    // compare them loosely with numbers, so numbers are accepted too.
    values: { type: 'array', items: { type: ['string', 'number'] } },
  },
};

const TERM_URLS = {
  type: 'object',
  required: ['self', 'collection'],
  properties: { self: STR, collection: STR, up: STR },
};

/** A term as embedded in an event (a WP_Term cast to an array, §4.2), not the endpoint record. */
const EMBEDDED_TERM = {
  type: 'object',
  required: [
    'name',
    'slug',
    'term_group',
    'term_taxonomy_id',
    'taxonomy',
    'description',
    'parent',
    'count',
    'filter',
    'id',
    'urls',
  ],
  properties: {
    name: STR,
    slug: STR,
    term_group: INT,
    term_taxonomy_id: INT,
    taxonomy: STR,
    description: STR,
    parent: INT,
    count: INT,
    filter: STR,
    id: INT,
    urls: TERM_URLS,
  },
};

/** Keys shared by venue and organizer records; all optional because array_filter drops empties. */
const LINKED_POST_PROPERTIES = {
  id: INT,
  author: DIGITS,
  status: STR,
  date: DATE_TIME,
  date_utc: DATE_TIME,
  modified: DATE_TIME,
  modified_utc: DATE_TIME,
  url: STR,
  description: STR,
  excerpt: STR,
  slug: STR,
  image: IMAGE,
  website: STR,
  phone: STR,
  json_ld: OBJECT,
  global_id: STR,
  global_id_lineage: STRINGS,
};
const LINKED_POST_REQUIRED = [
  'id',
  'status',
  'date',
  'date_utc',
  'modified',
  'modified_utc',
  'url',
  'global_id',
  'global_id_lineage',
];
// Since 6.15.3 a password-protected venue/organizer has its name key blanked to [] (§2.1 quirk).
const NAME = { anyOf: [STR, EMPTY_ARRAY] };

const VENUE_SHAPE = {
  type: 'object',
  required: [...LINKED_POST_REQUIRED, 'venue', 'show_map', 'show_map_link'],
  properties: {
    ...LINKED_POST_PROPERTIES,
    venue: NAME,
    address: STR,
    city: STR,
    country: STR,
    province: STR,
    state: STR,
    zip: STR,
    stateprovince: STR,
    geo_lat: { type: ['number', 'string'] },
    geo_lng: { type: ['number', 'string'] },
    show_map: PROTECTED_BOOL,
    show_map_link: PROTECTED_BOOL,
  },
};

const ORGANIZER_SHAPE = {
  type: 'object',
  required: [...LINKED_POST_REQUIRED, 'organizer'],
  properties: { ...LINKED_POST_PROPERTIES, organizer: NAME, email: STR },
};

const EVENT_SHAPE = {
  type: 'object',
  required: [
    'id',
    'global_id',
    'global_id_lineage',
    'author',
    'status',
    'date',
    'date_utc',
    'modified',
    'modified_utc',
    'url',
    'rest_url',
    'title',
    'description',
    'excerpt',
    'slug',
    'image',
    'all_day',
    'start_date',
    'start_date_details',
    'end_date',
    'end_date_details',
    'utc_start_date',
    'utc_start_date_details',
    'utc_end_date',
    'utc_end_date_details',
    'timezone',
    'timezone_abbr',
    'cost',
    'cost_details',
    'website',
    'show_map',
    'show_map_link',
    'hide_from_listings',
    'sticky',
    'featured',
    'categories',
    'tags',
    'venue',
    'organizer',
  ],
  properties: {
    id: INT,
    global_id: STR,
    global_id_lineage: STRINGS,
    author: DIGITS,
    status: STR,
    date: DATE_TIME,
    date_utc: DATE_TIME,
    modified: DATE_TIME,
    modified_utc: DATE_TIME,
    url: STR,
    rest_url: STR,
    title: STR,
    description: STR,
    excerpt: STR,
    slug: STR,
    image: { anyOf: [{ const: false }, IMAGE] },
    all_day: PROTECTED_BOOL,
    start_date: DATE_TIME,
    start_date_details: DATE_DETAILS,
    end_date: DATE_TIME,
    end_date_details: DATE_DETAILS,
    utc_start_date: DATE_TIME,
    utc_start_date_details: DATE_DETAILS,
    utc_end_date: DATE_TIME,
    utc_end_date_details: DATE_DETAILS,
    timezone: STR,
    timezone_abbr: STR,
    cost: STR,
    cost_details: COST_DETAILS,
    website: STR,
    show_map: PROTECTED_BOOL,
    show_map_link: PROTECTED_BOOL,
    hide_from_listings: PROTECTED_BOOL,
    sticky: PROTECTED_BOOL,
    featured: PROTECTED_BOOL,
    categories: { type: 'array', items: EMBEDDED_TERM },
    tags: { type: 'array', items: EMBEDDED_TERM },
    // One linked venue is an object; none is []; several (Pro multi-venue) an array of them.
    venue: { anyOf: [VENUE_SHAPE, { type: 'array', items: VENUE_SHAPE }] },
    organizer: { type: 'array', items: ORGANIZER_SHAPE },
    // Since 6.10.1 only; absent on 6.8.0 and 4.6.8.
    custom_fields: { anyOf: [EMPTY_ARRAY, OBJECT] },
    json_ld: OBJECT,
  },
};

function termShape(withParent: boolean) {
  return {
    type: 'object',
    required: [
      'id',
      'count',
      'description',
      'name',
      'slug',
      'taxonomy',
      ...(withParent ? ['parent'] : []),
      'meta',
      'url',
      'urls',
    ],
    properties: {
      id: INT,
      count: INT,
      description: STR,
      name: STR,
      slug: STR,
      taxonomy: STR,
      parent: INT,
      meta: { anyOf: [EMPTY_ARRAY, OBJECT] },
      url: STR,
      urls: TERM_URLS,
      _links: OBJECT,
    },
  };
}

const RECORD_SHAPES: Record<RecordKind, object> = {
  event: EVENT_SHAPE,
  venue: VENUE_SHAPE,
  organizer: ORGANIZER_SHAPE,
  category: termShape(true),
  tag: termShape(false),
};

// The contract: an object with an integer id; events also carry what every must-check reads.
const RECORD_CONTRACT = { type: 'object', required: ['id'], properties: { id: INT } };
const EVENT_CONTRACT = {
  type: 'object',
  required: ['id', 'title', 'start_date', 'end_date'],
  // A title that is all digits may come back as a number from a loosely typed server; the text
  // comparison (lib/normalise.ts) reads both.
  properties: { id: INT, title: { type: ['string', 'number'] }, start_date: DATE_TIME, end_date: DATE_TIME },
};
const RECORD_CONTRACTS: Record<RecordKind, object> = {
  event: EVENT_CONTRACT,
  venue: RECORD_CONTRACT,
  organizer: RECORD_CONTRACT,
  category: RECORD_CONTRACT,
  tag: RECORD_CONTRACT,
};

function listSchema(kind: ListKind, strictness: Strictness): object {
  const items = (strictness === 'shape' ? RECORD_SHAPES : RECORD_CONTRACTS)[LIST_OF[kind]];
  if (strictness === 'contract')
    return { type: 'object', required: [kind], properties: { [kind]: { type: 'array', items } } };
  return {
    type: 'object',
    required: [kind, 'rest_url', 'total', 'total_pages'],
    properties: {
      [kind]: { type: 'array', items },
      rest_url: STR,
      next_rest_url: STR,
      previous_rest_url: STR,
      total: { type: 'integer', minimum: 0 },
      total_pages: { type: 'integer', minimum: 0 },
    },
  };
}

const ERROR_SHAPE = {
  type: 'object',
  required: ['code', 'message', 'data'],
  properties: { code: STR, message: STR, data: { type: 'object', required: ['status'], properties: { status: INT } } },
};

const REPORT_SCHEMA_URL = new URL('../fixtures/schemas/results.schema.json', import.meta.url);

// ---------------------------------------------------------------------------------------------
// Registry and validation

const RECORD_KINDS = Object.keys(RECORD_SHAPES) as RecordKind[];
const LIST_KINDS = Object.keys(LIST_OF) as ListKind[];

/** Every schema by name (`event.shape`, `events.contract`, `error`, `report`, ...), for documentation. */
export const SCHEMAS: Record<string, object> = {};
for (const k of RECORD_KINDS) {
  SCHEMAS[`${k}.contract`] = RECORD_CONTRACTS[k];
  SCHEMAS[`${k}.shape`] = RECORD_SHAPES[k];
}
for (const k of LIST_KINDS) {
  SCHEMAS[`${k}.contract`] = listSchema(k, 'contract');
  SCHEMAS[`${k}.shape`] = listSchema(k, 'shape');
}
SCHEMAS['error'] = ERROR_SHAPE;
// Read on first access so that importing this module never touches the file system.
Object.defineProperty(SCHEMAS, 'report', {
  enumerable: true,
  get: () => reportSchema(),
});

let reportSchemaCache: object | undefined;
function reportSchema(): object {
  reportSchemaCache ??= JSON.parse(readFileSync(REPORT_SCHEMA_URL, 'utf8')) as object;
  return reportSchemaCache;
}

let ajv: Ajv | undefined;
const compiled = new Map<string, ValidateFunction>();

function validator(name: string): ValidateFunction {
  let fn = compiled.get(name);
  if (!fn) {
    // Each worker compiles the schemas it meets; ajv's code optimisation pass would double that
    // compile time (some 0.2 s of CPU per worker) for no measurable gain in validation speed.
    ajv ??= new Ajv({ allErrors: true, strict: false, code: { optimize: false } });
    const schema = SCHEMAS[name];
    if (!schema) throw new Error(`no schema named ${name}`);
    fn = ajv.compile(schema);
    compiled.set(name, fn);
  }
  return fn;
}

const MAX_IN_MESSAGE = 8;

function excerptOf(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}

function describeError(e: ErrorObject, body: unknown): string {
  const path = e.instancePath || '/';
  // The failing value makes a type or pattern error explain itself; a missing key has none.
  if (e.keyword === 'required' || e.keyword === 'anyOf') return `${path} ${e.message}`;
  return `${path} ${e.message} (got ${excerptOf(at(body, e.instancePath))})`;
}

function at(body: unknown, pointer: string): unknown {
  let v: unknown = body;
  for (const part of pointer.split('/').slice(1)) {
    if (v === null || typeof v !== 'object') return undefined;
    v = (v as Record<string, unknown>)[part.replace(/~1/g, '/').replace(/~0/g, '~')];
  }
  return v;
}

function run(name: string, body: unknown): SchemaResult {
  const fn = validator(name);
  if (fn(body)) return { ok: true, errors: [], message: '' };
  const errors = [...new Set((fn.errors ?? []).map((e) => describeError(e, body)))];
  const lines = compactRequired(fn.errors ?? [], errors);
  const shown = lines.slice(0, MAX_IN_MESSAGE).join('; ');
  const message = lines.length > MAX_IN_MESSAGE ? `${shown}; (and ${lines.length - MAX_IN_MESSAGE} more)` : shown;
  return { ok: false, errors, message };
}

/** For the message only: the missing keys of one object on one line instead of one line each. */
function compactRequired(raw: ErrorObject[], errors: string[]): string[] {
  const missing = new Map<string, string[]>();
  for (const e of raw) {
    if (e.keyword !== 'required') continue;
    const path = e.instancePath || '/';
    const key = String((e.params as { missingProperty?: string }).missingProperty);
    const keys = missing.get(path) ?? [];
    if (!keys.includes(key)) keys.push(key);
    missing.set(path, keys);
  }
  const out: string[] = [];
  const done = new Set<string>();
  for (const line of errors) {
    const m = /^(\S+) must have required property '/.exec(line);
    const keys = m ? missing.get(m[1]!) : undefined;
    if (!m || !keys || keys.length < 2) {
      out.push(line);
      continue;
    }
    if (done.has(m[1]!)) continue;
    done.add(m[1]!);
    out.push(`${m[1]} must have required properties ${keys.map((k) => `'${k}'`).join(', ')}`);
  }
  return out;
}

export function validateRecord(kind: RecordKind, body: unknown, strictness: Strictness): SchemaResult {
  return run(`${kind}.${strictness}`, body);
}

export function validateList(kind: ListKind, body: unknown, strictness: Strictness): SchemaResult {
  return run(`${kind}.${strictness}`, body);
}

/** The original's error body `{code, message, data: {status}}`; a should-level shape. */
export function validateError(body: unknown): SchemaResult {
  return run('error', body);
}

/** A `results.json` report (format 1) against fixtures/schemas/results.schema.json. */
export function validateReport(report: unknown): SchemaResult {
  return run('report', report);
}
