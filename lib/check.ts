/**
 * `check()`: one conformance check = one vitest test that carries its metadata as data
 * (id, spec clause, level, requirements, tags). The wrapper
 *  - decides applicability at run time from the injected, preflighted config (variant, features,
 *    fixtures, read-only) and reports a check that does not apply as `n/a` with a reason;
 *  - hands the check a `CheckContext` (clients, run-tagged names, record creation with cleanup);
 *  - classifies a failure as fail / blocked / error and attaches the exchange that explains it.
 * The reporter (lib/runner.ts) turns that into statuses; the level turns a failure into `warn`.
 */
import { test, inject, type TestContext } from 'vitest';
import fc from 'fast-check';
import type { ResolvedConfig, FixturesFile } from './config.ts';
import { Client, TransportError, parseJson, type ApiResponse, type Exchange, type Params } from './client.ts';
import { TAGS, type Tag } from './tags.ts';
import { carriesTag } from './cleanup.ts';

export type Level = 'must' | 'should';
export type Group = 'root' | 'events' | 'venues' | 'organizers' | 'categories' | 'tags' | 'auth' | 'errors';
export type Resource = 'events' | 'venues' | 'organizers' | 'categories' | 'tags';

export interface CheckMeta {
  /** Stable `<group>.<operation>.<behaviour>`; the group is the folder under suites/. */
  id: string;
  /** The clause it rests on: a spec section, or LEVELS.md / reference-behavior.md for shoulds. */
  spec: string;
  level: Level;
  /** IDs from fixtures/spec/requirements.json. */
  requirements: string[];
  tags: Tag[];
}

/** What a check leaves in vitest's task meta for the reporter (JSON only). */
export interface CheckRecord extends CheckMeta {
  title: string;
  outcome?: 'n/a' | 'fail' | 'blocked' | 'error';
  message?: string;
  request?: { method: string; url: string; headers: Record<string, string>; body?: string };
  responseExcerpt?: string;
  status?: number;
  curl?: string;
  requests?: number;
  seed?: number;
  cleanupErrors?: string[];
  /** Requests sent again (a 429 honoured, a GET after a connection reset). */
  retries?: number;
}

declare module 'vitest' {
  interface ProvidedContext {
    calcert: ResolvedConfig;
  }
  interface TaskMeta {
    calcert?: CheckRecord;
  }
}

const ID_PATTERN = /^(root|events|venues|organizers|categories|tags|auth|errors)\.[a-z0-9-]+\.[a-z0-9-]+$/;

/** Thrown to mark a check not applicable. */
export class NotApplicable extends Error {
  override name = 'NotApplicable';
}
/** Setup through another route failed: the check could not test its behaviour. */
export class Blocked extends Error {
  override name = 'Blocked';
  constructor(
    message: string,
    readonly exchange?: Exchange,
  ) {
    super(message);
  }
}
/** The behaviour under test is wrong. */
export class CheckFailure extends Error {
  override name = 'CheckFailure';
  constructor(
    message: string,
    readonly exchange?: Exchange,
  ) {
    super(message);
  }
}

// ---------------------------------------------------------------------------------------------
// Per-worker clients (one keep-alive pool per worker, shared by its checks). A worker may serve
// several runs in a row (the fault matrix reuses one vitest instance), so the client is keyed on
// the run: a new run tag or target gets a fresh client and fresh down-detection.

let workerClient: { key: string; client: Client } | undefined;

function config(): ResolvedConfig {
  const cfg = inject('calcert');
  if (!cfg)
    throw new Error('calcert config was not provided: run the suites through `calcert certify`, not bare vitest');
  return cfg;
}

function client(cfg: ResolvedConfig): Client {
  const key = `${cfg.runTag} ${cfg.baseUrl} ${cfg.namespace}`;
  if (workerClient?.key !== key) {
    void workerClient?.client.close();
    workerClient = {
      key,
      client: new Client({
        baseUrl: cfg.baseUrl,
        namespace: cfg.namespace,
        auth: cfg.auth,
        timeoutMs: cfg.timeoutMs,
        // Files run in parallel workers; share the run's bound among them.
        concurrency: Math.max(1, Math.ceil(cfg.concurrency / 2)),
      }),
    };
  }
  return workerClient.client;
}

