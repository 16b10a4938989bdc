/**
 * `calcert compare OLD.json NEW.json [--strict] [--json]`: what changed per check ID between two
 * runs (lib/compare.ts). Exit 0 no regression, 1 regression (a must-check newly failing; with
 * --strict any check newly failing or warning), 2 an input is not a results.json of format 1.
 */
import { ConfigError } from '../config.ts';
import { parseFlags } from '../cli.ts';
import { compareReports, loadReport, renderComparisonText } from '../compare.ts';

export const compareCmd = async (argv: string[]): Promise<number> => {
  const { flags, positionals } = parseFlags(argv, [], ['strict', 'json']);
  if (flags['help']) {
    process.stdout.write('usage: calcert compare OLD.json NEW.json [--strict] [--json]\n');
    return 0;
  }
  if (positionals.length !== 2)
    throw new ConfigError(
      `compare takes two results.json files (OLD NEW), got ${positionals.length}: calcert compare OLD.json NEW.json [--strict]`,
    );
  const [oldPath, newPath] = positionals as [string, string];
  const oldR = loadReport(oldPath);
  const newR = loadReport(newPath);
  const cmp = compareReports(oldR, newR, flags['strict'] === true);
  if (flags['json']) process.stdout.write(JSON.stringify(cmp, null, 2) + '\n');
  else process.stdout.write(renderComparisonText(cmp) + '\n');
  return cmp.regressed ? 1 : 0;
};
