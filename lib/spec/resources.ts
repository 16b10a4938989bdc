/**
 * The five resources of the interface as data: what the check families need to know to declare
 * one behaviour for several resources (route segment and list key, name field, meta fields, ...).
 * Pure definitions, no I/O; the families that use them live under suites/_families/.
 */
import { at } from './contract.ts';

export type LinkedKind = 'venue' | 'organizer';
export type LinkedResource = 'venues' | 'organizers';

export interface LinkedDef {
  kind: LinkedKind;
  /** Route segment, plural key of lists, check-ID group. */
  plural: LinkedResource;
  /** The required name field (also the record's name key). */
  nameField: LinkedKind;
  /** Optional plain-text meta fields of the spec's table (besides description, website). */
  textFields: string[];
  /** A meta field the search looks into besides title and description (measured on both versions). */
  searchField: string;
  /** Spec section name used in `spec` clauses. */
  section: string;
}

export const VENUES: LinkedDef = {
  kind: 'venue',
  plural: 'venues',
  nameField: 'venue',
  textFields: ['address', 'city', 'country', 'province', 'state', 'zip', 'phone', 'stateprovince'],
  searchField: 'city',
  section: 'Venue',
};

export const ORGANIZERS: LinkedDef = {
  kind: 'organizer',
  plural: 'organizers',
  nameField: 'organizer',
  textFields: ['phone', 'email'],
  searchField: 'email',
  section: 'Organizer',
};

export type TermKind = 'categories' | 'tags';

export interface Taxonomy {
  /** Resource and check group: `categories` | `tags`. */
  kind: TermKind;
  /** Record kind of lib/spec/schemas.ts. */
  record: 'category' | 'tag';
  /** Word for messages. */
  noun: string;
  /** Categories have `parent`; tags do not. */
  hierarchical: boolean;
  /** The `taxonomy` a term record names (the original's, both versions: recordings of 4.6.8 and 6.8.0). */
  taxonomy: 'tribe_events_cat' | 'post_tag';
}

export const CATEGORIES: Taxonomy = {
  kind: 'categories',
  record: 'category',
  noun: 'category',
  hierarchical: true,
  taxonomy: 'tribe_events_cat',
};
export const TAGS: Taxonomy = { kind: 'tags', record: 'tag', noun: 'tag', hierarchical: false, taxonomy: 'post_tag' };

/** How a generic check compares a field it sent with what the server answers (lib/spec/normalise.ts; `id`: as a number). */
export type Comparison = 'text' | 'exact' | 'date-time' | 'boolean' | 'cost' | 'id';

/** Stands for the ID of a fresh record of the same resource, made by the check (a category's new parent). */
export const NEW_RECORD = Symbol('a record made for the check');

/** Stands for a fresh record of another resource, made by the check and sent by ID (`many`: as [id]). */
export class NewLink {
  constructor(
    readonly resource: 'venues' | 'organizers' | 'categories' | 'tags',
    readonly many: boolean,
  ) {}
}

/** A field a generic check sends, and how the answer's value must match it. */
export interface SentField {
  field: string;
  value: string | number | boolean | typeof NEW_RECORD;
  compare: Comparison;
}

type Method = 'POST' | 'PUT' | 'PATCH';

/** A field's type as the spec's tables write it. */
export type FieldType = 'string' | 'integer' | 'boolean' | 'array of integer' | 'not typed';
/** Makes a display name unique to the check (the check context's `t.name`). */
type Namer = (label: string) => string;

/**
 * What the generic family (suites/_families/generic/) needs to know of a resource, as data: where a
 * behaviour differs per resource, the difference is a field here, not a branch in a check.
 */
