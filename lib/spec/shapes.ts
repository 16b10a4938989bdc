/**
 * The JSON Schema documents of every response (lib/spec/schemas.ts validates with them), at two
 * strictness levels:
 *  - `contract`: only what LEVELS.md's minimal response contract lets a must-check demand;
 *  - `shape`: the full record shapes of reference/responses.md as the original returns them
 *    (6.x and 4.6.8 alike: selftest/recordings.test.ts validates every recorded 2xx body).
 * Every schema allows additional properties (servers may extend) and requires only keys the
 * original always sends (venue and organizer records drop empty fields). Data only.
 */

export type RecordKind = 'event' | 'venue' | 'organizer' | 'category' | 'tag';
export type ListKind = 'events' | 'venues' | 'organizers' | 'categories' | 'tags';
export type Strictness = 'contract' | 'shape';

export const LIST_OF: Record<ListKind, RecordKind> = {
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

export const RECORD_SHAPES: Record<RecordKind, object> = {
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
  // comparison (lib/spec/normalise.ts) reads both.
  properties: { id: INT, title: { type: ['string', 'number'] }, start_date: DATE_TIME, end_date: DATE_TIME },
};
export const RECORD_CONTRACTS: Record<RecordKind, object> = {
  event: EVENT_CONTRACT,
  venue: RECORD_CONTRACT,
  organizer: RECORD_CONTRACT,
  category: RECORD_CONTRACT,
  tag: RECORD_CONTRACT,
};

export function listSchema(kind: ListKind, strictness: Strictness): object {
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

export const ERROR_SHAPE = {
  type: 'object',
  required: ['code', 'message', 'data'],
  properties: { code: STR, message: STR, data: { type: 'object', required: ['status'], properties: { status: INT } } },
};
