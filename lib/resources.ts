/**
 * The five resources of the interface as data: what the check families need to know to declare
 * one behaviour for several resources (route segment and list key, name field, meta fields, ...).
 * Pure definitions, no I/O; the families that use them live under suites/_families/.
 */

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
  /** Record kind of lib/schemas.ts. */
  record: 'category' | 'tag';
  /** Word for messages. */
  noun: string;
  /** Categories have `parent`; tags do not. */
  hierarchical: boolean;
}

export const CATEGORIES: Taxonomy = { kind: 'categories', record: 'category', noun: 'category', hierarchical: true };
export const TAGS: Taxonomy = { kind: 'tags', record: 'tag', noun: 'tag', hierarchical: false };
