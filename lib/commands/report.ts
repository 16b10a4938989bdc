/**
 * `calcert report A.json [B.json ...] --html OUT.html`: renders results.json files as one
 * self-contained HTML page. One file: the run's own report page (as `report.html` beside it);
 * several: the runs side by side, check by check (implementations or versions). An input that is
 * not a results.json of format 1 is a ConfigError (one line, exit 2).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { basename, dirname, resolve } from 'node:path';
import { loadReport } from '../compare.ts';
import { ConfigError } from '../config.ts';
import type { CommandFn } from './command.ts';
import { type MatrixRun, renderHtml, renderMatrix } from '../report/html.ts';

export const REPORT_USAGE = 'usage: calcert report RESULTS.json [RESULTS.json ...] --html OUT.html';

/** A column label per input: the run directory's name (results.json itself says little), made unique. */
export function labelsFor(paths: string[]): string[] {
  const raw = paths.map((p) => {
    const b = basename(p);
    if (b !== 'results.json') return b.replace(/\.json$/, '');
    const dir = dirname(resolve(p));
    // reports/latest/results.json: say whose latest.
    return basename(dir) === 'latest' ? `${basename(dirname(dir))}/latest` : basename(dir);
  });
  return raw.map((l, i) => (raw.indexOf(l) !== i || raw.lastIndexOf(l) !== i ? `${l} (${i + 1})` : l));
}

/** Render the inputs into `html`; returns the exit code (0). Throws ConfigError on unusable input. */
export function runReport(inputs: string[], options: { html?: string }): number {
  if (!inputs.length) throw new ConfigError(`report needs at least one results.json: ${REPORT_USAGE}`);
  if (!options.html) throw new ConfigError(`report needs --html OUT.html: ${REPORT_USAGE}`);
  const labels = labelsFor(inputs);
  const runs: MatrixRun[] = inputs.map((p, i) => ({ label: labels[i]!, report: loadReport(p) }));
  const page = runs.length === 1 ? renderHtml(runs[0]!.report) : renderMatrix(runs);
  const out = resolve(options.html);
  try {
    mkdirSync(dirname(out), { recursive: true });
    writeFileSync(out, page);
  } catch (e) {
    throw new ConfigError(
      `cannot write ${options.html} (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`,
    );
  }
  process.stdout.write(`${runs.length === 1 ? 'report' : `${runs.length} runs side by side`}: ${out}\n`);
  return 0;
}

/** The command (lib/cli.ts parses its flags). */
export const reportCmd: CommandFn = async ({ flags, args }) =>
  runReport(args, { html: typeof flags.html === 'string' ? flags.html : undefined });
