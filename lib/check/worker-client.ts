/**
 * The worker's side of a run: the resolved config (provided by the runner through vitest's
 * `provide`) and one client per worker (one keep-alive pool shared by the worker's checks).
 * A worker may serve several runs in a row (the fault matrix reuses one vitest instance), so the
 * client is keyed on the run: a new run tag or target gets a fresh client and fresh down-detection.
 */
import { inject } from 'vitest';
import { Client } from '../run/client.ts';
import type { ResolvedConfig } from '../run/config/model.ts';
import { AUTO_START, Limiter, SharedLimiter, shareOf, type InFlightBound } from '../run/limiter.ts';
import { fileTap } from '../run/tap.ts';
import { ShadowRecord } from '../run/shadow.ts';

let workerClient: { key: string; client: Client } | undefined;

/** The run's resolved config, or an error saying the suites were started the wrong way. */
export function runConfig(): ResolvedConfig {
  const cfg = inject('calcert');
  if (!cfg)
    throw new Error('calcert config was not provided: run the suites through `calcert certify`, not bare vitest');
  return cfg;
}

/** A check's record for the run's shadow model (lib/run/shadow.ts), or undefined when the run has no model. */
export function shadowFor(check: string, root: string, runTag: string, scope?: string): ShadowRecord | undefined {
  const dir = inject('calcertModel') ?? '';
  if (!dir) return undefined;
  const seq = inject('calcertModelSeq');
  const cells = seq ? new Int32Array(seq) : undefined;
  return new ShadowRecord(dir, check, root, runTag, scope, cells ? () => Atomics.add(cells, 0, 1) : undefined);
}

/**
 * What a check's clients send besides its requests: in a run whose embedded reference tracks
 * quirks (fixtures/reference-server/tracking.ts), the check's name (`label`); else nothing.
 */
export function trackingHeaders(label: string): Record<string, string> | undefined {
  return inject('calcertTrack') ? { 'x-calcert-check': label } : undefined;
}

/** This worker's client for the run of `cfg`. */
export function clientFor(cfg: ResolvedConfig): Client {
  // --har: the run's tap directory (lib/tools/har.ts); part of the key, a run without it taps nothing.
  const har = inject('calcertHar') ?? '';
  // The run's own embedded reference: its answers come over a channel, not a socket (lib/run/in-process.ts).
  const inProcess = inject('calcertInProcess') ?? '';
  const key = `${cfg.runTag} ${cfg.baseUrl} ${cfg.namespace} ${har} ${cfg.pass ?? 1} ${inProcess}`;
  if (workerClient?.key !== key) {
    void workerClient?.client.close();
    const share = workerShare(cfg);
    const shared = inject('calcertBound');
    workerClient = {
      key,
      client: new Client({
        baseUrl: cfg.baseUrl,
        namespace: cfg.namespace,
        auth: cfg.auth,
        timeoutMs: cfg.timeoutMs,
        concurrency: shared ? cfg.concurrency : share,
        limiter: boundFor(cfg),
        ...(har ? { tap: fileTap(har) } : {}),
        ...(inProcess ? { inProcess } : {}),
      }),
    };
  }
  return workerClient.client;
}

/**
 * The worker's side of the run's bound: the run-wide SharedLimiter the runner provides (under
 * `auto` adapted by AIMD up to the ceiling); without one, a Limiter of this worker's share.
 */
function boundFor(cfg: ResolvedConfig): InFlightBound {
  const auto = cfg.concurrencyMode === 'auto';
  const shared = inject('calcertBound');
  if (shared) return auto ? SharedLimiter.adaptive(shared, cfg.concurrency) : new SharedLimiter(shared);
  const share = workerShare(cfg);
  return auto ? Limiter.adaptive(workerShare({ concurrency: AUTO_START }), share) : new Limiter(share);
}

/** The worker's bound changes since the last call, for the check record (the run's concurrency summary). */
export function takeLimitChanges(): { worker: number; changes: Array<[number, number]> } | undefined {
  const changes = workerClient?.client.limiter.takeChanges();
  if (!changes?.length) return undefined;
  // One run-wide bound: one series (worker 0); else each worker's share is its own series.
  return { worker: inject('calcertBound') ? 0 : Number(process.env.VITEST_POOL_ID) || 0, changes };
}

/**
 * This worker's share of the run's --concurrency (lib/run/limiter.ts): vitest numbers its pool's
 * workers 1..maxWorkers (VITEST_POOL_ID, stable for a worker's life), the runner provides
 * maxWorkers (never more than --concurrency), and the shares sum to exactly --concurrency.
 */
function workerShare(cfg: Pick<ResolvedConfig, 'concurrency'>): number {
  const workers = inject('calcertWorkers') ?? 1;
  return shareOf(cfg.concurrency, workers, Number(process.env.VITEST_POOL_ID));
}
