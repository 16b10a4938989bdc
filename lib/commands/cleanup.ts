/**
 * `calcert cleanup --run-tag TAG` plus the target flags: sweeps that run tag off the target
 * (lib/run/cleanup.ts). Exit 0 done, 2 unusable target (one line: the problem and the fix) or a
 * sweep that could not finish.
 */
import { Client } from '../run/client.ts';
import { ConfigError } from '../run/config/model.ts';
import { loadConfig } from '../run/config/load.ts';
import { preflight } from '../run/preflight.ts';
import { foundTotal, sweep } from '../run/cleanup.ts';
import { warn, type CommandFn } from './command.ts';

export const cleanupCmd: CommandFn = async ({ flags }) => {
  const config = loadConfig({
    flags,
    warn,
    requireRunTag:
      'cleanup needs --run-tag TAG (the run tag printed by `calcert certify` and stored in results.json header.runTag)',
  });
  if (!config.baseUrl)
    throw new ConfigError(
      'cleanup needs --base-url (CAL_BASE_URL): the REST root of the server the run wrote to, e.g. https://example.org/wp-json',
    );
  if (config.auth.kind === 'none')
    throw new ConfigError(
      'cleanup needs credentials (--user/--password or --auth-header): deleting records requires an editor or administrator',
    );
  const client = new Client({
    baseUrl: config.baseUrl,
    namespace: config.namespace,
    auth: config.auth,
    timeoutMs: config.timeoutMs,
    concurrency: 1,
  });
  try {
    // The read-only preflight: the target answers the namespace and accepts the credentials, no write.
    const pre = await preflight({ ...config, readOnly: true }, client);
    for (const w of pre.warnings) warn(w);
    // A site URL: sweep at the REST root that discovery found.
    const api = pre.baseUrl ? client.derive({ baseUrl: pre.baseUrl }) : client;
    if (pre.baseUrl) process.stdout.write(`REST root found at ${pre.baseUrl}\n`);
    const result = await sweep(api, config.runTag, { log: (line) => process.stdout.write(`${line}\n`) });
    const found = foundTotal(result);
    process.stdout.write(
      `cleanup of run tag ${config.runTag} at ${api.root}: ${found} tagged record(s) found, ${result.deleted} removed (posts trashed, terms deleted)\n`,
    );
    if (result.errors.length) {
      for (const e of result.errors) process.stderr.write(`calcert: cleanup: ${e}\n`);
      process.stderr.write(
        `calcert: cleanup of ${config.runTag} is incomplete; fix: check the server and the user's rights, then run the same command again\n`,
      );
      return 2;
    }
    return 0;
  } finally {
    await client.close();
  }
};