export interface ResourceDef {
  /** Route segment, list key and check-ID group. */
  plural: 'events' | 'venues' | 'organizers' | 'categories' | 'tags';
  /** Word for check titles and messages. */
  noun: string;
  /** Record kind of lib/spec/schemas.ts. */
  record: 'event' | 'venue' | 'organizer' | 'category' | 'tag';
  /** The field that names a record (required on create). */
  nameField: 'title' | 'venue' | 'organizer' | 'name';
  /**
   * Fields every create and every update carries besides the name: an event's dates, `days` days
   * ahead (4.6.8 resets unsent dates to 1970 on update, so updates send them too).
   */
  required: (days: number) => Record<string, string>;
  /**
   * What the update-applies checks set on the record first (`before`) and then send by each
   * method (`sent`, every one asserted on the read-back: docs/requirements.md#update).
   */
  updateSample: (name: Namer, scope: string, method: Method) => { before: Record<string, unknown>; sent: SentField[] };
  /** Every request field of the resource's table in the spec, with its type there (selftest/field-matrix.test.ts checks both). */
  fields: Readonly<Record<string, FieldType>>;
  /**
   * What the keeps-unsent check (should) sets on create, every field of the table the interface
   * can set without a fixture (`extended`: the variant, for fields it alone has), and the updates
   * it then sends, one field per method; every other field must read back unchanged.
   */
  keepSample: (
    name: Namer,
    scope: string,
    extended: boolean,
  ) => { create: Record<string, unknown>; updates: ReadonlyArray<readonly [Method, Record<string, unknown>]> };
  /** What a delete does (docs/requirements.md#delete). */
  deletion: {
    /**
     * `trash`: a post goes to the trash (the answer is the record in status trash; a second delete
     * 410); `permanent`: a term is gone for good (a second delete 404).
     */
    kind: 'trash' | 'permanent';
    /** Who is no longer served the record: a visitor (an editor may still read a trashed post), or everyone. */
    goneFor: 'anonymous' | 'everyone';
    /** That read must be a 4xx (not only "no record and no server error"). */
    read4xx: boolean;
  };
  /** The status of a page past the end (should; the original: 404 for posts, 200 with [] for terms). */
  pastEndStatus: 404 | 200;
  /**
   * The text fields whose inline markup (`<b>`, `<em>`) the original keeps (should,
   * docs/requirements.md#markup-kept; measured on 6.8.0 and 4.6.8, 2026-11-28, by POST, PUT and
   * PATCH): post titles and contents, venue and organizer names and descriptions, term
   * descriptions. It strips the tags of venue and organizer meta fields (address, city, phone ...)
   * and of term names.
   */
  markupKept: readonly string[];
  /** Query parameters that make a list show every record a check made (terms: `hide_empty=0`). */
  listScope: Record<string, string | number>;
  /** The update-applies checks also name the coverage rows `cover:<plural>.<field>.<method>` (issue 12). */
  updateCoverRows: boolean;
  /** What the form-encoded create sends and asserts (docs/requirements.md#request-bodies). */
  formSample: (name: Namer, scope: string) => SentField[];
  /** Body of an update sent to a record that does not exist (label: a name made unique by the check). */
  ghostUpdate: (name: (label: string) => string, scope: string) => Record<string, string>;
  /** Missing record (docs/requirements.md#missing-record, #update-missing-record). */
  missing: {
    /** Methods the must-4xx update check sends. */
    update4xx: readonly ('POST' | 'PUT' | 'PATCH')[];
    /** Method the should-404 update check sends. */
    update404: 'POST' | 'PUT' | 'PATCH';
    /** The should-404 checks of read and update also require the error shape of the body. */
    errorBody404: boolean;
    /** The must-4xx update check also lists the scope (hide_empty 0) and requires it empty. */
    updateCreatesNothing: boolean;
    /** Which missing-record delete checks the resource declares. */
    deleteChecks: 'must-4xx and should-404' | 'must-4xx' | 'none';
  };
}

/** A slug a server keeps as sent: lower-case letters, digits and hyphens. */
function slugOf(text: string): string {
  return text.toLowerCase().replace(/[^a-z0-9-]+/g, '-');
}

/** A plain value for a venue's or organizer's meta field (the email field needs an address). */
function metaSample(field: string, scope: string): string {
  return field === 'email' ? `${scope}@example.org` : `${scope} ${field} Ærøskøbing Straße Ñandú 東京`;
}

