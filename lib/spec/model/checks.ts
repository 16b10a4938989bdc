/**
 * The model checks as data: one per route-method group (`<resource>.<operation>.model`), judging
 * every answer of the run's own records on that route against the model of the original
 * (lib/certify/model.ts). They are declared here rather than in suites/: they send nothing
 * themselves, the answers they judge come from the checks that ran. A run that selects one
 * (`--grep`, an ID list) also runs its feeders, checks whose requests reach its routes.
 */
import type { ResourceKey } from '../contract.ts';
import { modelCheckId, type Operation, RESOURCE_KEYS } from './route.ts';

export interface ModelCheckDef {
  id: string;
  title: string;
  level: 'should';
  requirements: string[];
  tags: string[];
  spec: string;
  resource: ResourceKey;
  operation: Operation;
  /** Checks whose requests reach the route-method: run with the model check when it is selected alone. */
  feeders: string[];
}

const ROUTE = (method: string, resource: ResourceKey, tail = '') => `route:${method} /cal/events/v1/${resource}${tail}`;

const OPERATIONS: ReadonlyArray<{ op: Operation; what: string; routes: (r: ResourceKey) => string[] }> = [
  { op: 'list', what: 'lists of its own records', routes: (r) => [ROUTE('GET', r)] },
  { op: 'create', what: 'creates', routes: (r) => [ROUTE('POST', r)] },
  { op: 'read', what: 'reads by ID', routes: (r) => [ROUTE('GET', r, '/{id}')] },
  {
    op: 'update',
    what: 'updates by POST, PUT and PATCH',
    routes: (r) => ['POST', 'PUT', 'PATCH'].map((m) => ROUTE(m, r, '/{id}')),
  },
  { op: 'delete', what: 'deletes', routes: (r) => [ROUTE('DELETE', r, '/{id}')] },
  {
    op: 'by-slug',
    what: 'reads, updates and deletes by slug',
    routes: (r) => ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'].map((m) => ROUTE(m, r, '/by-slug/{slug}')),
  },
];

/** Checks whose requests feed each model check, measured in a full run (each sends several compared answers). */
function feedersOf(r: ResourceKey, op: Operation): string[] {
  switch (op) {
    case 'list':
      return r === 'events'
        ? ['events.list.timestamp-dates', 'events.pages.links-exact']
        : r === 'venues' || r === 'organizers'
          ? [`${r}.list.status`, `${r}.list.has-events`]
          : [`${r}.list.search`, `${r}.list.order-by-name`];
    case 'create':
      return [`${r}.create.answers-201`];
    case 'read':
      return [`${r}.read.by-id`];
    case 'update':
      return [`${r}.update.post-applies`, `${r}.update.put-applies`, `${r}.update.patch-applies`];
    case 'delete':
      return [`${r}.delete.gone`];
    case 'by-slug':
      return r === 'events'
        ? ['events.by-slug.read', 'events.by-slug.update', 'events.by-slug.delete']
        : [`${r}.by-slug.read`, `${r}.by-slug.post-applies`, `${r}.by-slug.delete`];
  }
}

/** Where the model checks are declared (`path:line` of MODEL_CHECKS; selftest/registry.test.ts holds it true). */
export const MODEL_CHECKS_SOURCE = 'lib/spec/model/checks.ts:70';

export const MODEL_CHECKS: readonly ModelCheckDef[] = RESOURCE_KEYS.flatMap((resource) =>
  OPERATIONS.filter((o) => o.op !== 'by-slug' || (resource !== 'categories' && resource !== 'tags')).map((o) => ({
    id: modelCheckId(resource, o.op),
    title: `answers the run's ${resource} ${o.what} as the original does (every field, status, code and header against the model)`,
    level: 'should' as const,
    requirements: o.routes(resource),
    tags: ['writes', ...(o.op === 'by-slug' && resource !== 'events' ? ['extended'] : [])],
    spec: 'docs/requirements.md#model',
    resource,
    operation: o.op,
    feeders: feedersOf(resource, o.op),
  })),
);

const IDS = new Set(MODEL_CHECKS.map((c) => c.id));

export function isModelCheck(id: string): boolean {
  return IDS.has(id);
}
