/**
 * The CLI parent owns SIGINT/SIGTERM (vitest would otherwise handle SIGINT itself): the first
 * signal aborts the run, which stops the checks, lets cleanup and the partial report happen and
 * exits 130; a second signal exits at once.
 */
import { cleanupCommand } from './config/replay.ts';
import type { Config } from './config/model.ts';

export async function runWithSignals<T>(config: Config, fn: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const controller = new AbortController();
  let count = 0;
  const onSignal = (sig: NodeJS.Signals) => {
    count++;
    if (count > 1) {
      const line = cleanupCommand(config);
      process.stderr.write(
        line
          ? `calcert: ${sig} again, exiting without cleanup; to remove what the run left, run: ${line}\n`
          : `calcert: ${sig} again, exiting without cleanup (the embedded reference server goes with the run)\n`,
      );
      process.exit(130);
    }
    process.stderr.write(`calcert: ${sig}: stopping the run, cleaning up and writing a partial report...\n`);
    controller.abort();
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  try {
    return await fn(controller.signal);
  } finally {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  }
}
