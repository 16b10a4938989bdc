/**
 * `calcert diff --base-url A --candidate-url B [--namespace NS] [--candidate-namespace NS2]
 *   [--user U --password P | --auth-header H] [--candidate-user U2 --candidate-password P2 |
 *   --candidate-auth-header H2] [--seed N] [--num-runs N] [--read-only] [--run-tag T]
 *   [--timeout-ms N] [--json]`
 * sends the same generated requests to two servers and lists the responses that differ after
 * normalisation (lib/tools/diff/). Exit 0 same, 1 differences, 2 unusable configuration or target,
 * 130 interrupted. The base side reads CAL_* like certify; the candidate side CAL_CANDIDATE_URL,
 * CAL_CANDIDATE_NAMESPACE, CAL_CANDIDATE_USER, CAL_CANDIDATE_PASSWORD, CAL_CANDIDATE_AUTH_HEADER.
 * Passwords are never printed: curl lines read $CAL_PASSWORD and $CAL_CANDIDATE_PASSWORD.
 */
import { ConfigError } from '../run/config/model.ts';
import { loadCandidateConfig, loadConfig } from '../run/config/load.ts';
import { err, out, warn, type CommandFn } from './command.ts';

export const diffCmd: CommandFn = async ({ flags }) => {
  const base = loadConfig({ flags, warn });
  if (!base.baseUrl)
    throw new ConfigError(
      'diff needs --base-url (or CAL_BASE_URL) and --candidate-url (or CAL_CANDIDATE_URL): the REST roots of the two servers',
    );
  const candidate = loadCandidateConfig({ flags }, base);
  if (!candidate.baseUrl)
    throw new ConfigError(
      'diff needs --candidate-url (or CAL_CANDIDATE_URL): the REST root of the server compared with --base-url',
    );
  const { runDiff } = await import('../tools/diff/run.ts');
  const { renderDiff } = await import('../tools/diff/render.ts');
  const { UnusableTarget } = await import('../tools/diff/side.ts');
  const { runWithSignals } = await import('../run/signals.ts');
  const options = {
    base: { baseUrl: base.baseUrl, namespace: base.namespace, auth: base.auth },
    candidate: { baseUrl: candidate.baseUrl, namespace: candidate.namespace, auth: candidate.auth },
    seed: base.seed,
    numRuns: base.numRuns,
    readOnly: base.readOnly,
    runTag: base.runTag,
    timeoutMs: base.timeoutMs,
    // diff keeps a fixed bound: under --concurrency auto, the start of auto (4).
    concurrency: base.concurrencyMode === 'auto' ? 4 : base.concurrency,
    log: (line: string) => err(line),
  };
  let aborted = false;
  try {
    const result = await runWithSignals(base, (signal) => {
      signal.addEventListener('abort', () => (aborted = true), { once: true });
      return runDiff({ ...options, signal });
    });
    out(flags.json ? JSON.stringify(result, null, 2) : renderDiff(result, options));
    if (aborted) return 130;
    return result.differences.length ? 1 : 0;
  } catch (e) {
    if (e instanceof UnusableTarget) {
      err(`calcert: unusable target: ${e.message}`);
      return 2;
    }
    throw e;
  }
};
