/**
 * The runner's observation crawl (lib/run/crawl.ts), made once per run in this process before
 * the observation checks, and whether a --grep pattern selects an observation check at all.
 */
import type { ResolvedConfig } from '../run/config/model.ts';
import { Client } from '../run/client.ts';
import { AUTO_START } from '../run/limiter.ts';
import { fileTap } from '../run/tap.ts';
import { crawl, crawlBudget, crawlKey, type Learned } from '../run/crawl.ts';
import { listChecks } from '../check/list.ts';
import { isObservationFile } from '../check/gate.ts';

/** The observation crawl, once per run, before the observation checks (lib/run/crawl.ts). */
export async function observe(
  config: ResolvedConfig,
  options: { har?: string; inProcess?: string; track?: boolean },
): Promise<Learned> {
  const api = new Client({
    baseUrl: config.baseUrl,
    namespace: config.namespace,
    auth: config.auth,
    timeoutMs: config.timeoutMs,
    // The routes are read side by side (lib/run/crawl.ts), within the bound the checks start at.
    concurrency: config.concurrencyMode === 'auto' ? Math.min(AUTO_START, config.concurrency) : config.concurrency,
    ...(options.har ? { tap: fileTap(options.har) } : {}),
    // The run's own embedded reference: the crawl reads it in process too (lib/run/in-process.ts).
    ...(options.inProcess ? { inProcess: options.inProcess } : {}),
    // A tracked run (fixtures/reference-server/tracking.ts): what the crawl asks reaches the observation checks.
    ...(options.track ? { hiddenHeaders: { 'x-calcert-check': 'observe' } } : {}),
  });
  try {
    return await crawl(api, api.derive({ auth: { kind: 'none' } }), {
      key: crawlKey(config),
      variant: config.resolvedVariant,
      authenticated: config.auth.kind !== 'none',
      budget: crawlBudget(config.maxRequests),
    });
  } finally {
    await api.close();
  }
}

/**
 * Whether a --grep pattern selects an observation check (one in suites/observe/), by the list of
 * checks: a pattern anchored on one ID selects it though it matches no prefix such as `observe.`.
 */
export async function grepsObserve(grep: string): Promise<boolean> {
  try {
    const re = new RegExp(grep);
    return (await listChecks()).some((c) => re.test(c.id) && isObservationFile({ moduleId: `/${c.file}` }));
  } catch {
    return true;
  }
}
