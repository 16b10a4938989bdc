/**
 * `calcert certify`: certify a server (or the embedded reference server when no --base-url).
 * Exit 0 certified (or partial: every selected check holds), 1 not certified / regression /
 * --strict and a warning, 2 unusable configuration or target, 130 interrupted.
 */
import { coverageLine } from '../report/coverage.ts';
import { reconfirmationLine } from '../report/common.ts';
import { appliedLine } from '../run/crawl.ts';
import { strictShortfall, type CheckResult, type RunReport } from '../report/results.ts';
import { existsSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fallbackReportDirs, reportDirProblem } from '../report/write.ts';
import { calcertCommand, replayCommand, shellQuote } from '../run/config/replay.ts';
import { colourWanted, loadConfig } from '../run/config/load.ts';
import { type Config, ConfigError, type ResolvedConfig } from '../run/config/model.ts';
import type { ShadowCheck } from '../run/shadow.ts';
import type { JudgeContext, JudgedExchange } from '../spec/model/judge.ts';
import { err, out, warn, type CommandFn } from './command.ts';
import { prunedNote, pruneRuns } from './keep.ts';
import { Progress } from './progress.ts';

/** Before anything is sent: a --grep that selects no check is refused (exit 2, one line). */
async function checkSelection(grep: string): Promise<void> {
  const { listChecks } = await import('../check/list.ts');
  const re = new RegExp(grep);
  const checks = await listChecks();
  if (!checks.some((c) => re.test(c.id))) {
    // Replay lines of earlier versions ended the ID with a space ('^events\.create\.json-body '):
    // the pattern is over the ID alone now, so say what to write instead.
    const old = / $/.test(grep) ? `; the pattern is over the check ID alone: end it with $ instead of a space` : '';
    throw new ConfigError(
      `--grep ${shellQuote(grep)} matches no check ID (of ${checks.length})${old}: see \`${calcertCommand()} list\` for the check IDs`,
    );
  }
}

/**
 * The closing verdict line: verdict, counts, requests and time; a run with checks in status `error`
 * says it is incomplete (footer.incomplete), so a verdict is never read as covering checks that were
 * not judged. Pure.
 */
export function verdictLine(
  report: Pick<RunReport, 'checks' | 'footer' | 'header'>,
  paint: (style: 'red' | 'yellow' | 'green', text: string) => string = (_s, t) => t,
): string {
  const f = report.footer;
  const by = f.counts.byStatus;
  const extra = ['expected-fail', 'stale-expectation'].map((s) => (by[s] ? `, ${by[s]} ${s}` : '')).join('');
  const style =
    f.verdict === 'not-certified'
      ? 'red'
      : f.verdict === 'partial' || f.verdict === 'inconclusive'
        ? 'yellow'
        : 'green';
  const errors = by['error'] ?? 0;
  // An interrupted run: the checks it never reached are counted, not left out.
  const notStarted = report.checks.filter((c) => c.notStarted).length;
  const incomplete = errors
    ? `; INCOMPLETE run: ${errors} check(s) in error were not judged (see the incomplete lines and footer.incomplete)`
    : '';
  return `${paint(style, f.verdict.toUpperCase())}: ${report.checks.length} ${report.checks.length === 1 ? 'check' : 'checks'}, ${by['pass'] ?? 0} pass, ${by['fail'] ?? 0} fail, ${by['warn'] ?? 0} warn, ${by['n/a'] ?? 0} n/a, ${by['blocked'] ?? 0} blocked, ${errors} error${notStarted ? ` (${notStarted} not started)` : ''}${extra}; ${report.header.requests} requests in ${(report.header.duration / 1000).toFixed(1)} s${incomplete ? paint('yellow', incomplete) : ''}`;
}

/**
 * The closing line that names the checks which withheld the verdict (issue 39 point 10: the closing
 * lines said how many failed, not which): failed, blocked, and in error (a stopped run's unjudged
 * checks are said by the progress's own line), the first few of each, and how to read one. Null
 * when none. Pure.
 */
