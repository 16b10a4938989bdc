// Shared helpers of the reference server's unit tests: start a server on an ephemeral port and
// send requests as the administrator or anonymously, getting status, headers and parsed JSON.
import { afterAll } from 'vitest';
import {
  startReferenceServer,
  type ReferenceOptions,
  type ReferenceServer,
} from '../../fixtures/reference-server/index.ts';

export const ADMIN = { authorization: `Basic ${Buffer.from('admin:secret').toString('base64')}` };

export interface Client {
  server: ReferenceServer;
  ns: string;
  call(
    method: string,
    path: string,
    opts?: { json?: unknown; form?: string; anon?: boolean; headers?: Record<string, string> },
  ): Promise<{ status: number; headers: Headers; body: any; text: string }>;
  /** Admin GET returning the body; fails loudly on a non-2xx. */
  get(path: string, anon?: boolean): Promise<any>;
  /** Admin create returning the record. */
  create(resource: string, json: unknown): Promise<any>;
}

export async function start(options: Partial<ReferenceOptions> = {}): Promise<Client> {
  const server = await startReferenceServer({ variant: 'extended', port: 0, ...options });
  afterAll(() => server.close());
  const ns = `${server.url}/${server.namespace}`;
  const call: Client['call'] = async (method, path, opts = {}) => {
    const headers: Record<string, string> = { ...(opts.anon ? {} : ADMIN), ...opts.headers };
    let body: string | undefined;
    if (opts.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(opts.json);
    } else if (opts.form !== undefined) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      body = opts.form;
    }
    const res = await fetch(path.startsWith('http') ? path : ns + path, { method, headers, body });
    const text = await res.text();
    let parsed: unknown = null;
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = null;
    }
    return { status: res.status, headers: res.headers, body: parsed, text };
  };
  return {
    server,
    ns,
    call,
    async get(path, anon = false) {
      const r = await call('GET', path, { anon });
      if (r.status >= 300) throw new Error(`GET ${path} -> ${r.status} ${r.text}`);
      return r.body;
    },
    async create(resource, json) {
      const r = await call('POST', `/${resource}`, { json });
      if (r.status !== 201) throw new Error(`POST /${resource} -> ${r.status} ${r.text}`);
      return r.body;
    },
  };
}

export function titles(body: { events: Array<{ title: string }> }): string[] {
  return body.events.map((e) => e.title);
}
