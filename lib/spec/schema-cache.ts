/**
 * Compiled schemas kept between processes: ajv's standalone code of each validator, in a cache
 * folder of this user's (schemaCacheDir). Compiling the response schemas costs each process that
 * validates some 0.2-0.4 CPU-seconds (every `calcert certify` pays it in its worker, and the CLI
 * self-tests run dozens); loading the kept code costs a few milliseconds. The kept code is the
 * code ajv compiles (same ajv version, options and schema: the file is named by their digest), so
 * a validator judges and words its errors exactly as a freshly compiled one. A file that is
 * missing, cut short or not a validator is compiled again and rewritten; no usable cache folder:
 * compiled each time.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Ajv, AnySchema, ValidateFunction } from 'ajv';

const require = createRequire(import.meta.url);

let ajvVersion: string | undefined;

/** The kept validator's file for `schema` under ajv `options` in `dir` (named by ajv's version too). */
export function cachedSchemaFile(dir: string, options: object, schema: AnySchema): string {
  ajvVersion ??= String((require('ajv/package.json') as { version?: unknown }).version);
  const digest = createHash('sha1')
    .update(ajvVersion)
    .update('\0')
    .update(JSON.stringify(options))
    .update('\0')
    .update(JSON.stringify(schema))
    .digest('hex')
    .slice(0, 20);
  return join(dir, `ajv-${digest}.cjs`);
}

/**
 * This user's folder of kept validators (CALCERT_CACHE_ROOT, else the temporary folder), or null
 * when it cannot be made or is not this user's own and closed to others: the code in it is run.
 */
export function schemaCacheDir(): string | null {
  const uid = process.getuid?.();
  const dir = join(process.env['CALCERT_CACHE_ROOT'] || tmpdir(), `calcert-schemas-${uid ?? 'user'}`);
  try {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    const st = statSync(dir);
    if (uid !== undefined && (st.uid !== uid || (st.mode & 0o022) !== 0)) return null;
    return dir;
  } catch {
    return null;
  }
}

/** The validator kept in `file`, or undefined when there is none or it does not load. */
function load(file: string): ValidateFunction | undefined {
  let code: string;
  try {
    code = readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
  try {
    const module = { exports: {} as unknown };
    new Function('require', 'module', 'exports', code)(require, module, module.exports);
    return typeof module.exports === 'function' ? (module.exports as ValidateFunction) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The validator of `schema`: loaded from `dir` when kept there, else compiled by the ajv that
 * `ajv()` gives (made with `options`, which must include `code.source: true`; made only when a
 * schema is compiled) and kept for the next process.
 */
export function cachedValidator(
  ajv: () => Ajv,
  options: object,
  schema: AnySchema,
  dir: string | null,
): ValidateFunction {
  if (!dir) return ajv().compile(schema);
  const file = cachedSchemaFile(dir, options, schema);
  const kept = load(file);
  if (kept) return kept;
  const fn = ajv().compile(schema);
  try {
    const standaloneCode = require('ajv/dist/standalone').default as (a: Ajv, f: ValidateFunction) => string;
    // Written whole under another name, then renamed: a process never reads a file half written.
    const tmp = `${file}.${process.pid}-${Math.random().toString(36).slice(2)}.tmp`;
    writeFileSync(tmp, standaloneCode(ajv(), fn));
    try {
      renameSync(tmp, file);
    } catch {
      rmSync(tmp, { force: true });
    }
  } catch {
    // An unwritable cache folder: the next process compiles again.
  }
  return fn;
}
