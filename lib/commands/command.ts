/**
 * What a command of `calcert` receives: its flags (parsed by lib/commands/cli.ts from the one declaration in
 * lib/run/config/flags.ts) and its positional arguments. A command returns its exit code; a user-facing
 * problem is a ConfigError (one line, exit 2). Commands never import lib/commands/cli.ts (no import cycle).
 */
import type { Flags } from '../run/config/flags.ts';

export interface CommandInput {
  flags: Flags;
  args: string[];
}

export type CommandFn = (input: CommandInput) => Promise<number>;

/** Write one or more lines to stdout / stderr. */
export const out = (text: string): void => void process.stdout.write(text.endsWith('\n') ? text : `${text}\n`);
export const err = (text: string): void => void process.stderr.write(text.endsWith('\n') ? text : `${text}\n`);
/** A warning line on stderr (an unknown CAL_* key, a clock skew). */
export const warn = (line: string): void => err(`calcert: warning: ${line}`);
