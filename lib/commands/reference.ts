/**
 * `calcert reference`: the reference server (fixtures/reference-server/cli.ts validates the values
 * and serves until stopped). The flags were parsed by lib/commands/cli.ts; they are handed over as argv.
 */
import { calcertCommand, shellQuote } from '../run/config/replay.ts';
import type { CommandFn } from './command.ts';
import { out } from './command.ts';

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
  'busy',
] as const;

export const referenceCmd: CommandFn = async ({ flags }) => {
  const argv: string[] = [];
  // The password from the environment, as certify takes it: never on a command line npm echoes.
  const envPassword = process.env['CAL_PASSWORD'];
  if (flags.password === undefined && envPassword) argv.push('--password', envPassword);
  for (const name of REFERENCE_FLAGS) {
    const v = flags[name];
    if (v === undefined || v === false) continue;
    argv.push(`--${name}`);
    if (v !== true) argv.push(String(v));
  }
  const { runReferenceCli } = await import('../../fixtures/reference-server/cli.ts');
  // The line that certifies the server just started, as it runs from where the user stands; a
  // password given stays off the screen (the line reads CAL_PASSWORD).
  await runReferenceCli(argv, (s) => {
    const words = [calcertCommand(), 'certify', '--base-url', shellQuote(s.url)];
    if (s.namespace !== 'cal/events/v1') words.push('--namespace', shellQuote(s.namespace));
    if (s.features.length) words.push('--features', shellQuote(s.features.join(',')));
    if (s.fixturesFile) words.push('--fixtures', shellQuote(s.fixturesFile));
    words.push('--user', shellQuote(s.user));
    const password = s.passwordGiven ? 'export CAL_PASSWORD (the password given here)' : 'export CAL_PASSWORD=secret';
    out(`certify it: ${words.join(' ')}  # ${password} first`);
  });
  return 0;
};
