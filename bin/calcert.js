#!/usr/bin/env node
// Entry point: registers the TypeScript loader (tsx) and hands over to lib/cli.ts.
import { register } from 'tsx/esm/api';

register();
const { main } = await import('../lib/cli.ts');
process.exitCode = await main(process.argv.slice(2));
