/**
 * Agreement of two runs check by check (issue 20 point 5): the embedded reference with
 * `--quirks original` against the real original, same variant and seed.
 *
 *   npx tsx scripts/agreement.ts REFERENCE.json ORIGINAL.json [--markdown]
 *
 * Counted over the checks applicable in either run (not `n/a` in both): a check agrees when its
 * status is the same in both. Prints the share, and every check that differs with both statuses
 * and the first line of each message. Exit 0 always: it measures, it does not gate.
 */
import { currentId } from '../lib/check/aliases.ts';
import { loadReport } from '../lib/tools/compare.ts';
import { firstLine as firstLineOf, mdCell } from '../lib/report/common.ts';
import type { CheckResult } from '../lib/report/results.ts';

const args = process.argv.slice(2);
const markdown = args.includes('--markdown');
const [left, right] = args.filter((a) => !a.startsWith('--'));
if (!left || !right) {
  console.error('usage: npx tsx scripts/agreement.ts REFERENCE.json ORIGINAL.json [--markdown]');
  process.exit(2);
}
const a = loadReport(left);
const b = loadReport(right);
const byId = (checks: CheckResult[]) => new Map(checks.map((c) => [currentId(c.id), c]));
const inA = byId(a.checks);
const inB = byId(b.checks);
const ids = [...new Set([...inA.keys(), ...inB.keys()])].sort();
const firstLine = (c?: CheckResult) => mdCell(firstLineOf(c?.message).slice(0, 160));

const applicable = ids.filter((id) => inA.get(id)?.status !== 'n/a' || inB.get(id)?.status !== 'n/a');
const differ = applicable.filter((id) => inA.get(id)?.status !== inB.get(id)?.status);
const share = applicable.length ? (100 * (applicable.length - differ.length)) / applicable.length : 100;

const head = `${a.header.variant.resolved} seed ${a.header.seed} vs ${b.header.variant.resolved} seed ${b.header.seed}: ${applicable.length - differ.length} of ${applicable.length} applicable checks agree (${share.toFixed(1)}%), ${differ.length} differ`;
if (markdown) {
  console.log(`${head}\n`);
  console.log(`| check | level | ${a.header.target} | ${b.header.target} | why (first line) |`);
  console.log('|---|---|---|---|---|');
  for (const id of differ) {
    const x = inA.get(id);
    const y = inB.get(id);
    console.log(
      `| \`${id}\` | ${(x ?? y)!.level} | ${x?.status ?? '(absent)'} | ${y?.status ?? '(absent)'} | ${firstLine(y?.status !== 'pass' ? y : x)} |`,
    );
  }
} else {
  console.log(head);
  for (const id of differ)
    console.log(
      `  ${id}: ${inA.get(id)?.status ?? '(absent)'} / ${inB.get(id)?.status ?? '(absent)'}  ${firstLine(inB.get(id)) || firstLine(inA.get(id))}`,
    );
}
