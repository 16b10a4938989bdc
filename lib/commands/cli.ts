/**
 * The `calcert` command line: the one module that parses flags (commander), from the one flag
 * declaration in lib/run/config/flags.ts (`FLAGS`: environment key, default, help). Each command lives in
 * lib/commands/ and receives parsed flags; none imports this module (no import cycle).
 * Help never contacts a target. Every user-facing problem ends as one line on stderr and exit
 * code 2, never a stack trace.
 *
 * To add a command: one entry in COMMANDS (its flags by name, its positional arguments, a loader
 * of its `CommandFn`); new flags go into FLAGS in lib/run/config/flags.ts.
 */
import { REFERENCE_FLAGS } from './reference.ts';
import { createRequire } from 'node:module';
import { Command, CommanderError, Option } from 'commander';
import { calcertCommand } from '../run/config/replay.ts';
import { ConfigError } from '../run/config/model.ts';
import { FLAGS, type FlagName, type FlagSpec, type Flags } from '../run/config/flags.ts';
import { flagsSwallowedByNpm, secretsEchoedByNpm } from '../run/config/load.ts';
import type { CommandFn } from './command.ts';

const pkg = createRequire(import.meta.url)('../../package.json') as { version: string };

/** The flags naming and reaching a target (certify, cleanup, diff share them). */
const TARGET_FLAGS: FlagName[] = [
  'base-url',
  'namespace',
  'variant',
  'user',
  'password',
  'auth-header',
  'features',
  'fixtures',
  'seed',
  'num-runs',
  'run-tag',
  'read-only',
  'timeout-ms',
  'deadline-s',
  'concurrency',
  'concurrency-max',
];

/** A flag's help as one command reads it, where it differs from FLAGS (a required flag has no default). */
interface FlagNote {
  help?: string;
  /** The command refuses to run without it (or, as said, without another): the help says so, and shows no default. */
  required?: true | string;
}

interface CommandSpec {
  summary: string;
  flags: readonly FlagName[];
  /** Where this command reads a flag otherwise than FLAGS says (the help must be true of the command). */
  notes?: Partial<Record<FlagName, FlagNote>>;
  /** Positional arguments as shown in the help (e.g. `<old> <new>`); none when absent. */
  args?: { usage: string; description: string };
  load: () => Promise<CommandFn>;
}

export const COMMANDS: Record<string, CommandSpec> = {
  certify: {
    summary: 'certify a server (or the embedded reference server when no --base-url)',
    flags: [
      ...TARGET_FLAGS,
      'max-requests',
      'report-dir',
      'keep',
      'har',
      'expect',
      'allow-stale',
      'baseline',
      'strict',
      'grep',
      'min-judged',
    ],
    load: async () => (await import('./certify.ts')).certifyCmd,
  },
  list: {
    summary: 'list every check with its metadata',
    flags: ['json'],
    load: async () => (await import('./list.ts')).listCmd,
  },
  explain: {
    summary:
      'explain one check: what it asserts, its level and why, its source, the faults that prove it, how to replay it',
    flags: ['json'],
    args: { usage: '<check-id>', description: 'a check ID (see calcert list)' },
    load: async () => (await import('./explain.ts')).explainCmd,
  },
  reference: {
    summary: 'start the reference server and serve until stopped',
    flags: [...REFERENCE_FLAGS],
    load: async () => (await import('./reference.ts')).referenceCmd,
  },
  faults: {
    summary: 'list the reference server faults, chaos faults and quirks',
    flags: ['json'],
    load: async () => (await import('./faults.ts')).faultsCmd,
  },
  cleanup: {
    summary: 'delete what a run left on the target (--run-tag TAG + target flags)',
    flags: [
      'base-url',
      'namespace',
      'variant',
      'user',
      'password',
      'auth-header',
      'run-tag',
      'timeout-ms',
      'concurrency',
    ],
    notes: {
      // The embedded reference server goes away with its run, and what it held with it.
      'base-url': { help: 'REST root (https://example.org/wp-json) of the server the run wrote to', required: true },
      'run-tag': {
        help: 'the run tag of the run to clean up (printed by certify, in results.json header.runTag)',
        required: true,
      },
      // Deleting needs an editor or administrator: credentials one way or the other.
      user: { required: 'with --password, or --auth-header' },
      password: { required: 'with --user, or --auth-header' },
      'auth-header': { required: 'or --user and --password' },
    },
    load: async () => (await import('./cleanup.ts')).cleanupCmd,
  },
  compare: {
    summary: 'compare two results.json files by check ID',
    flags: ['strict', 'json'],
    args: { usage: '<old> <new>', description: 'results.json of the earlier and of the later run' },
    load: async () => (await import('./compare.ts')).compareCmd,
  },
  verify: {
    summary: 'check that a certificate.json and a results.json agree (exit 0 agree, 1 disagree)',
    flags: [],
    args: { usage: '<certificate> <results>', description: 'certificate.json and the results.json it names' },
    load: async () => (await import('./verify.ts')).verifyCmd,
  },
  report: {
    summary: 'render results.json files as HTML: one run, or several side by side',
    flags: ['html'],
    args: { usage: '<results...>', description: 'results.json files (one run, or several side by side)' },
    load: async () => (await import('./report.ts')).reportCmd,
  },
  diff: {
    summary: 'send the same generated requests to two servers and show the differences',
    flags: [
      'base-url',
      'namespace',
      'user',
      'password',
      'auth-header',
      'candidate-url',
      'candidate-namespace',
      'candidate-user',
      'candidate-password',
      'candidate-auth-header',
      'seed',
      'num-runs',
      'run-tag',
      'read-only',
      'timeout-ms',
      'concurrency',
      'json',
    ],
    notes: {
      'base-url': {
        help: 'REST root (https://example.org/wp-json) of the server taken as the reference',
        required: true,
      },
      'candidate-url': { required: true },
      'num-runs': { help: 'generated list queries sent to both servers, after every list plain' },
      'run-tag': { help: 'tag put into the records the write sequence creates on each side' },
    },
    load: async () => (await import('./diff.ts')).diffCmd,
  },
};

