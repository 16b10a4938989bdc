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

/**
 * What the generic family (suites/_families/generic/) needs to know of a resource, as data: where a
 * behaviour differs per resource, the difference is a field here, not a branch in a check.
 */
export interface ResourceDef {
  /** Route segment, list key and check-ID group. */
  plural: 'events' | 'venues' | 'organizers' | 'categories' | 'tags';
  /** Word for check titles and messages. */
  noun: string;
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

export const RESOURCES: readonly ResourceDef[] = [
  {
    plural: 'events',
    noun: 'event',
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
