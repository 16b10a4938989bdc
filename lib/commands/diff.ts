/**
 * `calcert diff --base-url A --candidate-url B [--namespace NS] [--candidate-namespace NS2]
 *   [--user U --password P | --auth-header H] [--candidate-user U2 --candidate-password P2 |
 *   --candidate-auth-header H2] [--seed N] [--num-runs N] [--read-only] [--run-tag T]
 *   [--timeout-ms N] [--json]`
 * sends the same generated requests to two servers and lists the responses that differ after
 * normalisation (lib/diff.ts). Exit 0 same, 1 differences, 2 unusable configuration or target,
 * 130 interrupted. The base side reads CAL_* like certify; the candidate side CAL_CANDIDATE_URL,
 * CAL_CANDIDATE_NAMESPACE, CAL_CANDIDATE_USER, CAL_CANDIDATE_PASSWORD, CAL_CANDIDATE_AUTH_HEADER.
 * Passwords are never printed: curl lines read $CAL_PASSWORD and $CAL_CANDIDATE_PASSWORD.
 */
import { ConfigError, loadConfig, type Config } from '../config.ts';
import { parseFlags } from '../cli.ts';

const CANDIDATE: Record<string, { flag: string; env: string }> = {
  'base-url': { flag: 'candidate-url', env: 'CAL_CANDIDATE_URL' },
  namespace: { flag: 'candidate-namespace', env: 'CAL_CANDIDATE_NAMESPACE' },
  user: { flag: 'candidate-user', env: 'CAL_CANDIDATE_USER' },
  password: { flag: 'candidate-password', env: 'CAL_CANDIDATE_PASSWORD' },
  'auth-header': { flag: 'candidate-auth-header', env: 'CAL_CANDIDATE_AUTH_HEADER' },
};

/** The candidate side, validated by the same rules as the base side, its errors naming its own flags. */
function candidateConfig(
  flags: Record<string, string | boolean | undefined>,
  base: Config,
  env: NodeJS.ProcessEnv,
): Config {
  const cflags: Record<string, string | undefined> = {};
  for (const [own, c] of Object.entries(CANDIDATE)) {
    const v = flags[c.flag] ?? env[c.env];
    if (typeof v === 'string') cflags[own] = v;
  }
  cflags['namespace'] ??= base.namespace;
  cflags['run-tag'] = base.runTag;
  try {
    return loadConfig({ flags: cflags, env: {}, cwd: '/nonexistent-calcert-dir' });
  } catch (e) {
    if (!(e instanceof ConfigError)) throw e;
    let m = e.message;
    for (const [own, c] of Object.entries(CANDIDATE)) m = m.split(`--${own}`).join(`--${c.flag}`);
    m = m.replace(/CAL_USER/g, 'CAL_CANDIDATE_USER').replace(/CAL_PASSWORD/g, 'CAL_CANDIDATE_PASSWORD');
    throw new ConfigError(m);
  }
}

export const diffCmd = async (argv: string[]): Promise<number> => {
  const { flags } = parseFlags(
    argv,
    [
      'base-url',
      'namespace',
      'user',
      'password',
      'auth-header',
      'seed',
      'num-runs',
      'run-tag',
      'timeout-ms',
      'concurrency',
      ...Object.values(CANDIDATE).map((c) => c.flag),
    ],
    ['read-only', 'json'],
  );
  if (flags['help']) {
    process.stdout.write(
      'usage: calcert diff --base-url A --candidate-url B [--namespace NS] [--candidate-namespace NS2] [--user U --password P] [--candidate-user U2 --candidate-password P2] [--seed N] [--num-runs N] [--read-only] [--json]\n',
    );
    return 0;
  }
  const { json, ...configFlags } = flags;
  for (const c of Object.values(CANDIDATE)) delete configFlags[c.flag];
  const base = loadConfig({ flags: configFlags });
  if (!base.baseUrl)
    throw new ConfigError(
      'diff needs --base-url (or CAL_BASE_URL) and --candidate-url (or CAL_CANDIDATE_URL): the REST roots of the two servers',
    );
  const candidate = candidateConfig(flags, base, process.env);
  if (!candidate.baseUrl)
    throw new ConfigError(
      'diff needs --candidate-url (or CAL_CANDIDATE_URL): the REST root of the server compared with --base-url',
    );
  const { runDiff, renderDiff, UnusableTarget } = await import('../diff.ts');
  const { runWithSignals } = await import('../signals.ts');
  const options = {
    base: { baseUrl: base.baseUrl, namespace: base.namespace, auth: base.auth },
    candidate: { baseUrl: candidate.baseUrl, namespace: candidate.namespace, auth: candidate.auth },
    seed: base.seed,
    numRuns: base.numRuns,
    readOnly: base.readOnly,
    runTag: base.runTag,
    timeoutMs: base.timeoutMs,
    concurrency: base.concurrency,
    log: (line: string) => process.stderr.write(`${line}\n`),
  };
  let aborted = false;
  try {
    const result = await runWithSignals(base, (signal) => {
      signal.addEventListener('abort', () => (aborted = true), { once: true });
      return runDiff({ ...options, signal });
    });
    if (json) process.stdout.write(JSON.stringify(result, null, 2) + '\n');
    else process.stdout.write(renderDiff(result, options) + '\n');
    if (aborted) return 130;
    return result.differences.length ? 1 : 0;
  } catch (e) {
    if (e instanceof UnusableTarget) {
      process.stderr.write(`calcert: unusable target: ${e.message}\n`);
      return 2;
    }
    throw e;
  }
};
