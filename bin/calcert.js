#!/usr/bin/env node
// Entry point: registers the TypeScript loader (tsx) and hands over to lib/cli.ts.
import { register } from 'tsx/esm/api';

// `calcert list | head`: a closed pipe ends the output quietly.
process.stdout.on('error', (e) => {
  if (e.code === 'EPIPE') process.exit(process.exitCode ?? 0);
  throw e;
});
register();
const { main } = await import('../lib/cli.ts');
process.exitCode = await main(process.argv.slice(2));
