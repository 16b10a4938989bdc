import { runTolerance } from '../selftest/support/tolerance.ts';
const files = process.argv.slice(2);
for (const variant of ['extended', 'base'] as const) {
  const run = await runTolerance('original', variant, undefined, { files });
  console.log(variant, run.verdict, run.problem ?? '', 'checks', run.checks);
  for (const b of run.broken) console.log('  BROKEN', b.id, b.status, b.message);
  for (const n of run.notes) console.log('  note', n.id, n.status, n.message);
  console.log('  warned', run.warned.join(' '));
  console.log('  unexpected', run.unexpected.join(' '));
}
process.exit(0);
