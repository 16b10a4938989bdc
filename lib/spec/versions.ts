/**
 * Exact answers per version (issue 40): where docs/requirements.md#levels allows several answers
 * across versions of the original (a missing record: 400 rest_invalid_param naming the parameter,
 * or 404), the must stays that wide and a should pins the answer of the target's own version: the
 * version its namespace root names (`version`, lib/run/preflight.ts) when this table knows it, else
 * the measured original of its variant (base 4.6.8, extended 6.8.0). A vendor then reads "answers
 * 404 rest-venue-not-found; 6.8.0, the original of this variant, answers 400 rest_invalid_param
 * naming id". Pure.
 */
import type { ApiResponse, Variant } from '../types.ts';

/** A resource's record kind, as the error codes name it. */
export type RecordKind = 'event' | 'venue' | 'organizer' | 'category' | 'tag';

/** One exact answer: the status, the error code and (400) the parameter `data.params` must name. */
export interface ExactAnswer {
  status: number;
  code: string;
  param?: string;
}

/** The version whose answers a run pins, and where it comes from. */
export interface PinnedVersion {
  version: string;
  /** `root`: the namespace root names it; `variant`: the variant's measured original. */
  source: 'root' | 'variant';
}

/** The measured original of each variant (docs/requirements.md#levels, Variants). */
export const MEASURED: Record<Variant, string> = { base: '4.6.8', extended: '6.8.0' };

/** The reference server's own name in its namespace root (its defaults are CONTRACT.md's: 404 for a missing record). */
export const REFERENCE_VERSION = 'calcert-reference';

/**
 * A missing record (read, update or delete by ID, ID 0, a read by an unknown slug), per version.
 * 6.8.0 and 4.6.8 measured 2026-11-28 on every resource and method (400 rest_invalid_param, the
 * parameter in data.params); the reference answers 404 rest-<kind>-not-found.
 */
const MISSING: Record<string, (kind: RecordKind, param: 'id' | 'slug') => ExactAnswer> = {
  '6.8.0': (_kind, param) => ({ status: 400, code: 'rest_invalid_param', param }),
  '4.6.8': (_kind, param) => ({ status: 400, code: 'rest_invalid_param', param }),
  [REFERENCE_VERSION]: (kind) => ({ status: 404, code: `rest-${kind}-not-found` }),
};

/** The version a run pins: the root's when this table knows it, else the variant's measured original. */
export function pinnedVersion(variant: Variant, rootVersion: string | undefined | null): PinnedVersion {
  if (rootVersion && rootVersion in MISSING) return { version: rootVersion, source: 'root' };
  return { version: MEASURED[variant], source: 'variant' };
}

/** The answer `version` gives a missing record of `kind` looked up by `param`. */
export function missingAnswer(version: string, kind: RecordKind, param: 'id' | 'slug'): ExactAnswer {
  return (MISSING[version] ?? MISSING['6.8.0'])(kind, param);
}

/** `400 rest_invalid_param naming id`, `404 rest-event-not-found`. */
export function showAnswer(a: ExactAnswer): string {
  return `${a.status} ${a.code}${a.param ? ` naming ${a.param}` : ''}`;
}

function field(obj: unknown, key: string): unknown {
  return typeof obj === 'object' && obj !== null ? (obj as Record<string, unknown>)[key] : undefined;
}

/**
 * Why `res` is not exactly `want` (the answer of `pinned`), or '': the status, the JSON error's
 * `code` and, when `want` names a parameter, `data.params` holding it.
 */
export function exactWrong(res: ApiResponse, want: ExactAnswer, pinned: PinnedVersion): string {
  const code = field(res.json, 'code');
  const params = field(field(res.json, 'data'), 'params');
  const named = want.param === undefined || (typeof params === 'object' && params !== null && want.param in params);
  if (res.status === want.status && code === want.code && named) return '';
  const got = `${res.status}${typeof code === 'string' ? ` ${code}` : ''}${
    want.param && res.status === want.status && code === want.code ? ` not naming ${want.param} in data.params` : ''
  }`;
  const whose =
    pinned.source === 'root'
      ? `${pinned.version}, the version the namespace root names,`
      : `${pinned.version}, the original of this variant,`;
  return `answers ${got}; ${whose} answers ${showAnswer(want)}`;
}
