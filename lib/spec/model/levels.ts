/**
 * The level of a difference from the model (LEVELS.md "Differences from the model"): `should` by
 * default; `must` only where a row of LEVELS.md makes that status, code or field a must and the
 * difference breaks the row (the rows below, each naming its row); `info` for a field the model
 * does not know (a vendor's extra field: reported, never failed). A field whose value differs
 * between versions of the original is never a must (VERSION_DIFFERING). Pure, table-tested
 * (selftest/unit/model-levels.test.ts).
 */
import { isObject } from '../contract.ts';
import type { FieldDifference } from './compare.ts';
import { NAME_FIELD, type Operation, type RouteOf } from './route.ts';

export type DifferenceLevel = 'must' | 'should' | 'info';

/** What the level of a difference depends on besides the difference. */
export interface LevelContext {
  method: string;
  route: RouteOf;
  operation: Operation;
  /** The request body as sent (JSON or form), to tell a create that misses its name field. */
  body?: string;
  contentType?: string;
  targetStatus: number;
  modelStatus: number;
  /**
   * The target answered a DELETE of this same item route with 2xx earlier in the check: its refusal
   * now is its own record's state (LEVELS.md: a second delete is 410), where the model, which
   * made two records of the target's one (the original answers a venue or organizer created twice
   * with the same details with the first record), still holds one to delete.
   */
  deletedBefore?: true;
  /** The check that sent the request. */
  check?: string;
}

/**
 * Checks whose creates are no "valid create" of LEVELS.md: they send input the original refuses
 * where the model (the reference with its quirks) may not, so a refusal there is a should
 * difference; what the check itself demands (no 5xx) stays its own must.
 */
export const NOT_VALID_CREATES: ReadonlyArray<{ check: RegExp; why: string; measured: string }> = [
  {
    check: /^errors\.fuzz\./,
    why: 'fuzzed text fields (lib/spec/arbitraries/fuzz-strings.ts): a refusal is an answer the check allows',
    measured:
      '2026-11-28: 4.6.8 refuses (400 rest_invalid_param) a website that is no URL on events, venues and organizers, and an empty description (events, categories), phone or province; 6.8.0 a venue or organizer website that is no URL',
  },
];

/**
 * Fields whose value differs between versions of the original (measured on 6.8.0 and 4.6.8 at
 * least): a difference there is never a must, whatever the model answers.
 */
export const VERSION_DIFFERING: ReadonlyArray<{ field: string; measured: string }> = [];

const ok = (s: number) => s >= 200 && s < 300;
const refused = (s: number) => s >= 400 && s < 500;

/** IDs at least this large name no record (lib/spec/contract.ts MISSING_ID). */
const MISSING_FROM = 900_000_000;

interface MustRow {
  /** The row of LEVELS.md the difference breaks. */
  row: string;
  applies: (d: FieldDifference, c: LevelContext) => boolean;
}

function sentName(c: LevelContext, field: string): boolean {
  if (c.body === undefined) return false;
  if (/json/i.test(c.contentType ?? '')) {
    try {
      const parsed: unknown = JSON.parse(c.body);
      return isObject(parsed) && field in parsed;
    } catch {
      return false;
    }
  }
  return c.body.split('&').some((p) => decodeURIComponent(p.split('=')[0] ?? '') === field);
}

const isStatus = (d: FieldDifference) => d.kind === 'status';
const by = (c: LevelContext, ...methods: string[]) => methods.includes(c.method.toUpperCase());

/** The must rows, in LEVELS.md order. */
export const MUST_ROWS: readonly MustRow[] = [
  {
    row: 'valid create: 2xx, record with `id`',
    applies: (d, c) =>
      isStatus(d) &&
      c.operation === 'create' &&
      ok(c.modelStatus) &&
      !ok(c.targetStatus) &&
      !NOT_VALID_CREATES.some((n) => c.check !== undefined && n.check.test(c.check)),
  },
  {
    row: 'missing required field on create: 4xx and nothing created',
    applies: (d, c) =>
      isStatus(d) &&
      c.operation === 'create' &&
      refused(c.modelStatus) &&
      ok(c.targetStatus) &&
      !sentName(c, NAME_FIELD[c.route.resource]),
  },
  {
    row: 'valid create / read by ID: a record answer holds an integer `id` (the minimal response contract)',
    applies: (d, c) =>
      d.at === 'id' &&
      (d.kind === 'missing' || d.kind === 'type') &&
      ok(c.modelStatus) &&
      ok(c.targetStatus) &&
      c.operation !== 'list',
  },
  {
    row: "a list answers a JSON object with the records in an array under the resource's plural name",
    applies: (d, c) =>
      c.operation === 'list' &&
      d.at === c.route.resource &&
      (d.kind === 'missing' || d.kind === 'type') &&
      ok(c.targetStatus),
  },
  {
    row: 'read by ID: returns the record; by-slug read: same record as by ID',
    applies: (d, c) =>
      isStatus(d) &&
      (c.operation === 'read' || (c.operation === 'by-slug' && by(c, 'GET'))) &&
      ok(c.modelStatus) &&
      !ok(c.targetStatus),
  },
  {
    row: 'update by POST, PUT, PATCH: each applies the sent fields, 2xx',
    applies: (d, c) =>
      isStatus(d) &&
      (c.operation === 'update' || (c.operation === 'by-slug' && by(c, 'POST', 'PUT', 'PATCH'))) &&
      ok(c.modelStatus) &&
      !ok(c.targetStatus),
  },
  {
    row: 'delete: 2xx',
    applies: (d, c) =>
      isStatus(d) &&
      (c.operation === 'delete' || (c.operation === 'by-slug' && by(c, 'DELETE'))) &&
      ok(c.modelStatus) &&
      !ok(c.targetStatus) &&
      !c.deletedBefore,
  },
  {
    row: 'missing record (item), update of a missing record: 4xx; non-digit `{id}`: no 2xx record',
    applies: (d, c) =>
      isStatus(d) &&
      c.route.kind === 'item' &&
      (c.route.raw !== undefined || (c.route.id ?? 0) >= MISSING_FROM) &&
      refused(c.modelStatus) &&
      ok(c.targetStatus),
  },
];

/** The level of one difference, and the LEVELS.md row that makes it a must. */
export function levelOf(d: FieldDifference, c: LevelContext): { level: DifferenceLevel; row?: string } {
  if (d.kind === 'extra') return { level: 'info' };
  if (VERSION_DIFFERING.some((v) => v.field === d.field)) return { level: 'should' };
  const must = MUST_ROWS.find((r) => r.applies(d, c));
  return must ? { level: 'must', row: must.row } : { level: 'should' };
}
