/**
 * The model's view of a request: which route-method of the interface it is (resource, operation),
 * the model check that judges its answers (`<resource>.<operation>.model`), and the request as the
 * shadow model records and replays it. Pure.
 */
import type { ResourceKey } from '../contract.ts';

/** What a route-method does; the middle word of its model check's ID. */
export type Operation = 'list' | 'create' | 'read' | 'update' | 'delete' | 'by-slug';

/** A request of the run, as recorded for the model (lib/run/shadow.ts) and replayed. */
export interface ModelRequest {
  method: string;
  /** Below the namespace root: `/events/12`, `/venues/by-slug/x`, `` for the root. */
  route: string;
  /** The raw query string (no leading `?`), as sent. */
  query: string;
  /** The whole request body, as sent. */
  body?: string;
  /** Its content type (`application/json`, `application/x-www-form-urlencoded`, ...). */
  contentType?: string;
  /** Sent with the run's credentials. */
  auth: boolean;
}

/** An answer as the model compares it. */
export interface ModelAnswer {
  status: number;
  /** The defined headers (lower-case names): content-type, x-wp-total, x-wp-totalpages. */
  headers: Record<string, string>;
  /** The parsed JSON body; undefined when the body is not JSON. */
  body: unknown;
}

/** The headers the interface defines, compared in every answer. */
export const DEFINED_HEADERS = ['content-type', 'x-wp-total', 'x-wp-totalpages'] as const;

export const RESOURCE_KEYS: readonly ResourceKey[] = ['events', 'venues', 'organizers', 'categories', 'tags'];

/** A route below the namespace root, parsed. */
export interface RouteOf {
  resource: ResourceKey;
  /** `collection` (/events), `item` (/events/12 or /events/abc), `by-slug` (/events/by-slug/x). */
  kind: 'collection' | 'item' | 'by-slug';
  /** The numeric ID of an item route. */
  id?: number;
  /** The item segment when it is not a number (`abc`). */
  raw?: string;
  slug?: string;
}

/** The resource route a path names, or null (the root, `/doc`, an unknown route). */
export function parseRoute(route: string): RouteOf | null {
  const parts = route.split('/').filter((p) => p !== '');
  const resource = parts[0] as ResourceKey;
  if (!RESOURCE_KEYS.includes(resource)) return null;
  if (parts.length === 1) return { resource, kind: 'collection' };
  if (parts[1] === 'by-slug') {
    if (parts.length !== 3 || resource === 'categories' || resource === 'tags') return null;
    let slug = parts[2] as string;
    try {
      slug = decodeURIComponent(slug);
    } catch {
      // kept as sent
    }
    return { resource, kind: 'by-slug', slug };
  }
  if (parts.length !== 2) return null;
  const seg = parts[1] as string;
  return /^\d+$/.test(seg) ? { resource, kind: 'item', id: Number(seg) } : { resource, kind: 'item', raw: seg };
}

/** The operation of a method on a parsed route, or null (a method the route does not have). */
export function operationOf(method: string, r: RouteOf): Operation | null {
  const m = method.toUpperCase();
  if (r.kind === 'by-slug') return ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'].includes(m) ? 'by-slug' : null;
  if (r.kind === 'collection') return m === 'GET' ? 'list' : m === 'POST' ? 'create' : null;
  if (m === 'GET') return 'read';
  if (m === 'DELETE') return 'delete';
  return ['POST', 'PUT', 'PATCH'].includes(m) ? 'update' : null;
}

/** The ID of the model check judging this operation's answers. */
export function modelCheckId(resource: ResourceKey, op: Operation): string {
  return `${resource}.${op}.model`;
}

/** Posts (events, venues, organizers) and terms (categories, tags) number their records apart. */
export type IdKind = 'post' | 'term';

export function idKindOf(resource: ResourceKey): IdKind {
  return resource === 'categories' || resource === 'tags' ? 'term' : 'post';
}

/** The field of a record that names it: a create without it is a "missing required field" create. */
export const NAME_FIELD: Record<ResourceKey, string> = {
  events: 'title',
  venues: 'venue',
  organizers: 'organizer',
  categories: 'name',
  tags: 'name',
};
