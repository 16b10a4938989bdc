/**
 * The in-memory model of a model-based event sequence (suites/events/model.test.ts): the
 * check's own events, what each field should read, and which were deleted. One command per
 * file beside it (fast-check's model-based layout).
 *
 * `mode: 'must'` applies LEVELS.md: an update applies the fields it sends; fields it does not
 * send become unknown (the original resets many; 4.6.8 even sets the dates to 1970), except
 * `title` (kept by every original). `mode: 'should'` keeps unsent fields (HTTP PATCH semantics).
 */
import type { CheckContext } from '../../../lib/check/index.ts';

export const FIELDS = ['title', 'description', 'start_date', 'end_date'] as const;
export type Field = (typeof FIELDS)[number];

export interface ModelEvent {
  id: number;
  /** Expected values; a field absent from the map is unknown. */
  fields: Map<Field, string>;
  deleted: boolean;
}

export interface Model {
  mode: 'must' | 'should';
  /** Search token of this run: every title of the run contains it. */
  token: string;
  events: ModelEvent[];
}

export interface Real {
  t: CheckContext;
  /** Counter for unique texts within the run. */
  next(): number;
}

export const live = (m: Model) => m.events.filter((e) => !e.deleted);

/** Pick the `index`-th of `list` (modulo), or undefined when empty. */
export const pick = <T>(list: T[], index: number): T | undefined =>
  list.length ? list[index % list.length] : undefined;