/** One help line: the flag's text as the command reads it, its environment key, and its default or that it is required. */
export function helpText(spec: FlagSpec, note: FlagNote = {}): string {
  const notes = [
    spec.env ? `env ${spec.env}` : '',
    note.required
      ? `required${note.required === true ? '' : `, ${note.required}`}`
      : spec.default
        ? `default: ${spec.default}`
        : '',
  ]
    .filter(Boolean)
    .join('; ');
  const help = note.help ?? spec.help;
  return notes ? `${help} (${notes})` : help;
}

/** A positional argument where none is taken: say what was probably meant. */
function strayArgument(command: string, arg: string): ConfigError {
  if (/^https?:\/\//i.test(arg))
    return new ConfigError(
      `${command} takes no arguments: give the target as a flag, \`${calcertCommand()} ${command} --base-url ${arg}\``,
    );
  return new ConfigError(
    `${command} takes no arguments, got ${JSON.stringify(arg)}: flags start with -- (see \`${calcertCommand()} ${command} --help\`)`,
  );
}

function build(result: { code: number }): Command {
  const program = new Command('calcert')
    .description('Conformance test suite for the Event Calendar REST interface')
    .version(pkg.version, '-V, --version', 'print the version')
    .helpOption('-h, --help', 'show help')
    .addHelpText('after', '\nRun `calcert <command> --help` for its flags, environment keys and defaults.')
    .showSuggestionAfterError(true)
    .exitOverride()
    .configureOutput({
      writeOut: (s) => process.stdout.write(s),
      writeErr: (s) => process.stderr.write(s),
      outputError: (s, write) =>
        write(`calcert: ${s.replace(/^error: /, '').replace(/\n\(Did you mean (.*)\)/, ' (did you mean $1)')}`),
    });
  for (const [name, spec] of Object.entries(COMMANDS)) {
    const cmd = program
      .command(name)
      .summary(spec.summary)
      .description(spec.summary)
      .helpOption('-h, --help', 'show help')
      .showSuggestionAfterError(true)
      .allowExcessArguments(true)
      .exitOverride();
    // Optional for the parser (the command names what is missing in one line), shown as given.
    if (spec.args) {
      for (const token of spec.args.usage.split(' ')) cmd.argument(token.replace(/^<(.*)>$/, '[$1]'));
      cmd.usage(`[options] ${spec.args.usage}`).addHelpText('after', `\nArguments: ${spec.args.description}`);
    }
    const byAttribute = new Map<string, FlagName>();
    for (const flag of spec.flags) {
      const f = FLAGS[flag] as FlagSpec;
      const option = new Option(`--${flag}${f.arg ? ` <${f.arg}>` : ''}`, helpText(f, spec.notes?.[flag]));
      byAttribute.set(option.attributeName(), flag);
      cmd.addOption(option);
    }
    cmd.action(async (...actionArgs: unknown[]) => {
      const self = actionArgs[actionArgs.length - 1] as Command;
      const flags: Flags = {};
      for (const [attr, value] of Object.entries(self.opts())) {
        const flag = byAttribute.get(attr);
        if (flag) flags[flag] = value as string | boolean;
      }
      const args = self.args;
      if (!spec.args && args.length) throw strayArgument(name, args[0] as string);
      result.code = await (await spec.load())({ flags, args });
    });
  }
  return program;
}

export async function main(argv: string[]): Promise<number> {
  const result = { code: 0 };
  const program = build(result);
  if (!argv.length) {
    process.stdout.write(program.helpInformation());
    return 2;
  }
  // `npm run certify --base-url x` gives --base-url to npm (npm_config_base_url): certify would run without it.
  const event = process.env['npm_lifecycle_event'];
  if (event && event === argv[0]) {
    const swallowed = flagsSwallowedByNpm().filter((f) => COMMANDS[event]?.flags.includes(f as FlagName));
    if (swallowed.length) {
      process.stderr.write(
        `calcert: npm kept ${swallowed.map((f) => `--${f}`).join(', ')} for itself (npm_config_${(swallowed[0] as string).replace(/-/g, '_')} is set): put -- before the flags, \`npm run ${event} -- --${swallowed[0]} ...\`\n`,
      );
      return 2;
    }
  }
  for (const flag of secretsEchoedByNpm(argv)) {
    const key = (FLAGS[flag] as FlagSpec).env;
    process.stderr.write(
      `calcert: warning: npm printed --${flag} above (it echoes a script's command line, into this terminal and any CI log): give it as ${key} in the environment or .env instead\n`,
    );
  }
  try {
    await program.parseAsync(argv, { from: 'user' });
    return result.code;
  } catch (e) {
    if (e instanceof CommanderError) {
      if (e.code === 'commander.helpDisplayed' || e.code === 'commander.version' || e.code === 'commander.help')
        return e.exitCode === 0 || e.code !== 'commander.help' ? 0 : 2;
      return 2; // already written by outputError: one line, with "did you mean" when commander has one
    }
    if (e instanceof ConfigError || (e as Error)?.name === 'ConfigError' || (e as Error)?.name === 'PreflightError') {
      process.stderr.write(`calcert: ${(e as Error).message}\n`);
      return 2;
    }
    process.stderr.write(`calcert: internal error (please report): ${(e as Error)?.stack ?? String(e)}\n`);
    return 2;
  }
}
