/**
 * What a check body works with: clients recording every exchange of the check, run-tagged names,
 * record creation with cleanup, assertions that fail / block / rule out the check, seeded properties.
 */
import fc from 'fast-check';
import { carriesTag } from '../run/cleanup.ts';
import { TransportError, type Client, type ExchangeDetail } from '../run/client.ts';
import { CoverageRecord } from './coverage-record.ts';
import type { ApiResponse, Exchange, Params, Resource } from '../types.ts';
import type { FixturesFile, ResolvedConfig } from '../run/config/model.ts';
import { replayCommand } from '../run/config/replay.ts';
import { type ApiRecord, readList, readRecord, type ResourceKey, field, isInteger } from '../spec/contract.ts';
import { checkSeed, type CheckMeta } from './meta.ts';
import { Blocked, CheckFailure, NotApplicable, type PropertyOutcome, type SetAside } from './outcome.ts';
import { clientFor, shadowFor, trackingHeaders } from './worker-client.ts';
import type { ShadowRecord } from '../run/shadow.ts';
import { RunStopped } from '../run/limiter.ts';
import { noteInLedger } from '../run/ledger.ts';

let scopeCounter = 0;
/** A record a check created, to delete at its end. */
type CreatedRecord = { resource: Resource; id: number; verified: boolean };
/** How many of a check's records its cleanup deletes at a time. */
const CLEANUP_BATCH = 8;
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
  private created: CreatedRecord[] = [];
  cleanupErrors: string[] = [];
  /** URLs (without query) this check DELETEd with a 2xx answer: the cleanup does not delete them again. */
  private readonly deletedUrls = new Set<string>();
  /** Property runs made and needed (the minimum), summed over this check's properties. */
  readonly runs = { made: 0, needed: 0 };
  /** Records this check took out of the read-only snapshot by a rule of the judge (lib/spec/judge/rules.ts). */
  readonly setAsides: SetAside[] = [];
  /**
   * The check's assertions by kind (shared by its setup view, `t.setup`): `judgements` (`assert`,
   * `expectStatus` and what asserts through them) on the answers it judges: without one a check is
   * never `pass` (lib/check/outcome.ts: unjudged 'no-evidence'); `setup` (through `t.setup`, and the
   * readers' bookkeeping): no evidence; `sharedRequests`: shared setup's (lib/check/shared.ts).
   */
  private readonly counts = { judgements: 0, setup: 0, sharedRequests: 0 };
  /** True on the setup view (`t.setup`): its assertions are setup, not judgements. */
  private readonly inSetup: boolean = false;

  /** Judgements made on the check's own answers (see `counts`): a pass needs at least one. */
  get assertions(): number {
    return this.counts.judgements;
  }
  /** Assertions that are no evidence: setup (`t.setup`) and the readers' bookkeeping (`record`, `list`). */
  get setupAssertions(): number {
    return this.counts.setup;
  }
  /** Requests of shared setup (lib/check/shared.ts) this check made for the checks of its file. */
  get sharedRequests(): number {
    return this.counts.sharedRequests;
  }
  set sharedRequests(n: number) {
    this.counts.sharedRequests = n;
  }

  /**
   * The same context for setup: what it asserts (a setup read, a helper checking its own
   * requests) counts as setup, never as a judgement of the behaviour the check names. It shares
   * the check's clients, exchanges, records and cleanup. Failures still fail the check: a setup
   * that must block says so with `blocked`.
   */
  get setup(): CheckContext {
    if (this.inSetup) return this;
    return Object.create(this, { inSetup: { value: true } }) as CheckContext;
  }
  /** The check's own exchanges for the shadow model (lib/run/shadow.ts), when the run has one; `flush()` at its end. */
  readonly shadow: ShadowRecord | undefined;

  /** The coverage map's record of the check (lib/check/coverage-record.ts); shared by the setup view. */
  private readonly cov: CoverageRecord;

  constructor(
    readonly meta: CheckMeta,
    cfg: ResolvedConfig,
    /** The name the seed derives from (default: the check's ID; a shared setup's own ID). */
    seedName: string = meta.id,
  ) {
    this.config = cfg;
    this.cov = new CoverageRecord(cfg.namespace);
    const base = clientFor(cfg);
    scopeCounter++;
    this.scope = `${cfg.runTag}${scopeCounter.toString(36)}${Math.random().toString(36).slice(2, 6)}`;
    // Not a shared setup's.
    this.shadow = seedName === meta.id ? shadowFor(meta.id, base.root, cfg.runTag, this.scope) : undefined;
    const record = (e: Exchange, detail?: ExchangeDetail) => {
      this.exchanges.push(e);
      this.shadow?.note(e, detail);
      this.cov.note(e, detail);
      if (e.method === 'DELETE' && e.status !== undefined && e.status >= 200 && e.status < 300)
        this.deletedUrls.add(withoutQuery(e.url, this.api.urlFor({ path: '' })));
    };
    // A tracked run (selftest/support/tolerance.ts): the check names itself, a shared setup as its file's.
    const hiddenHeaders = trackingHeaders(seedName === meta.id ? meta.id : `setup ${meta.id}`);
    const tracked = hiddenHeaders ? { hiddenHeaders } : {};
    this.api = base.derive({ onExchange: record, ...tracked });
    this.anon = base.derive({ auth: { kind: 'none' }, onExchange: record, ...tracked });
    this.seed = checkSeed(cfg.seed, seedName);
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
    this.judged(res);
    throw new CheckFailure(message, res?.exchange);
  }
  blocked(message: string, res?: ApiResponse): never {
    throw new Blocked(message, res?.exchange);
  }
  /** Assert a condition of the behaviour under test. */
  assert(condition: unknown, message: string, res?: ApiResponse): void {
    if (!condition) this.fail(message, res);
    this.judged(res);
    this.counted();
  }

  /** Counts a list or record read that held (lib/spec/contract.ts readers): bookkeeping, no judgement. */
  bookkeeping(): void {
    this.counts.setup++;
  }

  /** Counts one assertion that held: a judgement, or setup on the setup view. */
  private counted(): void {
    if (this.inSetup) this.counts.setup++;
    else this.counts.judgements++;
  }

  /**
   * Note what an assertion judged (the coverage map, lib/coverage): the answer it names and every
   * answer since the previous assertion but setup creations.
   */
  private judged(res: ApiResponse | undefined): void {
    this.cov.judged(res, this.exchanges, this.inSetup);
  }

  /** Elements a shared setup (lib/check/shared.ts) sent for this check's records: sent, never judged by it. */
  addSetupTraffic(ids: readonly string[]): void {
    this.cov.addSetupTraffic(ids);
  }

  /** The interface elements this check's requests sent (and its answers carried), and those an assertion judged. */
  coverage(): { sent: string[]; judged: string[] } {
    return this.cov.result();
  }

  /** The fixture, or n/a when the target's fixtures file does not name it. */
  fixture<K extends keyof Omit<FixturesFile, 'format'>>(key: K): NonNullable<FixturesFile[K]> {
    const f = this.config.fixtures?.[key];
    if (!f) this.na(`no ${key} in the fixtures file (--fixtures)`);
    return f as NonNullable<FixturesFile[K]>;
  }

  /** The JSON body, or a failure saying what came instead. */
  json(res: ApiResponse, what = 'the answer'): unknown {
    if (res.json === undefined) {
      this.fail(
        `${what} is not JSON: ${res.jsonError}; content-type ${res.headers['content-type'] ?? '(none)'}, body starts ${JSON.stringify(res.text.slice(0, 200))}`,
        res,
      );
    }
    return res.json;
  }

  /**
   * A record answer (lib/spec/contract.ts): 2xx, a JSON object with an integer `id`; else a failure
   * with the exchange. Returns the record.
   */
  record(res: ApiResponse, what = 'the answer'): ApiRecord {
    return readRecord(this, res, what);
  }

  /**
   * The records array of a list answer under `key` (lib/spec/contract.ts `readList`): applies the base
   * empty-page rule (base: a 404 JSON error is an empty page); else a failure with the exchange.
   */
  list(res: ApiResponse, key: ResourceKey, what?: string): ApiRecord[] {
    return readList(this, res, key, { what }).records;
  }

  /** Assert the status: a number, a list, or a class like '2xx' / '4xx'. */
  expectStatus(res: ApiResponse, expected: number | number[] | '2xx' | '4xx', what = 'the request'): void {
    const ok =
      typeof expected === 'number'
        ? res.status === expected
        : Array.isArray(expected)
          ? expected.includes(res.status)
          : Math.floor(res.status / 100) === Number(expected[0]);
    this.judged(res);
    if (ok) {
      this.counted();
      return;
    }
    const code =
      res.json && typeof res.json === 'object' && 'code' in res.json ? ` (${String(field(res.json, 'code'))})` : '';
    this.fail(
      `expected ${what} to answer ${Array.isArray(expected) ? expected.join(' or ') : expected}, got ${res.status}${code}`,
      res,
    );
  }

  /**
   * Register a record the suite created for deletion at the end of this check. Give the record
   * the server answered when you have it: it proves the record carries the run tag.
   */
  track(resource: Resource, id: number, record?: unknown): void {
    // Once per record: an existing record answered to a second create (the original's venues) gets
    // one DELETE, not two raced in one cleanup batch (the shadow model replays them in answer order).
    if (this.created.some((r) => r.resource === resource && r.id === id)) return;
    this.created.push({
      resource,
      id,
      verified: record !== undefined && carriesTag(resource, record, this.config.runTag),
    });
    this.settled(resource, id, false); // on file at once: a stopped run sweeps it by id (lib/run/ledger.ts)
  }

  /** The run's ledger (lib/run/ledger.ts) holds the record out (`gone` false) or no longer: deleted, or none of the run's. */
  private settled(resource: Resource, id: number, gone = true): void {
    if (this.config.ledger) noteInLedger(this.config.runTag, { root: this.api.root, resource, id, gone });
  }

  /**
   * Register a record this check caused that cannot carry the run tag (the original's side-effect
   * tag named after another tag's ID). `why` documents how the check knows the record is its own.
   */
  trackOwn(resource: Resource, id: number, why: string): void {
    if (!why) throw new Error("trackOwn needs the reason the record is the check's own");
    this.created.push({ resource, id, verified: true });
  }

  /**
   * Note that the check deleted a record it created through a route the cleanup cannot recognise
   * (e.g. by slug): a 2xx answer spares the cleanup's DELETE (the run-tag sweep still removes a
   * record a server kept).
   */
  deletedBy(resource: Resource, id: number, res: ApiResponse): void {
    if (res.status >= 200 && res.status < 300) this.deletedUrls.add(this.api.urlFor({ path: `/${resource}/${id}` }));
  }

  /** Register what a create answered, when it answered a record (2xx with an integer id). */
  trackCreated(resource: Resource, res: ApiResponse): void {
    const id = field(res.json, 'id');
    if (res.status >= 200 && res.status < 300 && isInteger(id)) this.track(resource, id, res.json);
  }

  /**
   * Create a record as setup (not as the behaviour under test): answers must be 2xx with an
   * integer id, otherwise the check is blocked. The record is deleted when the check ends.
   * Only checks tagged `writes` may call this.
   */
  async create(resource: Resource, payload: Params, opts: { form?: boolean } = {}): Promise<ApiRecord> {
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
    this.cov.setup(res.exchange);
    const id = field(res.json, 'id');
    if (res.status >= 200 && res.status < 300 && isInteger(id)) {
      this.track(resource, id, res.json);
      return res.json as ApiRecord;
    }
    this.blocked(
      `setup: creating a ${resource} record answered ${res.status}${field(res.json, 'code') ? ` (${field(res.json, 'code')})` : ''}, not a record with an id${res.json === undefined ? ` (${res.jsonError}; content-type ${res.headers['content-type'] ?? '(none)'})` : ''}`,
      res,
    );
  }

  /**
   * Delete what this check created, newest first; errors are kept, never thrown. A record whose
   * tag was not seen at creation is read first and left alone unless it carries the run tag: a
   * misbehaving server may answer another record's id, and the suite never deletes what it did not create.
   */
  async cleanup(): Promise<void> {
    // Newest first, a few at a time; events before what they embed (an event's DELETE answer embeds
    // its venue: both at once, it hung on the server's order and the model's replay differed).
    const pending = this.created.reverse();
    this.created = [];
    for (const group of [true, false].map((e) => pending.filter((r) => (r.resource === 'events') === e)))
      for (let from = 0; from < group.length; from += CLEANUP_BATCH)
        await Promise.all(group.slice(from, from + CLEANUP_BATCH).map((r) => this.deleteCreated(r)));
  }

  /** Deletes one record the check created: unless the check deleted it, and only when it carries the run tag. */
  private async deleteCreated({ resource, id, verified }: CreatedRecord): Promise<void> {
    const where = `/${resource}/${id}`;
    // Deleted by the check itself (2xx): one DELETE per record. A server that answered 2xx and
    // kept the record still carries the run tag: the run-tag sweep after the run removes it.
    if (this.deletedUrls.has(this.api.urlFor({ path: where }))) return this.settled(resource, id);
    try {
      if (!verified) {
        const current = await this.api.get(where); // gone already: 404/410, or 400 on the original
        if (current.status >= 400 && current.status < 500) return this.settled(resource, id);
        if (current.status < 300 && !carriesTag(resource, current.json, this.config.runTag)) this.settled(resource, id);
        if (current.status >= 300 || !carriesTag(resource, current.json, this.config.runTag)) {
          this.cleanupErrors.push(
            `not deleting ${where}: ${current.status >= 300 ? `reading it answered ${current.status}` : `it does not carry the run tag ${this.config.runTag}`}`,
          );
          return;
        }
      }
      const res = await this.api.delete(
        where,
        resource === 'categories' || resource === 'tags' ? { force: true } : undefined,
      );
      if (res.status >= 400 && res.status !== 404 && res.status !== 410)
        this.cleanupErrors.push(`DELETE ${where} answered ${res.status}`);
      else this.settled(resource, id);
    } catch (e) {
      // An interrupted run sends nothing more: the run-tag sweep after it deletes the record.
      if (e instanceof RunStopped) return;
      this.cleanupErrors.push(`DELETE ${where}: ${(e as Error).message}`);
    }
  }

  /**
   * Run a property with fast-check, seeded from the run seed (replay with --seed and --grep),
   * bounded by its runs (the run's config: each costs requests) and its requests, never by the
   * clock: shrinking stops after SHRINK_REQUESTS_PER_RUN x numRuns requests. The one wall-clock
   * limit is the run's --deadline-s (the check then ends unjudged, 'interrupted').
   */
  async property<T>(
    arbitrary: fc.Arbitrary<T>,
    predicate: (value: T) => Promise<PropertyOutcome>,
    /**
     * `examples`: values run first (fast-check's own), so that what the property sends does not
     * hang on the seed (the coverage map counts it); they add to numRuns, never past --num-runs.
     */
    opts: { numRuns?: number; examples?: readonly T[] } = {},
  ): Promise<void> {
    const drawn = Math.max(1, Math.min(opts.numRuns ?? this.config.numRuns, this.config.numRuns));
    // The examples come on top of the drawn runs (the same values as without them), within --num-runs.
    const numRuns = Math.max(drawn, Math.min(drawn + (opts.examples?.length ?? 0), this.config.numRuns));
    const shrinkBudget = numRuns * SHRINK_REQUESTS_PER_RUN;
    // The exchanges of the last run that failed: with shrinking, that is the run of the reported
    // counterexample (fast-check reports the last failing value), not the last run made.
    let failingRun: Exchange[] = [];
    // An interrupted run (RunStopped) is no failure of the value: the remaining runs and any
    // shrinking pass at once without a request, and the check ends unjudged below.
    let stopped: RunStopped | undefined;
    // Requests sent once a first value failed: shrinking past the budget passes every further
    // candidate at once without a request, so the reported counterexample is the smallest found.
    let failedAt: number | undefined;
    let shrinkCut = false;
    const recorded = async (value: T): Promise<PropertyOutcome> => {
      if (stopped) return true;
      if (failedAt !== undefined && this.exchanges.length - failedAt >= shrinkBudget) {
        shrinkCut = true;
        return true;
      }
      const from = this.exchanges.length;
      let ok: PropertyOutcome;
      try {
        ok = await predicate(value);
      } catch (e) {
        if (e instanceof RunStopped) {
          stopped = e;
          return true;
        }
        failingRun = this.exchanges.slice(from);
        failedAt ??= this.exchanges.length;
        throw e;
      }
      if (ok === false) {
        failingRun = this.exchanges.slice(from);
        failedAt ??= this.exchanges.length;
      }
      return ok;
    };
    const details = await fc.check(fc.asyncProperty(arbitrary, recorded), {
      seed: this.seed,
      numRuns,
      ...(this.config.shrink === false ? { endOnFailure: true } : {}),
      ...(opts.examples?.length ? { examples: opts.examples.map((v): [T] => [v]) } : {}),
    });
    this.runs.made += details.numRuns;
    this.runs.needed += numRuns;
    if (stopped) throw stopped;
    // Too many values skipped by a precondition: fast-check fails with no counterexample. That is
    // the suite's own fault (a generator), no verdict about the server.
    if (details.failed && details.counterexample === null)
      throw new Error(`the property could not run: ${String(details.errorInstance ?? 'no counterexample')}`);
    if (details.failed) {
      const err = details.errorInstance as Error | undefined;
      // The failing request: the one the failure names, else the last of the failing run.
      const named = err instanceof CheckFailure ? err.exchange : undefined;
      const last = named ?? failingRun.at(-1) ?? this.exchanges.at(-1);
      const message = [
        `property failed after ${details.numRuns} run(s), shrunk ${details.numShrinks} time(s)${shrinkCut ? ` (shrinking stopped after its ${shrinkBudget} requests)` : ''}`,
        `seed ${details.seed}, path ${details.counterexamplePath}`,
        `counterexample: ${fc.stringify(details.counterexample)}`,
        ...(last
          ? [`failing request: ${last.method} ${last.url}${last.status !== undefined ? ` -> ${last.status}` : ''}`]
          : []),
        `cause: ${err?.message ?? String(details.errorInstance)}`,
        `replay: ${replayCommand(this.config, this.meta.id)}`,
      ].join('\n');
      const shown = failingRun.length ? failingRun : undefined;
      throw new CheckFailure(message, last, shown && named && !shown.includes(named) ? [...shown, named] : shown);
    }
  }
}

/**
 * `url` without the query parameters that follow the route (`?x=` after a path root, `&x=` after a
 * `?rest_route=` root). Pure.
 */
function withoutQuery(url: string, root: string): string {
  const from = root.includes('?') ? url.indexOf('&', root.length) : url.indexOf('?', root.length);
  return from < 0 ? url : url.slice(0, from);
}

/** Requests shrinking may send per property run (each candidate costs a run's requests). */
const SHRINK_REQUESTS_PER_RUN = 40;
