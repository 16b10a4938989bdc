/**
 * One side of a differential run: its client, the IDs it created or paired under placeholder
 * names, sending a step with its own IDs, and cleaning up what the run created there.
 */
import { Client, TransportError } from '../../run/client.ts';
import type { ApiResponse, Params } from '../../types.ts';
import { recordId } from '../../spec/contract.ts';
import type { Answer, DiffOptions, DiffSide, Step } from './model.ts';
import { sideContext, type SideContext } from './normalise.ts';

/** The target could not be used at all (exit 2). */
export class UnusableTarget extends Error {
  override name = 'UnusableTarget';
}

function substitute<T>(value: T, ids: Record<string, number>): T {
  if (typeof value === 'string') {
    const whole = /^\{(\w+)\}$/.exec(value);
    if (whole && ids[whole[1]!] !== undefined) return ids[whole[1]!] as T;
    return value.replace(/\{(\w+)\}/g, (m, k: string) => (ids[k] !== undefined ? String(ids[k]) : m)) as T;
  }
  if (Array.isArray(value)) return value.map((v) => substitute(v, ids)) as T;
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, substitute(v, ids)])) as T;
  return value;
}

export class Side {
  readonly client: Client;
  readonly ctx: SideContext;
  readonly ids: Record<string, number> = {};
  /** Created records not yet deleted: name -> path. */
  readonly live = new Map<string, { path: string; query?: Params }>();
  constructor(
    readonly name: 'base' | 'candidate',
    readonly side: DiffSide,
    opts: DiffOptions,
  ) {
    this.client = new Client({
      baseUrl: side.baseUrl,
      namespace: side.namespace,
      auth: side.auth,
      timeoutMs: opts.timeoutMs,
      concurrency: opts.concurrency ?? 2,
    });
    this.ctx = sideContext(side);
  }

  curl(raw: string): string {
    // Each side's secret comes from its own variable: never a password on screen.
    return this.name === 'candidate'
      ? raw
          .split('$CAL_PASSWORD')
          .join('$CAL_CANDIDATE_PASSWORD')
          .split('$CAL_AUTH_HEADER')
          .join('$CAL_CANDIDATE_AUTH_HEADER')
      : raw;
  }

  async send(step: Step, withAuth: boolean): Promise<Answer> {
    const path = substitute(step.path, this.ids);
    const unresolved = /\{\w+\}/.test(path);
    if (unresolved)
      return {
        status: null,
        error: `skipped: ${path} names a record this side did not create`,
        body: undefined,
        raw: '',
        curl: '',
      };
    try {
      const res: ApiResponse = await this.client.request({
        method: step.method,
        path,
        query: step.query ? substitute(step.query, this.ids) : undefined,
        json: step.json ? substitute(step.json, this.ids) : undefined,
        auth: withAuth,
      });
      const id = recordId(res);
      if (step.save && id !== undefined) {
        this.ids[step.save] = id;
        const base = step.path.replace(/^\/(\w+).*$/, '/$1');
        this.live.set(step.save, {
          path: `${base}/${id}`,
          ...(base === '/categories' || base === '/tags' ? { query: { force: true } } : {}),
        });
      }
      if (step.method === 'DELETE' && res.status >= 200 && res.status < 300) {
        for (const [k, v] of this.live) if (v.path === path) this.live.delete(k);
      }
      return { status: res.status, body: res.json, raw: res.text, curl: this.curl(res.exchange.curl) };
    } catch (e) {
      if (e instanceof TransportError)
        return { status: null, error: e.message, body: undefined, raw: '', curl: this.curl(e.exchange.curl) };
      throw e;
    }
  }

  /** Delete what the sequence left, then sweep by run tag. */
  async cleanup(runTag: string): Promise<string[]> {
    const errors: string[] = [];
    for (const [name, rec] of [...this.live].reverse()) {
      try {
        const res = await this.client.request({ method: 'DELETE', path: rec.path, query: rec.query });
        if (res.status >= 300 && res.status !== 410 && res.status !== 404)
          errors.push(`${this.name}: DELETE ${rec.path} answered ${res.status} (${name} may be left)`);
      } catch (e) {
        errors.push(`${this.name}: DELETE ${rec.path}: ${(e as Error).message}`);
      }
    }
    try {
      const { sweep } = await import('../../run/cleanup.ts');
      const r = await sweep(this.client, runTag);
      errors.push(...r.errors.map((e) => `${this.name}: ${e}`));
    } catch (e) {
      errors.push(`${this.name}: sweep: ${(e as Error).message}`);
    }
    return errors;
  }
}

/** Preflight: the root answers 2xx JSON on both sides (with credentials when given). */
export async function usable(side: Side): Promise<void> {
  let res: ApiResponse;
  try {
    res = await side.client.request({ method: 'GET', path: '' });
  } catch (e) {
    throw new UnusableTarget(`${side.name} ${side.side.baseUrl}: ${(e as Error).message}`);
  }
  if (res.status === 401 || res.status === 403)
    throw new UnusableTarget(
      `${side.name} ${side.client.root}: the credentials are rejected (${res.status}): check the ${side.name === 'base' ? '--user/--password' : '--candidate-user/--candidate-password'}`,
    );
  if (res.status < 200 || res.status >= 300 || res.json === undefined)
    throw new UnusableTarget(
      `${side.name} ${side.client.root} answered ${res.status}${res.json === undefined ? ' without JSON' : ''}: check the URL (the REST root, e.g. https://example.org/wp-json) and the namespace`,
    );
}