export function failedLine(checks: readonly Pick<CheckResult, 'id' | 'status' | 'unjudged'>[]): string | null {
  const some = (ids: string[]) =>
    `${ids.slice(0, 8).join(', ')}${ids.length > 8 ? `, and ${ids.length - 8} more` : ''}`;
  const of = (status: CheckResult['status']) =>
    checks.filter((c) => c.status === status && c.unjudged !== 'interrupted').map((c) => c.id);
  const parts = (
    [
      ['failed', of('fail')],
      ['blocked', of('blocked')],
      ['in error', of('error')],
    ] as const
  ).flatMap(([what, ids]) => (ids.length ? [`${ids.length} ${what} (${some(ids)})`] : []));
  const first = of('fail')[0] ?? of('blocked')[0] ?? of('error')[0];
  if (!first) return null;
  return `not passed: ${parts.join('; ')}; read one with \`${calcertCommand()} explain ${first}\``;
}

/** Why --strict exits 1 (strictShortfall): the should-checks that warned or were left unjudged; null when none. Pure. */
export function strictLine(short: { warned: string[]; unjudged: string[] }): string | null {
  const some = (ids: string[]) => `${ids.slice(0, 5).join(', ')}${ids.length > 5 ? ', ...' : ''}`;
  const parts = [
    ...(short.warned.length ? [`${short.warned.length} should-check(s) warned (${some(short.warned)})`] : []),
    ...(short.unjudged.length
      ? [
          `${short.unjudged.length} should-check(s) were not judged (error or blocked: ${some(short.unjudged)}), which is no pass`,
        ]
      : []),
  ];
  if (!parts.length) return null;
  return `calcert: exit 1 under --strict: ${parts.join('; ')}; without --strict ${short.warned.length ? 'a warning' : 'an unjudged should-check'} does not fail the run`;
}

/** The line naming the checks that ended without a judgement (footer.thinPasses). Pure. */
function thinLine(thin: { below: number; checks: string[] }): string {
  const shown = thin.checks.slice(0, 12).join(', ');
  return `thin passes: ${thin.checks.length} check(s) ended without a judgement (setup reads and bookkeeping are no evidence; each is error): ${shown}${thin.checks.length > 12 ? `, and ${thin.checks.length - 12} more (footer.thinPasses)` : ''}`;
}

/**
 * The run's config with a report folder it can write: when none was given and the default cannot
 * be written (a root-owned clone run by another user), the first fallback that can, said on
 * stderr. Otherwise the config as it is (a folder given and unusable exits 2 before any request).
 */
function writableReports(config: Config): Config {
  if (!config.defaultReportDir) return config;
  const problem = reportDirProblem(config.reportDir);
  if (!problem) return config;
  const to = fallbackReportDirs(process.env, homedir(), tmpdir(), process.getuid?.() ?? 'user').find(
    (dir) => !reportDirProblem(dir),
  );
  if (!to) return config;
  err(`calcert: ${problem.replace(/; fix: .*$/, '')}: the reports go to ${to} (--report-dir to choose)`);
  return Object.freeze({ ...config, reportDir: to });
}

/** The line naming a certified run's certificate and the `verify` command that checks it; null without one. */
export function certificateLine(runDir: string): string | null {
  const cert = join(runDir, 'certificate.json');
  if (!existsSync(cert)) return null;
  return `certificate: ${cert} and badge.svg beside it (check them with \`${calcertCommand()} verify ${shellQuote(cert)} ${shellQuote(join(runDir, 'results.json'))}\`)`;
}

/** CALCERT_MODEL_REPLAY=thread|live|after (a developer's measure of the model's replay); anything else: the default. */
function modelReplayEnv(): 'thread' | 'live' | 'after' | undefined {
  const v = process.env['CALCERT_MODEL_REPLAY'];
  return v === 'thread' || v === 'live' || v === 'after' ? v : undefined;
}