/** Why a check with these tags does not apply to this target, or null. */
export function notApplicableReason(tags: readonly Tag[], cfg: ResolvedConfig): string | null {
  if (tags.includes('extended') && cfg.resolvedVariant !== 'extended') return 'extended variant only';
  if (tags.includes('base') && cfg.resolvedVariant !== 'base') return 'base variant only';
  if (tags.includes('premium') && !cfg.features.includes('premium'))
    return 'needs the premium feature (--features premium)';
  if (tags.includes('tickets') && !cfg.features.includes('tickets'))
    return 'needs the tickets feature (--features tickets)';
  if (tags.includes('writes') && cfg.readOnly) return 'makes writes (read-only run)';
  if ((tags.includes('writes') || tags.includes('auth')) && cfg.auth.kind === 'none')
    return 'needs credentials (--user/--password or --auth-header)';
  return null;
}

/** A 32-bit seed for one check, derived from the run seed so that `--seed` replays every check. */
export function checkSeed(runSeed: number, id: string): number {
  let h = runSeed | 0;
  for (let i = 0; i < id.length; i++) h = Math.imul(h ^ id.charCodeAt(i), 0x9e3779b1) | 0;
  return h;
}

let scopeCounter = 0;

/** What a check body works with. */
export class CheckContext {
  readonly config: ResolvedConfig;
  /** Authenticated client (or anonymous when the run has no credentials). */
  readonly api: Client;
  /** Client that never sends credentials. */
  readonly anon: Client;
  /** A token unique to this check in this run; put it in titles/names and search for it. */
  readonly scope: string;
  readonly exchanges: Exchange[] = [];
  readonly seed: number;
  /** What this check created; `verified` = the server's answer showed the run tag in its name. */
  private readonly created: Array<{ resource: Resource; id: number; verified: boolean }> = [];
  cleanupErrors: string[] = [];

  constructor(
    readonly meta: CheckMeta,
    cfg: ResolvedConfig,
  ) {
    this.config = cfg;
    const base = client(cfg);
    const record = (e: Exchange) => this.exchanges.push(e);
    this.api = base.derive({ onExchange: record });
    this.anon = base.derive({ auth: { kind: 'none' }, onExchange: record });
    scopeCounter++;
    this.scope = `${cfg.runTag}${scopeCounter.toString(36)}${Math.random().toString(36).slice(2, 6)}`;
    this.seed = checkSeed(cfg.seed, meta.id);
  }

  get variant() {
    return this.config.resolvedVariant;
  }
  get extended() {
    return this.config.resolvedVariant === 'extended';
  }

  /** A run-tagged, check-unique name: `<scope> <label>`. */
  name(label = 'record'): string {
    return `${this.scope} ${label}`;
  }

  na(reason: string): never {
    throw new NotApplicable(reason);
  }
  fail(message: string, res?: ApiResponse): never {
    throw new CheckFailure(message, res?.exchange);
  }
  blocked(message: string, res?: ApiResponse): never {
    throw new Blocked(message, res?.exchange);
  }
  /** Assert a condition of the behaviour under test. */
  assert(condition: unknown, message: string, res?: ApiResponse): void {
    if (!condition) this.fail(message, res);
  }

  /** The fixture, or n/a when the target's fixtures file does not name it. */
  fixture<K extends keyof Omit<FixturesFile, 'format'>>(key: K): NonNullable<FixturesFile[K]> {
    const f = this.config.fixtures?.[key];
    if (!f) this.na(`no ${key} in the fixtures file (--fixtures)`);
    return f as NonNullable<FixturesFile[K]>;
  }

  /** The JSON body, or a failure saying what came instead. */
  json(res: ApiResponse, what = 'the answer'): any {
    if (res.json === undefined) {
      this.fail(
        `${what} is not JSON: ${res.jsonError}; content-type ${res.headers['content-type'] ?? '(none)'}, body starts ${JSON.stringify(res.text.slice(0, 200))}`,
        res,
      );
    }
    return res.json;
  }

  /** Assert the status: a number, a list, or a class like '2xx' / '4xx'. */
  expectStatus(res: ApiResponse, expected: number | number[] | '2xx' | '4xx', what = 'the request'): void {
    const ok =
      typeof expected === 'number'
        ? res.status === expected
        : Array.isArray(expected)
          ? expected.includes(res.status)
          : Math.floor(res.status / 100) === Number(expected[0]);
    if (!ok) {
      const code = res.json && typeof res.json === 'object' && 'code' in res.json ? ` (${String(res.json.code)})` : '';
      this.fail(
        `expected ${what} to answer ${Array.isArray(expected) ? expected.join(' or ') : expected}, got ${res.status}${code}`,
        res,
      );
    }
  }

