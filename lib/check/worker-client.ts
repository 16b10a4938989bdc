/**
 * The worker's side of a run: the resolved config (provided by the runner through vitest's
 * `provide`) and one client per worker (one keep-alive pool shared by the worker's checks).
 * A worker may serve several runs in a row (the fault matrix reuses one vitest instance), so the
 * client is keyed on the run: a new run tag or target gets a fresh client and fresh down-detection.
 */
import { inject } from 'vitest';
import { Client } from '../client.ts';
import type { ResolvedConfig } from '../config.ts';

let workerClient: { key: string; client: Client } | undefined;

/** The run's resolved config, or an error saying the suites were started the wrong way. */
export function runConfig(): ResolvedConfig {
  const cfg = inject('calcert');
  if (!cfg)
    throw new Error('calcert config was not provided: run the suites through `calcert certify`, not bare vitest');
  return cfg;
}

/** This worker's client for the run of `cfg`. */
export function clientFor(cfg: ResolvedConfig): Client {
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
