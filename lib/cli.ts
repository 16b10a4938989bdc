/**
 * The `calcert` command line: certify, list, reference, faults, cleanup, compare, diff.
 * Flag and command names are fixed in CONTRACT.md. Every user-facing problem ends as one line
 * on stderr and exit code 2, never a stack trace.
 */
import { parseArgs } from 'node:util';
import { BOOLEAN_FLAGS, ConfigError, loadConfig, type Flags } from './config.ts';
import type { CheckResult } from './results.ts';

type Command = (argv: string[]) => Promise<number>;

const TARGET_FLAGS = [
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
  'timeout-ms',
  'deadline-s',
  'concurrency',
  'report-dir',
];

/** Parse flags strictly: an unknown flag is a ConfigError naming it. */
export function parseFlags(
  argv: string[],
  valueFlags: string[],
  booleanFlags: string[] = [],
): { flags: Flags; positionals: string[] } {
  const options: Record<string, { type: 'string' | 'boolean' }> = {};
  for (const f of valueFlags) options[f] = { type: 'string' };
  for (const f of booleanFlags) options[f] = { type: 'boolean' };
  options['help'] = { type: 'boolean' };
  try {
    const { values, positionals } = parseArgs({ args: argv, options, allowPositionals: true, strict: true });
    return { flags: values as Flags, positionals };
  } catch (e) {
    throw new ConfigError(`${(e as Error).message.split('\n')[0]} (see \`calcert --help\`)`);
  }
}

const STATUS_MARK: Record<string, string> = {
  pass: 'ok  ',
  fail: 'FAIL',
  warn: 'warn',
  'n/a': 'n/a ',
  blocked: 'BLKD',
  error: 'ERR ',
  'expected-fail': 'xfail',
  'stale-expectation': 'STALE',
};

function printResult(r: CheckResult): void {
  if (r.status === 'pass' || r.status === 'n/a') return;
  const lines = (r.message ?? '').split('\n');
  process.stdout.write(`${STATUS_MARK[r.status]} ${r.id} (${r.level}): ${lines[0]}\n`);
  // A property failure's first line says little: show what failed and how to replay it.
  for (const line of lines.slice(1))
    if (/^(counterexample|cause|replay):/.test(line))
      process.stdout.write(`       ${line.length > 400 ? `${line.slice(0, 400)}...` : line}\n`);
}

const certifyCmd: Command = async (argv) => {
  const { flags } = parseFlags(argv, [...TARGET_FLAGS, 'expect', 'baseline', 'grep'], [...BOOLEAN_FLAGS]);
  const config = loadConfig({ flags });
  const { certify } = await import('./certify.ts');
  const { runWithSignals } = await import('./signals.ts');
  const result = await runWithSignals(config, (signal) =>
    certify(config, {
      signal,
      log: (line) => process.stdout.write(`${line}\n`),
      onResult: printResult,
    }),
  );
  if (!result.report) {
    process.stderr.write(`calcert: ${result.problem}\n`);
    return 2;
  }
  const f = result.report.footer;
  const by = f.counts.byStatus;
  // --baseline / --expect: the changes and expectation notes lead the run's closing output.
  if (result.gate?.text) process.stdout.write(`\n${result.gate.text}\n`);
  process.stdout.write(
    `\n${f.verdict.toUpperCase()}: ${result.report.checks.length} checks, ${by['pass'] ?? 0} pass, ${by['fail'] ?? 0} fail, ${by['warn'] ?? 0} warn, ${by['n/a'] ?? 0} n/a, ${by['blocked'] ?? 0} blocked, ${by['error'] ?? 0} error${by['expected-fail'] ? `, ${by['expected-fail']} expected-fail` : ''}${by['stale-expectation'] ? `, ${by['stale-expectation']} stale-expectation` : ''}; ${result.report.header.requests} requests in ${(result.report.header.duration / 1000).toFixed(1)} s\n`,
  );
  for (const e of f.errors) process.stdout.write(`run error: ${e}\n`);
  if (result.reportDir) process.stdout.write(`reports: ${result.reportDir} (also ${config.reportDir}/latest)\n`);
  if (result.problem) process.stderr.write(`calcert: ${result.problem}\n`);
  if (result.exitCode === 130)
    process.stderr.write(
      `calcert: interrupted${result.report.header.cleanup ? `; tagged records of run ${config.runTag} were swept (header.cleanup in results.json)` : ''}\n`,
    );
  return result.exitCode;
};