  /**
   * Register a record the suite created for deletion at the end of this check. Give the record
   * the server answered when you have it: it proves the record carries the run tag.
   */
  track(resource: Resource, id: number, record?: unknown): void {
    this.created.push({
      resource,
      id,
      verified: record !== undefined && carriesTag(resource, record, this.config.runTag),
    });
  }

  /**
   * Register a record this check caused that cannot carry the run tag (the original's side-effect
   * tag named after another tag's ID). `why` documents how the check knows the record is its own.
   */
  trackOwn(resource: Resource, id: number, why: string): void {
    if (!why) throw new Error("trackOwn needs the reason the record is the check's own");
    this.created.push({ resource, id, verified: true });
  }

  /** Register what a create answered, when it answered a record (2xx with an integer id). */
  trackCreated(resource: Resource, res: ApiResponse): void {
    const id = res.json && typeof res.json === 'object' ? res.json.id : undefined;
    if (res.status >= 200 && res.status < 300 && Number.isInteger(id)) this.track(resource, id, res.json);
  }

  /**
   * Create a record as setup (not as the behaviour under test): answers must be 2xx with an
   * integer id, otherwise the check is blocked. The record is deleted when the check ends.
   * Only checks tagged `writes` may call this.
   */
  async create(resource: Resource, payload: Params, opts: { form?: boolean } = {}): Promise<any> {
    if (!this.meta.tags.includes('writes'))
      throw new Error(`check ${this.meta.id} creates records but is not tagged 'writes'`);
    let res: ApiResponse;
    try {
      res = await this.api.request(
        opts.form
          ? { method: 'POST', path: `/${resource}`, form: payload }
          : { method: 'POST', path: `/${resource}`, json: payload },
      );
    } catch (e) {
      if (e instanceof TransportError)
        throw new Blocked(`setup: creating a ${resource} record failed: ${e.message}`, e.exchange);
      throw e;
    }
    const id = res.json && typeof res.json === 'object' ? res.json.id : undefined;
    if (res.status >= 200 && res.status < 300 && Number.isInteger(id)) {
      this.track(resource, id, res.json);
      return res.json;
    }
    this.blocked(
      `setup: creating a ${resource} record answered ${res.status}${res.json?.code ? ` (${res.json.code})` : ''}, not a record with an id${res.json === undefined ? ` (${res.jsonError}; content-type ${res.headers['content-type'] ?? '(none)'})` : ''}`,
      res,
    );
  }

  /**
   * Delete what this check created, newest first; errors are kept, never thrown. A record whose
   * tag was not seen at creation is read first and left alone unless it carries the run tag: a
   * misbehaving server may answer another record's id, and the suite never deletes what it did
   * not create.
   */
  async cleanup(): Promise<void> {
    for (const { resource, id, verified } of this.created.reverse()) {
      const where = `/${resource}/${id}`;
      try {
        if (!verified) {
          const current = await this.api.get(where);
          if (current.status >= 400 && current.status < 500) continue; // gone already (404/410, or 400 on the original)
          if (current.status >= 300 || !carriesTag(resource, current.json, this.config.runTag)) {
            this.cleanupErrors.push(
              `not deleting ${where}: ${current.status >= 300 ? `reading it answered ${current.status}` : `it does not carry the run tag ${this.config.runTag}`}`,
            );
            continue;
          }
        }
        const res = await this.api.delete(
          where,
          resource === 'categories' || resource === 'tags' ? { force: true } : undefined,
        );
        if (res.status >= 400 && res.status !== 404 && res.status !== 410)
          this.cleanupErrors.push(`DELETE ${where} answered ${res.status}`);
      } catch (e) {
        this.cleanupErrors.push(`DELETE ${where}: ${(e as Error).message}`);
      }
    }
    this.created.length = 0;
  }

  /**
   * Run a property with fast-check, seeded from the run seed (replay with --seed and --grep).
   * numRuns is bounded by the run's config because every run costs requests on a live server.
   */
  async property<T>(
    arbitrary: fc.Arbitrary<T>,
    predicate: (value: T) => Promise<boolean | void>,
    opts: { numRuns?: number } = {},
  ): Promise<void> {
    const numRuns = Math.max(1, Math.min(opts.numRuns ?? this.config.numRuns, this.config.numRuns));
    const details = await fc.check(fc.asyncProperty(arbitrary, predicate), {
      seed: this.seed,
      numRuns,
      // Shrinking costs requests; a bounded budget keeps a failing run short.
      interruptAfterTimeLimit: Math.max(20000, this.config.timeoutMs),
      markInterruptAsFailure: false,
    });
    if (details.failed) {
      const err = details.errorInstance as Error | undefined;
      const last = err instanceof CheckFailure ? err.exchange : this.exchanges.at(-1);
      const message = [
        `property failed after ${details.numRuns} run(s), shrunk ${details.numShrinks} time(s)`,
        `seed ${details.seed}, path ${details.counterexamplePath}`,
        `counterexample: ${fc.stringify(details.counterexample)}`,
        `cause: ${err?.message ?? String(details.errorInstance)}`,
        `replay: calcert certify --seed ${this.config.seed} --grep '${this.meta.id}' (with this run's target settings)`,
      ].join('\n');
      throw new CheckFailure(message, last);
    }
  }
}

