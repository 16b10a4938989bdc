/**
 * Developer tool: the measured evidence of the tolerance matrix (fixtures/reference-server/tracking.ts,
 * selftest/support/tolerance.ts evidenceOf), and its empirical validation.
 *   npx tsx scripts/quirk-evidence.ts VARIANT                 evidence vs hand scope, every quirk of the variant
 *   npx tsx scripts/quirk-evidence.ts VARIANT QUIRK ...       and, per quirk, a run of every check with it alone
 * The first: one tracked run with no quirk (seed 1, 3 property runs, every feature: the single
 * runs' settings), then per quirk the checks of its hand scope (SCOPES), of its evidence, and of
 * the evidence outside the hand scope. The second validates the tracker: a second run with no
 * quirk (checks that answer otherwise twice are listed as unstable), then per quirk a run of every
 * check, and every check whose status or first message line differs from the first run's must be
 * in the quirk's evidence (exit 1 otherwise). About one full run's CPU per quirk.
 */
import { QuirkTracker } from '../fixtures/reference-server/index.ts';
import { QUIRKS } from '../fixtures/reference-server/quirks.ts';
import { certify } from '../lib/certify/certify.ts';
import { throwawayConfig } from '../lib/certify/faultrun.ts';
import { RunSession } from '../lib/certify/runner.ts';
import { listChecks } from '../lib/check/list.ts';
import { configFingerprint, evidenceIds, evidenceOf, scopeIds } from '../selftest/support/tolerance.ts';

const [variant, ...quirks] = process.argv.slice(2);
if (variant !== 'base' && variant !== 'extended') {
  console.error('usage: npx tsx scripts/quirk-evidence.ts base|extended [QUIRK ...]');
  process.exit(2);
}
const session = new RunSession({ maxWorkers: 1, keepWorkers: true });
const checks = await listChecks();

async function run(quirk: string | undefined, tracker?: QuirkTracker) {
  const result = await certify(throwawayConfig(variant as 'base' | 'extended', { numRuns: 3 }), {
    reference: { quirks: quirk ? [quirk] : [], ...(tracker ? { tracker } : {}) },
    writeReports: false,
    sweep: false,
    session,
    reconfirm: false,
  });
  const answers = new Map(
    (result.report?.checks ?? []).map((c) => [c.id, `${c.status} ${(c.message ?? '').split('\n')[0]?.slice(0, 160)}`]),
  );
  return { result, answers };
}

let failed = false;
try {
  const tracker = new QuirkTracker();
  const cpu = process.cpuUsage();
  const base = await run(undefined, tracker);
  const spent = process.cpuUsage(cpu);
  const ev = evidenceOf(tracker, variant, checks, base.result.config);
  console.log(
    `no quirk (tracked): ${base.result.report?.footer.verdict}, ${base.answers.size} checks, ${ev.requests} requests, ` +
      `${((spent.user + spent.system) / 1e6).toFixed(1)} CPU-s in this process; asked outside any request: ` +
      `${[...ev.global].join(', ') || 'none'}; by the preflight: ${ev.preflight.size} quirks`,
  );
  let hand = 0;
  let measured = 0;
  for (const q of QUIRKS.filter((d) => d.variants.includes(variant))) {
    const scope = scopeIds(q, checks);
    const ids = evidenceIds(q, ev);
    hand += scope.length;
    measured += ids.length;
    const wider = ids.filter((id) => !scope.includes(id)).length;
    console.log(
      `${q.name.padEnd(34)} hand ${String(scope.length).padStart(4)}  evidence ${String(ids.length).padStart(4)}  outside hand ${wider}`,
    );
  }
  console.log(`total: hand ${hand}, evidence ${measured}`);
  if (quirks.length) {
    const again = await run(undefined);
    const unstable = [...base.answers].filter(([id, a]) => again.answers.get(id) !== a).map(([id]) => id);
    console.log(`unstable between two runs with no quirk: ${unstable.join(', ') || 'none'}`);
    for (const name of quirks) {
      const q = QUIRKS.find((d) => d.name === name);
      if (!q) throw new Error(`unknown quirk ${name}`);
      const alone = await run(name);
      const ids = new Set(evidenceIds(q, ev));
      const scope = new Set(scopeIds(q, checks));
      const differ = [...new Set([...base.answers.keys(), ...alone.answers.keys()])].filter(
        (id) => base.answers.get(id) !== alone.answers.get(id) && !unstable.includes(id),
      );
      const outside = differ.filter((id) => !ids.has(id));
      const outsideHand = differ.filter((id) => !scope.has(id));
      const sameConfig = configFingerprint(alone.result.config) === configFingerprint(base.result.config);
      console.log(
        `${name}: ${differ.length} checks answer otherwise; outside the evidence (${ids.size}): ${outside.length}; ` +
          `outside the hand scope (${scope.size}): ${outsideHand.length}; same resolved configuration: ${sameConfig}`,
      );
      for (const id of [...new Set([...outside, ...outsideHand])])
        console.log(
          `  ${outside.includes(id) ? 'NOT IN EVIDENCE' : 'not in hand scope'} ${id}: ${base.answers.get(id)} -> ${alone.answers.get(id)}`,
        );
      if (outside.length) failed = true;
    }
  }
} finally {
  await session.close();
}
process.exit(failed ? 1 : 0);
