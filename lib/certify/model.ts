/**
 * The shadow model of a run (issue 37): after the checks, an embedded reference server with every
 * quirk of the original (same variant, features and namespace, the target's site zone, its clock
 * at each answer) gets the requests each check sent for its own records, in the check's order,
 * and each answer of the target is compared with the model's (lib/spec/model/). The target gets
 * no request of the model. Where the target differs from the original's model, a second model (the
 * reference without quirks: the spec's reading where the original deviates) replays the check:
 * a difference the spec's reading shares with the target is set aside, counted apart.
 */
import { randomBytes } from 'node:crypto';
import type { ReferenceServer } from '../../fixtures/reference-server/index.ts';
import type { ResolvedConfig } from '../run/config/model.ts';
import { parseJson } from '../run/parse-json.ts';
import { replayOrder, type ShadowCheck, type ShadowExchange } from '../run/shadow.ts';
import {
  excerptsOf,
  type JudgeContext,
  type JudgedExchange,
  judgeCheck,
  type LevelledDifference,
} from '../spec/model/judge.ts';
import type { ModelAnswer, ModelRequest } from '../spec/model/route.ts';
import { DEFINED_HEADERS } from '../spec/model/route.ts';

/** A model server and what replaying a request on it needs. */
interface Model {
  server: ReferenceServer;
  /** The namespace root's path below the host (`/wp-json/<namespace>`). */
  path: string;
  auth: string;
  /** The clock the server answers with, moved to each replayed answer's time. */
  now: { ms: number };
}

export interface ModelOptions {
  resolved: Pick<ResolvedConfig, 'resolvedVariant' | 'features' | 'namespace' | 'baseUrl' | 'runTag'> &
    Partial<Pick<ResolvedConfig, 'fixtures'>>;
  /** The target's site zone (its REST index), `UTC` when unknown. */
  zone: string;
  /** The site URL the target's REST index names ('' or absent: the base URL's origin alone). */
  siteUrl?: string;
  /** The quirks of the first model (`original`); the second runs with none. */
  quirks: string[];
  /** Keep each model answer on its judged exchange, and say how they were compared (the mutation self-test). */
  keep?: boolean;
  onContext?: (ctx: JudgeContext) => void;
  /** Stops the replay between two checks (a signal after the checks: the run ends as interrupted). */
  signal?: AbortSignal;
}

async function startModel(opts: ModelOptions, quirks: string[]): Promise<Model> {
  const { startReferenceServer } = await import('../../fixtures/reference-server/index.ts');
  const password = randomBytes(12).toString('hex');
  const now = { ms: Date.now() };
  const server = await startReferenceServer({
    variant: opts.resolved.resolvedVariant,
    port: 0,
    namespace: opts.resolved.namespace,
    user: 'calcert',
    password,
    features: opts.resolved.features,
    quirks,
    siteTimezone: opts.zone,
    clock: () => now.ms,
  });
  // The target's fixture image keeps its pixel size when a request sideloads it by URL.
  const image = opts.resolved.fixtures?.image;
  if (image?.width && image.height)
    server.store.imageSizes.set(image.url, { width: image.width, height: image.height });
  // The target's other user (fixtures): the author checks send its ID, and an author is a user of the site.
  const other = opts.resolved.fixtures?.otherAuthor?.id;
  if (other) server.store.userIds.add(other);
  return {
    server,
    path: `${new URL(server.url).pathname}/${server.namespace}`,
    auth: `Basic ${Buffer.from(`calcert:${password}`).toString('base64')}`,
    now,
  };
}

async function closeModel(m: Model | undefined): Promise<void> {
  await m?.server.close();
}

/** The model's answer to one request (its clock set to the target's answer time), in this process. */
async function send(m: Model, req: ModelRequest, headers: Record<string, string>, at: number): Promise<ModelAnswer> {
  m.now.ms = at;
  const url = `${m.path}${req.route}${req.query ? `?${req.query}` : ''}`;
  const h: Record<string, string> = { accept: 'application/json', ...headers };
  if (req.auth) h['authorization'] = m.auth;
  const res = await m.server.injectValue({
    method: req.method,
    url,
    headers: h,
    ...(req.body !== undefined && req.method !== 'GET' ? { body: req.body } : {}),
  });
  const out: Record<string, string> = {};
  for (const name of DEFINED_HEADERS) {
    const v = res.headers[name];
    if (v !== undefined) out[name] = v;
  }
  return { status: res.status, headers: out, body: 'text' in res ? parseJson(res.text).value : res.value };
}

/** Our clock's offset from the target's, from the Date headers of its answers (median, ms). */
export function clockSkew(checks: readonly ShadowCheck[]): number {
  const d: number[] = [];
  for (const c of checks)
    for (const x of c.exchanges) {
      const at = Date.parse(x.answerHeaders?.['date'] ?? '');
      if (!Number.isNaN(at)) d.push(at + 500 - x.at);
    }
  if (!d.length) return 0;
  d.sort((a, b) => a - b);
  const mid = d[Math.floor(d.length / 2)] as number;
  // Within a second our clocks agree as far as a Date header can tell.
  return Math.abs(mid) < 1000 ? 0 : mid;
}

function contextOf(m: Model, opts: ModelOptions, window: readonly [number, number]): JudgeContext {
  return {
    target: {
      baseUrl: opts.resolved.baseUrl,
      namespace: opts.resolved.namespace,
      ...(opts.siteUrl ? { siteUrl: opts.siteUrl } : {}),
    },
    model: { baseUrl: m.server.url, namespace: m.server.namespace },
    runTag: opts.resolved.runTag,
    window,
    zone: opts.zone,
  };
}