export const certifyCmd: CommandFn = async ({ flags }) => {
  const config = writableReports(loadConfig({ flags, warn }));
  if (config.grep) await checkSelection(config.grep);
  const { certify } = await import('../certify/certify.ts');
  const { runWithSignals } = await import('../run/signals.ts');
  const tty = !!process.stdout.isTTY;
  const progress = new Progress({
    tty,
    colour: colourWanted(process.stdout),
    write: (text) => process.stdout.write(text),
  });
  if (config.expect) {
    const { loadExpectations } = await import('../tools/expectations.ts');
    const { expectations } = loadExpectations(config.expect);
    progress.expected = (id) => expectations[id]?.reason;
  }
  // A developer's recording of the shadow model (lib/certify/model-recording.ts).
  const keepShadow = process.env['CALCERT_KEEP_SHADOW'];
  const recorder = keepShadow ? await import('../certify/model-recording.ts') : undefined;
  let resolvedConfig: ResolvedConfig | undefined;
  const result = await runWithSignals(config, (signal) =>
    certify(config, {
      signal,
      // Where the model replays (certify.ts modelReplayOf): thread (a full run's default), live or after.
      ...(modelReplayEnv() ? { modelReplay: modelReplayEnv() } : {}),
      log: (line) => progress.line(line),
      onResult: progress.onResult,
      onProgress: progress.onProgress,
      onResolved: (resolved) => {
        resolvedConfig = resolved;
        progress.replayOf = (id) => replayCommand(resolved, id);
      },
      ...(keepShadow && recorder
        ? {
            onModel: (shadow: ShadowCheck[], judged: JudgedExchange[], ctx: JudgeContext) => {
              if (resolvedConfig)
                progress.line(
                  `model: recorded ${recorder.writeRecording(keepShadow, resolvedConfig, shadow, judged, ctx)}`,
                );
            },
          }
        : {}),
    }),
  );
  progress.end();
  const harLine = result.har
    ? `har: ${result.har.file} (${result.har.entries} exchanges, HAR 1.2, secrets redacted)`
    : undefined;
  if (!result.report) {
    if (harLine) out(harLine);
    err(`calcert: ${result.problem}`);
    return result.exitCode;
  }
  const f = result.report.footer;
  // --baseline / --expect: the changes and expectation notes lead the run's closing output.
  if (result.gate?.text) out(`\n${result.gate.text}`);
  out(`\n${verdictLine(result.report, (style, text) => progress.paint(style, text))}`);
  const failed = failedLine(result.report.checks);
  if (failed) out(failed);
  const again = reconfirmationLine(f.reconfirmation, result.report.checks);
  if (again) out(again);
  for (const cause of f.incomplete ?? []) out(`incomplete: ${cause}`);
  if (f.inconclusive) out(`inconclusive: ${f.inconclusive}`);
  if (f.thinPasses) out(thinLine(f.thinPasses));
  out(appliedLine(result.report.checks, result.report.header.observed));
  if (result.report.coverage) out(coverageLine(result.report.coverage));
  if (f.selection)
    out(
      `partial run: only the ${result.report.checks.length === 1 ? 'check' : `${result.report.checks.length} checks`} matching --grep ${f.selection.grep} ran; the verdict covers them, not the interface (exit 0 when none of them failed)`,
    );
  for (const e of f.errors) out(`run error: ${e}`);
  const curls = result.report.checks.filter((c) => c.status !== 'pass' && c.curl).map((c) => c.curl as string);
  if (curls.some((c) => c.includes('$CAL_PASSWORD')))
    out('note: the curl lines in the reports read the password from the environment: export CAL_PASSWORD=... first');
  else if (curls.some((c) => c.includes('CAL_AUTH_HEADER')))
    out('note: the curl lines in the reports read the Authorization value: export CAL_AUTH_HEADER=... first');
  if (result.reportDir) {
    const note = prunedNote(pruneRuns(config.reportDir, config.keep), config.keep);
    out(`reports: ${result.reportDir} (also ${config.reportDir}/latest)${note ? `; ${note}` : ''}`);
    const line = certificateLine(result.reportDir);
    if (line) out(line);
  }
  if (harLine) out(harLine);
  if (result.problem) err(`calcert: ${result.problem}`);
  if (result.coverageGate) err(`calcert: exit 1 under --min-judged: ${result.coverageGate}`);
  if (
    result.exitCode === 1 &&
    config.strict &&
    !config.baseline &&
    f.verdict !== 'not-certified' &&
    f.verdict !== 'inconclusive'
  ) {
    const line = strictLine(strictShortfall(result.report.checks));
    if (line) err(line);
  }
  if (result.exitCode === 130)
    err(
      `calcert: interrupted${result.report.header.cleanup ? `; tagged records of run ${config.runTag} were swept (header.cleanup in results.json)` : ''}`,
    );
  return result.exitCode;
};
