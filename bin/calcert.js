#!/usr/bin/env node
// Entry point. In the repository (sources present) it registers the TypeScript loader (tsx) and
// hands over to lib/commands/cli.ts; in the packed tool (npm pack: no sources, no tsx) it runs the compiled
// dist/lib/commands/cli.js that `npm run build` emits.
import { existsSync } from 'node:fs';

// `calcert list | head`: a closed pipe ends the output quietly.
process.stdout.on('error', (e) => {
  if (e.code === 'EPIPE') process.exit(process.exitCode ?? 0);
  throw e;
});
const source = new URL('../lib/commands/cli.ts', import.meta.url);
let main;
if (existsSync(source)) {
  // The TypeScript loader's hooks slow every import made after it registers, node_modules too:
  // vitest's runtime (hundreds of modules) loads about 4 times slower through them. The commands
  // that run vitest (certify, list) load it first (issue 15: start-up, about 0.4 s).
  if (['certify', 'list', 'explain'].includes(process.argv[2])) await import('vitest/node');
  const { register } = await import('tsx/esm/api');
  register();
  ({ main } = await import(source.href));
} else {
  ({ main } = await import('../dist/lib/commands/cli.js'));
}
process.exitCode = await main(process.argv.slice(2));