export const RESOURCES: readonly ResourceDef[] = [
  {
    plural: 'events',
    noun: 'event',
    record: 'event',
    nameField: 'title',
    required: (days) => ({ start_date: at(days, 10), end_date: at(days, 12) }),
    markupKept: ['title', 'description', 'excerpt'],
    fields: {
      author: 'integer',
      date: 'string',
      date_utc: 'string',
      title: 'string',
      description: 'string',
      slug: 'string',
      excerpt: 'string',
      status: 'string',
      timezone: 'string',
      all_day: 'boolean',
      start_date: 'string',
      end_date: 'string',
      image: 'string',
      cost: 'not typed',
      website: 'not typed',
      show_map: 'boolean',
      show_map_link: 'boolean',
      hide_from_listings: 'boolean',
      sticky: 'boolean',
      featured: 'boolean',
      venue: 'array of integer',
      organizer: 'array of integer',
      categories: 'array of integer',
      tags: 'array of integer',
    },
    // No dates in the updates: whether they are kept is part of the behaviour (4.6.8 resets them).
    keepSample: (name, scope, extended) => ({
      create: {
        title: name('kept'),
        description: `kept description ${scope}`,
        excerpt: `kept excerpt ${scope}`,
        slug: slugOf(`${scope}-kept`),
        status: 'draft',
        date: '2021-03-04 05:06:07',
        timezone: 'Asia/Tokyo',
        all_day: true,
        start_date: at(37, 10),
        end_date: at(38, 12),
        cost: '30',
        website: `https://example.org/kept/${scope}`,
        show_map: true,
        show_map_link: true,
        hide_from_listings: true,
        sticky: true,
        featured: true,
        venue: new NewLink('venues', false),
        organizer: new NewLink('organizers', true),
        ...(extended ? { categories: new NewLink('categories', true), tags: new NewLink('tags', true) } : {}),
      },
      updates: [
        ['POST', { excerpt: `new excerpt ${scope}` }],
        ['PUT', { title: name('kept, retitled') }],
        ['PATCH', { description: `new description ${scope}` }],
      ],
    }),
    updateSample: (name, scope, method) => ({
      before: { description: 'old text', excerpt: 'old excerpt', featured: false, cost: '5' },
      sent: [
        { field: 'title', value: name(`after ${method}`), compare: 'text' },
        { field: 'description', value: `new text ${scope}`, compare: 'text' },
        { field: 'excerpt', value: `new excerpt ${method} ${scope}`, compare: 'text' },
        { field: 'slug', value: slugOf(`${scope}-after-${method}`), compare: 'exact' },
        { field: 'start_date', value: at(34, 14), compare: 'date-time' },
        { field: 'end_date', value: at(34, 16), compare: 'date-time' },
        { field: 'featured', value: true, compare: 'boolean' },
        { field: 'cost', value: '25', compare: 'cost' },
      ],
    }),
    deletion: { kind: 'trash', goneFor: 'anonymous', read4xx: false },
    pastEndStatus: 404,
    listScope: {},
    updateCoverRows: true,
    formSample: (name) => [
      { field: 'title', value: name('form'), compare: 'text' },
      { field: 'start_date', value: at(41, 10), compare: 'date-time' },
      { field: 'end_date', value: at(41, 12), compare: 'date-time' },
    ],
    ghostUpdate: (name) => ({ title: name('ghost') }),
    missing: {
      update4xx: ['POST', 'PUT', 'PATCH'],
      update404: 'PATCH',
      errorBody404: false,
      updateCreatesNothing: false,
      deleteChecks: 'must-4xx and should-404',
    },
  },
  ...[VENUES, ORGANIZERS].map(
    (d): ResourceDef => ({
      plural: d.plural,
      noun: d.kind,
      record: d.kind,
      nameField: d.nameField,
      required: () => ({}),
      markupKept: [d.nameField, 'description'],
      // Every field of both tables is a string (a venue's map flags too) but the author.
      fields: Object.fromEntries(
        [
          d.nameField,
          'author',
          'date',
          'date_utc',
          'description',
          'status',
          ...(d.kind === 'venue' ? ['show_map', 'show_map_link'] : []),
          ...d.textFields,
          'website',
          'image',
        ].map((f): [string, FieldType] => [f, f === 'author' ? 'integer' : 'string']),
      ),
      keepSample: (name, scope) => ({
        create: {
          [d.nameField]: name(`kept ${d.kind}`),
          description: `${scope} kept description`,
          status: 'draft',
          date: '2021-03-04 05:06:07',
          // Strings: the spec types a venue's map flags as strings and the original refuses booleans.
          ...(d.kind === 'venue' ? { show_map: 'false', show_map_link: 'true' } : {}),
          ...Object.fromEntries(d.textFields.map((f) => [f, metaSample(f, scope)])),
          website: `https://example.org/kept/${scope}`,
        },
        updates: [
          ['POST', { description: `${scope} new description` }],
          ['PUT', { [d.nameField]: name(`kept ${d.kind}, renamed`) }],
          ['PATCH', { [d.searchField]: d.searchField === 'email' ? `new.${scope}@example.org` : `${scope} Nîmes` }],
        ],
      }),
      updateSample: (name, scope) => ({
        before: { description: 'before', [d.searchField]: metaSample(d.searchField, scope) },
        sent: [
          { field: d.nameField, value: name(`renamed ${d.kind} Ōtaki`), compare: 'text' },
          { field: 'description', value: `${scope} nouvelle déscription`, compare: 'text' },
          {
            field: d.searchField,
            value: d.searchField === 'email' ? `${scope}.new@example.org` : `${scope} Łódź`,
            compare: 'text',
          },
        ],
      }),
      deletion: { kind: 'trash', goneFor: 'anonymous', read4xx: true },
      pastEndStatus: 404,
      listScope: {},
      updateCoverRows: false,
      formSample: (name, scope) => [
        { field: d.nameField, value: name(`form ${d.kind} Ünïcödé`), compare: 'text' },
        { field: 'description', value: `${scope} form body`, compare: 'text' },
      ],
      ghostUpdate: (_name, scope) => ({ description: `${scope} nowhere` }),
      missing: {
        update4xx: ['POST'],
        update404: 'POST',
        errorBody404: true,
        updateCreatesNothing: false,
        deleteChecks: 'must-4xx',
      },
    }),
  ),
  ...[CATEGORIES, TAGS].map(
    (tx): ResourceDef => ({
      plural: tx.kind,
      noun: tx.noun,
      record: tx.record,
      nameField: 'name',
      required: () => ({}),
      markupKept: ['description'],
      fields: {
        name: 'string',
        description: 'string',
        slug: 'string',
        ...(tx.hierarchical ? { parent: 'integer' as const } : {}),
      },
      keepSample: (name, scope) => ({
        create: {
          name: name(`kept ${tx.noun}`),
          description: name('kept description'),
          slug: slugOf(`${scope}-kept`),
          ...(tx.hierarchical ? { parent: NEW_RECORD } : {}),
        },
        updates: [
          ['POST', { name: name(`kept ${tx.noun}, renamed`) }],
          ['PUT', { description: name('new description') }],
          ['PATCH', { slug: slugOf(`${scope}-kept-new`) }],
        ],
      }),
      updateSample: (name, scope, method) => {
        const lower = method.toLowerCase();
        return {
          before: { description: name('old description') },
          sent: [
            { field: 'name', value: name(`after ${lower} ü`), compare: 'text' },
            { field: 'description', value: name(`new description ${lower} – ñ`), compare: 'text' },
            {
              field: 'slug',
              value: slugOf(`${scope}-after-${lower}`),
              compare: 'exact',
            },
            // Categories move under a parent made for the check (the original refuses parent 0).
            ...(tx.hierarchical ? [{ field: 'parent', value: NEW_RECORD, compare: 'id' } as const] : []),
          ],
        };
      },
      // LEVELS.md delete: must = gone from the default list and from anonymous reads; that an
      // editor's read is gone too (gone for good) is should: <plural>.delete.gone-for-good.
      deletion: { kind: 'permanent', goneFor: 'anonymous', read4xx: true },
      pastEndStatus: 200,
      listScope: { hide_empty: 0 },
      updateCoverRows: true,
      formSample: (name) => [
        { field: 'name', value: name('form'), compare: 'text' },
        { field: 'description', value: name('form description'), compare: 'text' },
      ],
      ghostUpdate: (name) => ({ name: name('ghost') }),
      missing: {
        update4xx: ['POST'],
        update404: 'PUT',
        errorBody404: false,
        updateCreatesNothing: true,
        deleteChecks: 'none',
      },
    }),
  ),
];

/** The generic definition of one resource. */
export function resource(plural: ResourceDef['plural']): ResourceDef {
  const r = RESOURCES.find((x) => x.plural === plural);
  if (!r) throw new Error(`no resource ${plural}`);
  return r;
}

/** A noun with its indefinite article, for titles and messages ("an event", "a venue"). Pure. */
export function an(noun: string): string {
  return `${/^[aeiou]/i.test(noun) ? 'an' : 'a'} ${noun}`;
}
