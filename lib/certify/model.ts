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
import { parseJson } from '../run/client.ts';
import type { ShadowCheck, ShadowExchange } from '../run/shadow.ts';
import { type JudgeContext, type JudgedExchange, judgeCheck, type LevelledDifference } from '../spec/model/judge.ts';
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
  const res = await m.server.inject({
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
  return { status: res.status, headers: out, body: parseJson(res.text).value };
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

/** One check replayed on a model: per exchange its scope and, compared, its differences. */
function replayCheck(
  m: Model,
  check: ShadowCheck,
  opts: ModelOptions,
  skew: number,
  window: readonly [number, number],
): Promise<JudgedExchange[]> {
  const ctx = contextOf(m, opts, window);
  return judgeCheck(
    check,
    (scoped, index) => {
      const x = check.exchanges[index] as ShadowExchange;
      return send(m, scoped.request, requestHeaders(x), x.at + skew);
    },
    ctx,
    opts.keep,
  );
}

/** The headers of the target's request the model gets too (never the run's credentials). */
function requestHeaders(x: ShadowExchange): Record<string, string> {
  return { ...x.headers };
}

const real = (ds: readonly LevelledDifference[] | undefined) => (ds ?? []).filter((d) => d.level !== 'info');

/**
 * Every check's exchanges judged against the model. `spec`: checks with differences are replayed
 * on the reference without quirks, and a difference it shares with the target is set aside.
 */
export async function runModel(checks: readonly ShadowCheck[], opts: ModelOptions): Promise<JudgedExchange[]> {
  const skew = clockSkew(checks);
  const ats = checks.flatMap((c) => c.exchanges.map((x) => x.at + skew));
  const window: [number, number] = ats.length ? [Math.min(...ats), Math.max(...ats)] : [Date.now(), Date.now()];
  let original: Model | undefined;
  let spec: Model | undefined;
  const judged: JudgedExchange[] = [];
  try {
    original = await startModel(opts, opts.quirks);
    opts.onContext?.(contextOf(original, opts, window));
    for (const check of checks) {
      if (opts.signal?.aborted) break;
      const first = await replayCheck(original, check, opts, skew, window);
      if (first.some((j) => real(j.differences).length)) {
        spec ??= await startModel(opts, []);
        const second = await replayCheck(spec, check, opts, skew, window);
        for (const j of first) setAside(j, second[j.index]);
      }
      judged.push(...first);
    }
  } finally {
    await closeModel(original);
    await closeModel(spec);
  }
  return judged;
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
  if (!real(kept).length) {
    delete j.targetExcerpt;
    delete j.modelExcerpt;
  }
}