const listCmd: Command = async (argv) => {
  const { flags } = parseFlags(argv, [], ['json']);
  const { listChecks } = await import('./list.ts');
  const checks = await listChecks();
  if (flags['json']) process.stdout.write(JSON.stringify(checks, null, 2) + '\n');
  else
    for (const c of checks)
      process.stdout.write(
        `${c.id}  [${c.level}] ${c.tags.length ? `{${c.tags.join(',')}} ` : ''}${c.title}  (${c.requirements.join(', ')}; ${c.spec})\n`,
      );
  return 0;
};

const referenceCmd: Command = async (argv) => {
  const { runReferenceCli } = await import('../fixtures/reference-server/cli.ts');
  await runReferenceCli(argv);
  return 0;
};

const faultsCmd: Command = async (argv) => {
  const { flags } = parseFlags(argv, [], ['json']);
  const { FAULTS } = await import('../fixtures/reference-server/faults.ts');
  const { CHAOS } = await import('../fixtures/reference-server/chaos.ts');
  const { QUIRKS } = await import('../fixtures/reference-server/quirks.ts');
  if (flags['json']) {
    process.stdout.write(JSON.stringify({ faults: FAULTS, chaos: CHAOS, quirks: QUIRKS }, null, 2) + '\n');
    return 0;
  }
  process.stdout.write(`Faults (${FAULTS.length}): each must be caught by the checks it breaks\n`);
  for (const f of FAULTS)
    process.stdout.write(`  ${f.name.padEnd(34)} ${f.description}  [breaks ${f.breaks.length}]\n`);
  process.stdout.write(`\nChaos faults (${CHAOS.length}): each must end the run within its bound\n`);
  for (const c of CHAOS) process.stdout.write(`  ${c.name.padEnd(34)} ${c.description}\n`);
  process.stdout.write(`\nQuirks (${QUIRKS.length}): measured behaviours of the original every must-check accepts\n`);
  for (const q of QUIRKS) process.stdout.write(`  ${q.name.padEnd(34)} ${q.description} (${q.variants.join(', ')})\n`);
  return 0;
};

const COMMANDS: Record<string, { run: () => Promise<Command>; help: string }> = {
  certify: {
    run: async () => certifyCmd,
    help: 'certify a server (or the embedded reference server when no --base-url)',
  },
  list: { run: async () => listCmd, help: 'list every check with its metadata (--json)' },
  reference: {
    run: async () => referenceCmd,
    help: 'start the reference server (--variant --port --fault --quirks ...)',
  },
  faults: { run: async () => faultsCmd, help: 'list the reference server faults, chaos faults and quirks (--json)' },
  cleanup: {
    run: async () => (await import('./commands/cleanup.ts')).cleanupCmd,
    help: 'delete what a run left on the target (--run-tag TAG + target flags)',
  },
  compare: {
    run: async () => (await import('./commands/compare.ts')).compareCmd,
    help: 'compare two results.json files by check ID (OLD NEW)',
  },
  report: {
    run: async () => (await import('./commands/report.ts')).reportCmd,
    help: 'render results.json files as HTML: one run, or several side by side (A.json B.json --html OUT)',
  },
  diff: {
    run: async () => (await import('./commands/diff.ts')).diffCmd,
    help: 'send the same generated requests to two servers and show differences',
  },
};

function usage(): string {
  return [
    'usage: calcert <command> [flags]',
    '',
    ...Object.entries(COMMANDS).map(([name, c]) => `  ${name.padEnd(10)} ${c.help}`),
    '',
    'Flags and environment keys: see README.md (CAL_BASE_URL, CAL_NAMESPACE, ...).',
  ].join('\n');
}

export async function main(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  if (!name || name === '--help' || name === '-h' || name === 'help') {
    process.stdout.write(usage() + '\n');
    return name ? 0 : 2;
  }
  const command = COMMANDS[name];
  if (!command) {
    process.stderr.write(
      `calcert: unknown command ${JSON.stringify(name)}; use one of ${Object.keys(COMMANDS).join(', ')}\n`,
    );
    return 2;
  }
  try {
    return await (await command.run())(rest);
  } catch (e) {
    if (e instanceof ConfigError || (e as Error)?.name === 'ConfigError' || (e as Error)?.name === 'PreflightError') {
      process.stderr.write(`calcert: ${(e as Error).message}\n`);
      return 2;
    }
    process.stderr.write(`calcert: internal error (please report): ${(e as Error)?.stack ?? String(e)}\n`);
    return 2;
  }
}
