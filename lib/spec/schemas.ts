/**
 * Validation of response bodies with ajv against the schemas of lib/spec/shapes.ts (`contract`
 * or `shape` strictness), with messages that explain themselves; also the schema of our own
 * report, `results.json` (fixtures/schemas/results.schema.json).
 */
import { readFileSync } from 'node:fs';
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import { cachedValidator, schemaCacheDir } from './schema-cache.ts';
import {
  ERROR_SHAPE,
  LIST_OF,
  listSchema,
  RECORD_CONTRACTS,
  RECORD_SHAPES,
  type ListKind,
  type RecordKind,
  type Strictness,
} from './shapes.ts';

interface SchemaResult {
  ok: boolean;
  /** One entry per problem: '<instancePath> <message>', the path '/' for the body itself. */
  errors: string[];
  /** The errors on one line, joined with '; ' (the first few, then how many more). */
  message: string;
}

const REPORT_SCHEMA_URL = new URL('../../fixtures/schemas/results.schema.json', import.meta.url);

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
/**
 * ajv's code optimisation pass would double the compile time (some 0.2 s of CPU per process) for
 * no measurable gain in validation speed; `source` lets the compiled code be kept (schema-cache.ts).
 */
const AJV_OPTIONS = { allErrors: true, strict: false, code: { optimize: false, source: true } };
let cacheDir: string | null | undefined;

function validator(name: string): ValidateFunction {
  let fn = compiled.get(name);
  if (!fn) {
    const schema = SCHEMAS[name];
    if (!schema) throw new Error(`no schema named ${name}`);
    // Each process compiles the schemas it meets once, and keeps the code for the next process.
    cacheDir ??= schemaCacheDir();
    fn = cachedValidator(() => (ajv ??= new Ajv(AJV_OPTIONS)), AJV_OPTIONS, schema, cacheDir);
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