/** What one check's replay may add: a hook on each stamp found outside the window, a pause before each request. */
export interface ReplayHooks {
  onOutsideWindow?: (ms: number) => void;
  pause?: () => Promise<void>;
}

/** One check replayed on a model: per exchange its scope and, compared, its differences. */
function replayCheck(
  m: Model,
  check: ShadowCheck,
  opts: ModelOptions,
  skew: number,
  window: readonly [number, number],
  hooks: ReplayHooks = {},
  only?: ReadonlySet<number>,
  answers?: Map<number, ModelAnswer>,
): Promise<JudgedExchange[]> {
  const ctx = contextOf(m, opts, window);
  return judgeCheck(
    check,
    async (scoped, index) => {
      await hooks.pause?.();
      const x = check.exchanges[index] as ShadowExchange;
      const answer = await send(m, scoped.request, requestHeaders(x), x.at + skew);
      answers?.set(index, answer);
      return answer;
    },
    hooks.onOutsideWindow ? { ...ctx, onOutsideWindow: hooks.onOutsideWindow } : ctx,
    opts.keep,
    only,
    false,
  );
}

/** The headers of the target's request the model gets too (never the run's credentials). */
function requestHeaders(x: ShadowExchange): Record<string, string> {
  return { ...x.headers };
}

const real = (ds: readonly LevelledDifference[] | undefined) => (ds ?? []).filter((d) => d.level !== 'info');

/** The run window of these checks, epoch ms on the target's clock (our clock moved by `skew`). */
export function runWindow(checks: readonly ShadowCheck[], skew: number): [number, number] {
  let from = Number.POSITIVE_INFINITY;
  let to = Number.NEGATIVE_INFINITY;
  for (const c of checks)
    for (const x of c.exchanges) {
      if (x.at + skew < from) from = x.at + skew;
      if (x.at + skew > to) to = x.at + skew;
    }
  return from <= to ? [from, to] : [Date.now(), Date.now()];
}

/**
 * The two models of a run: the original's (started at once) and the spec's reading (started when
 * a check first differs), and the replay of one check after another on them.
 */
export class Replay {
  private original: Model | undefined;
  private spec: Model | undefined;
  constructor(
    private readonly opts: ModelOptions,
    readonly skew: number,
  ) {}

  async start(): Promise<void> {
    this.original ??= await startModel(this.opts, this.opts.quirks);
  }

  /** How the answers are compared (after start()). */
  context(window: readonly [number, number]): JudgeContext {
    return contextOf(this.original as Model, this.opts, window);
  }

  /** One check judged against the original's model; where it differs, replayed on the spec's reading too. */
  async check(check: ShadowCheck, window: readonly [number, number], hooks?: ReplayHooks): Promise<JudgedExchange[]> {
    await this.start();
    const answers = new Map<number, ModelAnswer>();
    const first = await replayCheck(
      this.original as Model,
      check,
      this.opts,
      this.skew,
      window,
      hooks,
      undefined,
      answers,
    );
    // The spec's reading is asked only where the original's model differs (setAside reads nothing else).
    const differing = new Set(first.filter((j) => real(j.differences).length).map((j) => j.index));
    if (differing.size) {
      this.spec ??= await startModel(this.opts, []);
      const second = await replayCheck(this.spec, check, this.opts, this.skew, window, hooks, differing);
      for (const j of first) setAside(j, second[j.index]);
    }
    // Excerpts of the differences kept alone (most of those a check has are set aside).
    for (const j of first) {
      const answer = answers.get(j.index);
      if (answer && real(j.differences).length)
        Object.assign(j, excerptsOf(check.exchanges[j.index] as ShadowExchange, answer));
    }
    return first;
  }

  async close(): Promise<void> {
    const [a, b] = [this.original, this.spec];
    this.original = this.spec = undefined;
    await closeModel(a);
    await closeModel(b);
  }
}

/** The judged exchanges of checks replayed one after another, in check ID order (stable). Pure. */
export function byCheckId(judged: ReadonlyArray<readonly JudgedExchange[]>): JudgedExchange[] {
  const groups = judged.filter((g) => g.length);
  return groups.sort((a, b) => (a[0] as JudgedExchange).check.localeCompare((b[0] as JudgedExchange).check)).flat();
}

/**
 * Every check's exchanges judged against the model, replayed in the order the checks ended in
 * (replayOrder), judged in check ID order. `spec`: checks with differences are replayed on the
 * reference without quirks, and a difference it shares with the target is set aside.
 */
export async function runModel(checks: readonly ShadowCheck[], opts: ModelOptions): Promise<JudgedExchange[]> {
  const skew = clockSkew(checks);
  const window = runWindow(checks, skew);
  const replay = new Replay(opts, skew);
  const judged: JudgedExchange[][] = [];
  try {
    await replay.start();
    opts.onContext?.(replay.context(window));
    for (const check of replayOrder(checks)) {
      if (opts.signal?.aborted) break;
      judged.push(await replay.check(check, window));
    }
  } finally {
    await replay.close();
  }
  return byCheckId(judged);
}

/**
 * Sets aside the differences of `j` (against the original's model) that the spec's reading shares
 * with the target: the reference without quirks answered the target's value there.
 */
function setAside(j: JudgedExchange, bySpec: JudgedExchange | undefined): void {
  if (!j.differences || !bySpec?.differences) return;
  const specAt = new Set(real(bySpec.differences).map((d) => d.at));
  const kept = j.differences.filter((d) => d.level === 'info' || specAt.has(d.at));
  const aside = j.differences.length - kept.length;
  if (!aside) return;
  j.differences = kept;
  j.specReading = aside;
}
