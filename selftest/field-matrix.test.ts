/**
 * The field x operation matrix (issue 22, point 1), derived from the spec's field tables: every
 * field of every resource needs a coverage row (`cover:<plural>.<field>.<op>` of
 * fixtures/spec/requirements.json) for create, update by POST, PUT and PATCH, clear (an empty
 * value), invalid (a refused value changes nothing) and keep (an update that does not send it
 * keeps it), unless a rule below says why the operation has no meaning for it. Rows are named by
 * checks (selftest/coverage-matrix.test.ts fails on a row no check names). The tables are read
 * from the copy of the spec in fixtures/spec/ (checked against ../shared/spec when present).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { RESOURCES } from '../lib/spec/resources.ts';
import { PROJECT_ROOT } from '../lib/run/paths.ts';

const SPEC_NAME = 'event-calendar-rest-interface.md';
const COPY = join(PROJECT_ROOT, 'fixtures/spec', SPEC_NAME);
const SHARED = join(PROJECT_ROOT, '../shared/spec', SPEC_NAME);
const spec = readFileSync(COPY, 'utf8');

interface SpecField {
  plural: string;
  field: string;
  type: string;
  required: boolean;
}

const SECTIONS: Record<string, string> = {
  Event: 'events',
  Venue: 'venues',
  Organizer: 'organizers',
  'Event category': 'categories',
  'Event tag': 'tags',
};

/** The rows of the field table under each `### <section>` of "Resources and their fields". */
function specFields(text: string): SpecField[] {
  const out: SpecField[] = [];
  for (const [section, plural] of Object.entries(SECTIONS)) {
    const start = text.indexOf(`\n### ${section}\n`);
    expect(start, `section "### ${section}" of the spec`).toBeGreaterThan(0);
    const body = text.slice(start + section.length + 6).split('\n### ')[0];
    for (const line of body.split('\n')) {
      const cells = line.split('|').map((c) => c.trim());
      if (cells.length < 5 || cells[1] === 'Field' || /^-+$/.test(cells[1])) continue;
      out.push({ plural, field: cells[1], type: cells[2], required: cells[3] === 'required' });
    }
  }
  return out;
}

const FIELDS = specFields(spec);
const requirements = (
  JSON.parse(readFileSync(join(PROJECT_ROOT, 'fixtures/spec/requirements.json'), 'utf8')) as {
    requirements: Array<{ id: string; kind: string }>;
  }
).requirements;
const rows = new Set(requirements.filter((r) => r.kind === 'cover').map((r) => r.id));

const OPS = ['create', 'post', 'put', 'patch', 'clear', 'invalid', 'keep'] as const;
type Op = (typeof OPS)[number];

/** Fields whose value is never empty: a date, an author, a status. */
const ALWAYS_VALUED = ['author', 'date', 'date_utc', 'status', 'start_date', 'end_date'];

/**
 * Why `op` has no row for `f`, or undefined when it needs one. Each reason is a fact of the spec
 * or of the original, not a gap in the suite.
 */
function exemption(f: SpecField, op: Op): string | undefined {
  if (op === 'clear') {
    if (f.required) return 'a required name or date: its empty value is refused (the invalid row)';
    if (f.type === 'boolean' || (f.plural === 'venues' && f.field.startsWith('show_map')))
      return 'a flag: false is its empty value, which the update rows send';
    if (ALWAYS_VALUED.includes(f.field)) return 'always holds a value';
    if (f.field === 'timezone') return 'an empty zone selects the site zone (a value; the timezone rows)';
    if (f.field === 'slug') return 'an empty slug makes the server derive one from the name';
    if (f.field === 'parent') return 'parent 0 (top level) is refused by the original on update';
  }
  if (op === 'invalid' && f.type === 'not typed') return 'the spec does not type it: no value is invalid';
  return undefined;
}

test('the copy of the spec in fixtures/spec equals ../shared/spec', () => {
  if (!existsSync(SHARED)) return void expect(spec.length).toBeGreaterThan(1000);
  expect(spec).toBe(readFileSync(SHARED, 'utf8'));
});

test('the field tables of the spec are the field rows of requirements.json', () => {
  expect(FIELDS.length).toBeGreaterThan(50);
  const fromSpec = FIELDS.map((f) => `field:${f.plural}.${f.field}`).sort();
  // `password` is no table row: a sentence under the Event table adds it to event item routes.
  const fromJson = requirements
    .filter((r) => r.kind === 'field' && r.id !== 'field:events.password')
    .map((r) => r.id)
    .sort();
  expect(fromSpec).toEqual(fromJson);
});

test('every field of every resource has a row for create, update by POST, PUT and PATCH, clear, invalid and keep', () => {
  const missing: string[] = [];
  for (const f of FIELDS)
    for (const op of OPS) {
      const row = `cover:${f.plural}.${f.field}.${op}`;
      if (!exemption(f, op) && !rows.has(row)) missing.push(row);
    }
  expect(missing).toEqual([]);
});

test('no row exists for an operation the rules exempt (an exemption that stopped being true)', () => {
  const stale = FIELDS.flatMap((f) =>
    OPS.filter((op) => exemption(f, op) && rows.has(`cover:${f.plural}.${f.field}.${op}`)).map(
      (op) => `${f.plural}.${f.field}.${op}: ${exemption(f, op)}`,
    ),
  );
  expect(stale).toEqual([]);
});

test('each resource definition (lib/spec/resources.ts `fields`) lists exactly the fields of its spec table, typed as there', () => {
  for (const r of RESOURCES)
    expect(Object.entries(r.fields).sort(), r.plural).toEqual(
      FIELDS.filter((f) => f.plural === r.plural)
        .map((f) => [f.field, f.type])
        .sort(),
    );
});
