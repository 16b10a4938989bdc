/**
 * `calcert compare OLD.json NEW.json [--strict] [--json]`: what changed per check ID between two
 * runs (lib/tools/compare.ts). Exit 0 no regression, 1 regression (a must-check newly failing; with
 * --strict any check newly failing or warning), 2 an input is not a results.json of format 1.
 */
import { calcertCommand } from '../run/config/replay.ts';
import { ConfigError } from '../run/config/model.ts';
import { compareReports, loadReport, renderComparisonText } from '../tools/compare.ts';
import { out, type CommandFn } from './command.ts';

export const compareCmd: CommandFn = async ({ flags, args }) => {
  if (args.length !== 2)
    throw new ConfigError(
      `compare takes two results.json files (OLD NEW), got ${args.length}: ${calcertCommand()} compare OLD.json NEW.json [--strict]`,
    );
  const [oldPath, newPath] = args as [string, string];
  const cmp = compareReports(loadReport(oldPath), loadReport(newPath), flags.strict === true);
  out(flags.json ? JSON.stringify(cmp, null, 2) : renderComparisonText(cmp));
  return cmp.regressed ? 1 : 0;
};
