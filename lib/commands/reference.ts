/**
 * `calcert reference`: the reference server (fixtures/reference-server/cli.ts validates the values
 * and serves until stopped). The flags were parsed by lib/cli.ts; they are handed over as argv.
 */
import type { CommandFn } from './command.ts';

export const REFERENCE_FLAGS = [
  'variant',
  'port',
  'namespace',
  'user',
  'password',
  'features',
  'fault',
  'quirks',
  'chaos',
  'now',
  'seed-fixtures',
  'site-timezone',
  'seed-events',
] as const;

export const referenceCmd: CommandFn = async ({ flags }) => {
  const argv: string[] = [];
  for (const name of REFERENCE_FLAGS) {
    const v = flags[name];
    if (v === undefined || v === false) continue;
    argv.push(`--${name}`);
    if (v !== true) argv.push(String(v));
  }
  const { runReferenceCli } = await import('../../fixtures/reference-server/cli.ts');
  await runReferenceCli(argv);
  return 0;
};
