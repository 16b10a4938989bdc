/**
 * What a differential run compares: bodies with IDs, timestamps, the side's origin and namespace
 * replaced by placeholders, and the differences between two answers to the same request. Pure.
 */
import type { Answer, DiffSide } from './model.ts';

const ID_KEYS = new Set([
  'id',
  'global_id',
  'global_id_lineage',
  'author',
  'parent',
  'post_parent',
  'term_id',
  'term_taxonomy_id',
  'object_id',
]);
const TIMESTAMP_KEY = /^(date|modified)$|_utc$/;
const CLOCK_VALUE = /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}:\d{2}/;

export interface SideContext {
  /** `scheme://host[:port]` of the side's base URL. */
  origin: string;
  namespace: string;
  /**
   * By query parameter, the IDs this side sent for paired records and their placeholders
   * (`include -> '17' -> '{events_0}'`): a URL the server echoes (rest_url, next_rest_url) reads
   * alike on both sides.
   */
  sentIds?: ReadonlyMap<string, ReadonlyMap<string, string>>;
}

function escapeRegex(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

export function sideContext(side: DiffSide): SideContext {
  return { origin: new URL(side.baseUrl).origin, namespace: side.namespace };
}

/** A string with the side's origin, namespace and (in URLs) numeric IDs replaced. */
export function normaliseString(s: string, ctx: SideContext): string {
  let out = s.split(ctx.origin).join('<origin>');
  if (ctx.namespace) out = out.replace(new RegExp(`(^|/)${escapeRegex(ctx.namespace)}(?=/|$|\\?|#)`, 'g'), '$1<ns>');
  if (/^(<origin>|https?:\/\/)/.test(out)) {
    out = out.replace(/\/\d+(?=\/|$|\?|#)/g, '/<id>').replace(/([?&](?:id|p|page_id|post)=)\d+/g, '$1<id>');
    const sent = ctx.sentIds;
    if (sent?.size)
      out = out.replace(/([?&])([^=&#]+)=([^&#]*)/g, (whole, sep: string, key: string, value: string) => {
        let name = key;
        let text = value;
        try {
          name = decodeURIComponent(key);
          text = decodeURIComponent(value);
        } catch {
          return whole;
        }
        const ids = sent.get(name);
        if (!ids) return whole;
        return `${sep}${key}=${text
          .split(',')
          .map((v) => ids.get(v.trim()) ?? v)
          .join(',')}`;
      });
  }
  return out;
}

function isBlank(v: unknown): boolean {
  return v === null || v === undefined || v === 0 || v === '0' || v === '' || v === false;
}

/** The body as compared: IDs, timestamps, origin and namespace replaced by placeholders. */
export function normaliseBody(value: unknown, ctx: SideContext, key?: string): unknown {
  if (key !== undefined && TIMESTAMP_KEY.test(key) && typeof value === 'string') return '<timestamp>';
  // Clock-derived defaults in the root/doc documents (e.g. end_date's "now + 2 years").
  if (key === 'default' && typeof value === 'string' && CLOCK_VALUE.test(value)) return '<timestamp>';
  if (key !== undefined && ID_KEYS.has(key)) {
    if (Array.isArray(value)) return value.map(() => '<id>');
    if (typeof value === 'number' || typeof value === 'string') return isBlank(value) ? value : '<id>';
  }
  if (typeof value === 'string') return normaliseString(value, ctx);
  if (Array.isArray(value)) return value.map((v) => normaliseBody(v, ctx));
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[normaliseString(k, ctx)] = normaliseBody(v, ctx, k);
    return out;
  }
  return value;
}

function show(v: unknown): string {
  if (v === undefined) return '(absent)';
  const s = JSON.stringify(v);
  return s.length > 80 ? `${s.slice(0, 77)}...` : s;
}

/** Paths where two normalised values differ (at most `limit`). */
export function jsonDifferences(a: unknown, b: unknown, path = '', out: string[] = [], limit = 5): string[] {
  if (out.length >= limit) return out;
  if (Array.isArray(a) && Array.isArray(b)) {
    if (a.length !== b.length) out.push(`${path || '/'}: ${a.length} items vs ${b.length} items`);
    for (let i = 0; i < Math.min(a.length, b.length) && out.length < limit; i++)
      jsonDifferences(a[i], b[i], `${path}/${i}`, out, limit);
    return out;
  }
  if (a && b && typeof a === 'object' && typeof b === 'object' && !Array.isArray(a) && !Array.isArray(b)) {
    const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])];
    for (const k of keys) {
      if (out.length >= limit) break;
      jsonDifferences((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k], `${path}/${k}`, out, limit);
    }
    return out;
  }
  if (JSON.stringify(a) !== JSON.stringify(b)) out.push(`${path || '/'}: ${show(a)} vs ${show(b)}`);
  return out;
}

/** What differs between two answers to the same request; empty when they are the same. */
export function compareAnswers(a: Answer, actx: SideContext, b: Answer, bctx: SideContext): string[] {
  if (a.error || b.error) {
    if (a.error && b.error) return [];
    return [`transport: ${a.error ?? `HTTP ${a.status}`} vs ${b.error ?? `HTTP ${b.status}`}`];
  }
  const details: string[] = [];
  if (a.status !== b.status) details.push(`status ${a.status} vs ${b.status}`);
  if (a.body !== undefined && b.body !== undefined)
    details.push(...jsonDifferences(normaliseBody(a.body, actx), normaliseBody(b.body, bctx)));
  else if (a.body !== undefined || b.body !== undefined)
    details.push(
      `body: ${a.body === undefined ? 'not JSON' : 'JSON'} vs ${b.body === undefined ? 'not JSON' : 'JSON'}`,
    );
  else if (normaliseString(a.raw, actx).trim() !== normaliseString(b.raw, bctx).trim())
    details.push('body (not JSON) differs');
  return details;
}
