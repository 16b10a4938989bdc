/** `calcert faults [--json]`: the reference server's faults, chaos faults and quirks. */
import { out, type CommandFn } from './command.ts';

export const faultsCmd: CommandFn = async ({ flags }) => {
  const { FAULTS } = await import('../../fixtures/reference-server/faults.ts');
  const { CHAOS } = await import('../../fixtures/reference-server/chaos.ts');
  const { QUIRKS } = await import('../../fixtures/reference-server/quirks.ts');
  if (flags.json) {
    out(JSON.stringify({ faults: FAULTS, chaos: CHAOS, quirks: QUIRKS }, null, 2));
    return 0;
  }
  out(`Faults (${FAULTS.length}): each must be caught by the checks it breaks`);
  for (const f of FAULTS) out(`  ${f.name.padEnd(34)} ${f.description}  [breaks ${f.breaks.length}]`);
  out(`\nChaos faults (${CHAOS.length}): each must end the run within its bound`);
  for (const c of CHAOS) out(`  ${c.name.padEnd(34)} ${c.description}`);
  out(`\nQuirks (${QUIRKS.length}): measured behaviours of the original every must-check accepts`);
  for (const q of QUIRKS) out(`  ${q.name.padEnd(34)} ${q.description} (${q.variants.join(', ')})`);
  return 0;
};
