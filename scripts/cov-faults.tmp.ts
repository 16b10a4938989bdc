import { FAULTS } from '../fixtures/reference-server/faults.ts';
import { COVERAGE_FAULTS } from '../fixtures/reference-server/faults/coverage.ts';
import { runFault } from '../lib/faultrun.ts';
import { listChecks } from '../lib/list.ts';
import { RunSession } from '../lib/runner.ts';

const only = process.argv.slice(2);
const names = new Set(COVERAGE_FAULTS.map((f) => f.name) as string[]);
const fileOf = new Map<string, string>();
for (const c of await listChecks()) fileOf.set(c.id, c.file);
const session = new RunSession();
let missed = 0;
for (const fault of FAULTS.filter((f) => names.has(f.name) && (only.length === 0 || only.includes(f.name)))) {
  const files = [...new Set(fault.breaks.map((id) => fileOf.get(id)).filter((f): f is string => !!f))];
  const run = await runFault(fault.name, fault.breaks, fault.variant, { seed: 1, numRuns: 5, session, files });
  const bad = run.missed.map((id) => `${id}=${run.statuses[id]}`);
  if (bad.length || run.problem) missed++;
  console.log(
    `${bad.length || run.problem ? 'MISSED' : 'caught'} ${fault.name} ${run.ms}ms ${run.problem ?? ''} ${bad.join(' ')}`,
  );
}
await session.close();
console.log(`done, ${missed} faults not fully caught`);
process.exit(0);