/** Why the answer of an exchange cannot be used as JSON (transport error, 5xx, a body that is not JSON), or null. */
function unusableAnswer(e: Exchange | undefined): string | null {
  if (!e) return null;
  if (e.error) return `${e.method} ${e.url} got no answer: ${e.error}`;
  const body = e.responseExcerpt ?? '';
  if (e.status !== undefined && e.status >= 500) return `${e.method} ${e.url} answered ${e.status}`;
  // The excerpt is cut at 2000 characters: only a shorter one proves the body is not JSON.
  if (body.length < 2000) {
    const parsed = parseJson(body);
    if (parsed.error)
      return `${e.method} ${e.url} answered ${e.status} with a body that is not usable JSON (${parsed.error}; content-type ${e.responseHeaders?.['content-type'] ?? '(none)'})`;
  }
  return null;
}

function excerpt(e: Exchange | undefined) {
  if (!e) return {};
  return {
    request: { method: e.method, url: e.url, headers: e.requestHeaders, body: e.requestBody },
    responseExcerpt: e.error ? `(no answer: ${e.error})` : (e.responseExcerpt ?? '').slice(0, 1000),
    status: e.status,
    curl: e.curl,
  };
}

/**
 * Declare a check. `title` states the behaviour as a fact ("rejects an event without a title").
 */
export function check(
  meta: CheckMeta,
  title: string,
  fn: (t: CheckContext) => Promise<void>,
  options: { timeout?: number } = {},
): void {
  if (!ID_PATTERN.test(meta.id))
    throw new Error(`check id ${JSON.stringify(meta.id)} is not <group>.<operation>.<behaviour>`);
  for (const tag of meta.tags)
    if (!(TAGS as readonly string[]).includes(tag)) throw new Error(`check ${meta.id}: unknown tag ${tag}`);
  if (!meta.requirements.length) throw new Error(`check ${meta.id} names no requirement`);
  const record: CheckRecord = { ...meta, title };
  test(`${meta.id} ${title}`, {
    tags: [...meta.tags],
    meta: { calcert: record },
    timeout: options.timeout,
  }, async (ctx: TestContext) => {
    const cfg = config();
    const own = ctx.task.meta.calcert!;
    const na = notApplicableReason(meta.tags, cfg);
    if (na) {
      own.outcome = 'n/a';
      own.message = na;
      ctx.skip(na);
      return;
    }
    const t = new CheckContext(meta, cfg);
    own.seed = t.seed;
    try {
      await fn(t);
    } catch (e) {
      if (e instanceof NotApplicable) {
        own.outcome = 'n/a';
        own.message = e.message;
        ctx.skip(e.message);
        return;
      }
      const err = e as Error & { exchange?: Exchange };
      own.outcome =
        e instanceof Blocked
          ? 'blocked'
          : e instanceof CheckFailure || e instanceof TransportError || err?.name === 'AssertionError'
            ? 'fail'
            : 'error';
      own.message = own.outcome === 'error' ? `the check itself broke: ${err?.stack ?? String(e)}` : err?.message;
      // A check that trips over an unusable answer (not JSON, cut short, no answer) is failed by
      // the server, not broken: a hostile target must never look like a crash of the suite.
      const unusable = own.outcome === 'error' ? unusableAnswer(t.exchanges.at(-1)) : null;
      if (unusable) {
        own.outcome = 'fail';
        own.message = `${unusable}; the check could not go on (${err?.name ?? 'Error'}: ${err?.message ?? String(e)})`;
      }
      Object.assign(own, excerpt(err?.exchange ?? t.exchanges.at(-1)));
      throw e;
    } finally {
      await t.cleanup();
      own.requests = t.exchanges.length;
      const retries = t.exchanges.reduce((n, x) => n + x.retries, 0);
      if (retries) own.retries = retries;
      if (t.cleanupErrors.length) own.cleanupErrors = t.cleanupErrors;
    }
  });
}
