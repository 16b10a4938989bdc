/**
 * Developer tool: run the checks a fault names (or the checks given) against the embedded
 * reference server with that fault on, and print which caught it.
 *   npx tsx scripts/fault.ts FAULT [--variant base|extended] [CHECK_ID ...]
 *   npx tsx scripts/fault.ts --none CHECK_ID ...      (no fault: the checks must pass)
 *   --read-only: a read-only run; of the fault's breaks only the checks that apply read-only.
 */
import { FAULTS } from '../fixtures/reference-server/faults.ts';
import { readOnlyChecks, runFault } from '../lib/certify/faultrun.ts';

const args = process.argv.slice(2);
const variantAt = args.indexOf('--variant');
const variantArg = variantAt >= 0 ? args.splice(variantAt, 2)[1] : undefined;
const readOnlyAt = args.indexOf('--read-only');
const readOnly = readOnlyAt >= 0;
if (readOnly) args.splice(readOnlyAt, 1);
const [name, ...ids] = args;
if (!name) {
  console.error('usage: npx tsx scripts/fault.ts FAULT|--none [--variant base|extended] [CHECK_ID ...]');
  process.exit(2);
}
const fault = name === '--none' ? undefined : FAULTS.find((f) => f.name === name);
if (name !== '--none' && !fault) {
  console.error(`unknown fault ${name}; faults: ${FAULTS.map((f) => f.name).join(', ')}`);
  process.exit(2);
}
const checks = ids.length
  ? ids
  : readOnly
    ? await readOnlyChecks(fault?.breaks ?? [], (variantArg ?? fault?.variant ?? 'extended') as 'base' | 'extended')
    : [...(fault?.breaks ?? [])];
if (!checks.length) {
  console.error(`fault ${name} lists no checks in its breaks; give check IDs`);
  process.exit(2);
}
const variant = (variantArg ?? fault?.variant ?? 'extended') as 'base' | 'extended';
const run = await runFault(fault?.name, checks, variant, { readOnly });
if (run.problem) console.log(`run did not start: ${run.problem}`);
for (const id of checks) console.log(`${String(run.statuses[id]).padEnd(8)} ${id}`);
console.log(
  `${fault ? `fault ${fault.name}` : 'no fault'} (${variant}${readOnly ? ', read-only' : ''}): ${run.caught.length}/${checks.length} caught in ${run.ms} ms`,
);
process.exit(fault ? (run.missed.length ? 1 : 0) : run.caught.length ? 1 : 0);
