/**
 * `calcert report A.json [B.json ...] [--html OUT.html]`: renders results.json files as one
 * self-contained HTML page. One file: the run's own report page (as `report.html` beside it);
 * several: a conformance matrix of the runs (implementations or versions), linking to each run's
 * own page; more than FLEET_FROM: the fleet page (a host's sites, lib/tools/fleet.ts), which reads
 * of each run only what it shows (lib/tools/fleet-read.ts). `NAME=RESULTS.json` names a column or
 * a site (else the run folder's name). Without --html the page is `report.html` (one run) or `runs.html` (several) in the
 * current directory. The run folders the page names are recorded as named by it, so that --keep
 * never removes them. An input that is not a results.json of format 1 is a ConfigError (one line,
 * exit 2).
 */
import { existsSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { loadReport } from '../tools/compare.ts';
import { ConfigError } from '../run/config/model.ts';
import type { CommandFn } from './command.ts';
import { recordNamingPage } from './keep.ts';
import { type MatrixRun, renderHtml, renderMatrix } from '../report/html.ts';
import { renderFleet } from '../tools/fleet.ts';
import { readFleetRun } from '../tools/fleet-read.ts';
import { makeDirs } from '../report/write.ts';

/**
 * More runs than this make the fleet page (lib/tools/fleet.ts: a row per site, failures first)
 * instead of the side-by-side matrix (a column per run, every check a row).
 */
export const FLEET_FROM = 10;

const REPORT_USAGE = 'usage: calcert report [NAME=]RESULTS.json [[NAME=]RESULTS.json ...] [--html OUT.html]';

/** `NAME=PATH` names a column (an implementation, a version); a plain path is its own label. */
function splitLabel(arg: string): { label?: string; path: string } {
  const m = /^([^=/\\]+)=(.+)$/.exec(arg);
  return m && !existsSync(arg) ? { label: (m[1] as string).trim(), path: m[2] as string } : { path: arg };
}

/** A column label per input: the run directory's name (results.json itself says little), made unique. */
function labelsFor(paths: string[]): string[] {
  const raw = paths.map((p) => {
    const b = basename(p);
    if (b !== 'results.json') return b.replace(/\.json$/, '');
    const dir = dirname(resolve(p));
    // reports/latest/results.json: say whose latest.
    return basename(dir) === 'latest' ? `${basename(dirname(dir))}/latest` : basename(dir);
  });
  return raw.map((l, i) => (raw.indexOf(l) !== i || raw.lastIndexOf(l) !== i ? `${l} (${i + 1})` : l));
}

const hrefTo = (rel: string) => (rel.startsWith('.') ? rel : `./${rel}`);

/** Render the inputs into `html`; returns the exit code (0). Throws ConfigError on unusable input. */
export function runReport(args: string[], options: { html?: string }): number {
  const named = args.map(splitLabel);
  const inputs = named.map((n) => n.path);
  if (!inputs.length) throw new ConfigError(`report needs at least one results.json: ${REPORT_USAGE}`);
  const out = resolve(options.html ?? (inputs.length === 1 ? 'report.html' : 'runs.html'));
  const labels = labelsFor(inputs);
  // Each run's own page, linked from the matrix when it lies beside its results.json ('./' first:
  // a folder named like a URL scheme stays a relative path).
  const hrefOf = (p: string) => {
    const own = join(dirname(resolve(p)), 'report.html');
    return existsSync(own) && own !== out ? { href: hrefTo(relative(dirname(out), own).split('\\').join('/')) } : {};
  };
  const label = (i: number) => named[i]?.label ?? labels[i]!;
  const fleet = inputs.length > FLEET_FROM;
  let page: string;
  if (fleet) page = renderFleet(inputs.map((p, i) => ({ ...readFleetRun(p, label(i)), ...hrefOf(p) })));
  else {
    const runs: MatrixRun[] = inputs.map((p, i) => ({ label: label(i), report: loadReport(p), ...hrefOf(p) }));
    page = runs.length === 1 ? renderHtml(runs[0]!.report) : renderMatrix(runs);
  }
  try {
    makeDirs(dirname(out));
    writeFileSync(out, page);
  } catch (e) {
    throw new ConfigError(
      `cannot write ${options.html} (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`,
    );
  }
  if (inputs.length > 1) recordNamingPage(inputs, out);
  const what =
    inputs.length === 1
      ? 'report'
      : fleet
        ? `fleet page of ${inputs.length} runs`
        : `conformance matrix of ${inputs.length} runs`;
  process.stdout.write(`${what}: ${out}\n`);
  return 0;
}

/** The command (lib/commands/cli.ts parses its flags). */
export const reportCmd: CommandFn = async ({ flags, args }) =>
  runReport(args, { html: typeof flags.html === 'string' ? flags.html : undefined });
