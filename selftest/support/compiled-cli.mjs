#!/usr/bin/env node
// The compiled CLI of this clone, as the packed tool runs it: bin/calcert.js's branch for an
// installation without sources (dist/lib/commands/cli.js, built once per self-test run by
// compiledTool() in selftest/support/run-cli.ts). A child of a self-test whose subject is not the
// repository's TypeScript loader runs this instead of bin/calcert.js: the loader's hooks cost
// about a CPU-second per child. dist/ sits under the clone's root, as in the packed tool under
// the package's, so the lines a run prints name the clone's bin/calcert.js as they do from it.

// `calcert list | head`: a closed pipe ends the output quietly.
process.stdout.on('error', (e) => {
  if (e.code === 'EPIPE') process.exit(process.exitCode ?? 0);
  throw e;
});
const { main } = await import('../../dist/lib/commands/cli.js');
process.exitCode = await main(process.argv.slice(2));
