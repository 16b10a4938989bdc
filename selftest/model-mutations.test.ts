/**
 * The model catches generic faults (issue 37, "proof by generic faults"): one run of the model
 * checks' feeders against the embedded reference with every quirk of the original (so that each
 * answer is the model's), then 360 mutations of its recorded answers, one at a time, drawn from a
 * fixed seed over every route-method (selftest/support/model-mutations.ts): each must make the
 * model differ. Re-judged with the comparison alone (no server): the run costs one certification
 * of the feeders (about 30 checks), the mutations a few seconds. Writes
 * reports/selftest/model-mutations.{json,md} with every survivor.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, expect, test } from 'vitest';
import { certify } from '../lib/certify/certify.ts';
import type { ModelReplay } from '../lib/certify/model-replay.ts';
import { loadConfig } from '../lib/run/config/load.ts';
import { SELFTEST_DIR } from './support/selftest-dir.ts';
import type { ShadowCheck } from '../lib/run/shadow.ts';
import type { LiveStats } from '../lib/certify/model-live.ts';
import { type ModelOptions, runModel } from '../lib/certify/model.ts';
import { MODEL_CHECKS } from '../lib/spec/model/checks.ts';
import type { JudgeContext, JudgedExchange } from '../lib/spec/model/judge.ts';
import type { ModelAnswer } from '../lib/spec/model/route.ts';
import {
  candidates,
  drawMutations,
  judgeMutation,
  type MutationOutcome,
  OPERATORS,
} from './support/model-mutations.ts';

const MUTATIONS = 360;
const SEED = 37;
const CATCH_RATE = 0.99;

let shadow: ShadowCheck[] = [];
let judged: JudgedExchange[] = [];
let context: JudgeContext | undefined;
let replayed: { options: ModelOptions; stats: LiveStats; replay: ModelReplay; thread: number | undefined } | undefined;
let verdict = '';

beforeAll(async () => {
  const config = loadConfig({
    env: {},
    dotenv: false,
    flags: { variant: 'extended', features: 'premium,tickets', seed: 1, 'num-runs': 3, grep: '\\.model$' },
  });
  const result = await certify(config, {
    reference: { quirks: ['original'] },
    writeReports: false,
    sweep: false,
    reconfirm: false,
    modelReplay: 'thread',
    onModel: (s, j, c, r) => {
      shadow = s;
      judged = j;
      context = c;
      replayed = r;
    },
  });
  verdict = result.report?.footer.verdict ?? String(result.problem);
}, 600_000);

test('the run of the feeders matches the model in every answer (the baseline the mutations start from)', () => {
  expect(verdict).toBe('partial');
  const differing = judged.filter((j) => (j.differences ?? []).some((d) => d.level !== 'info'));
  expect(differing.map((j) => `${j.check} #${j.index} ${j.method} ${j.path}`)).toEqual([]);
  const pool = candidates(judged);
  expect([...pool.keys()].sort()).toEqual(MODEL_CHECKS.map((c) => c.id).sort());
});

test('the model replayed in its thread while the checks ran judged as the replay after the run does (lib/certify/model-thread.ts)', async () => {
  const { options, stats, replay, thread } = replayed as NonNullable<typeof replayed>;
  expect(replay).toBe('thread');
  expect(thread, 'the worker thread that replayed').toBeGreaterThan(0);
  expect(stats.after, 'the replay during the checks was kept').toBeUndefined();
  // How many it replayed while the checks ran depends on the load (the thread is niced): any share judges the same.
  expect(stats.during, `${stats.during} of ${stats.checks} checks replayed while they ran`).toBeLessThanOrEqual(
    stats.checks,
  );
  const { onContext: _, ...serialOptions } = options;
  const serial = await runModel(shadow, serialOptions);
  const text = (js: readonly JudgedExchange[]) => JSON.stringify(js).replace(/127\.0\.0\.1:\d+/g, 'HOST');
  expect(text(judged)).toBe(text(serial));
});

test(`${MUTATIONS} generic mutations over every route-method: at least ${CATCH_RATE * 100}% caught, survivors listed`, async () => {
  const pool = candidates(judged);
  const answers = new Map<string, ModelAnswer>();
  for (const j of judged) if (j.modelAnswer) answers.set(`${j.check}#${j.index}`, j.modelAnswer);
  const drawn = drawMutations(pool, shadow, MUTATIONS, SEED);
  expect(drawn.length).toBe(MUTATIONS);
  const outcomes: MutationOutcome[] = [];
  for (const m of drawn) outcomes.push(await judgeMutation(m, shadow, answers, context as JudgeContext));
  const survivors = outcomes.filter((o) => !o.caught);
  const rate = (outcomes.length - survivors.length) / outcomes.length;
  writeReport(outcomes, rate);
  // Every route-method and every operator was drawn.
  expect(new Set(outcomes.map((o) => o.modelCheck)).size).toBe(MODEL_CHECKS.length);
  expect(new Set(outcomes.map((o) => o.operator))).toEqual(new Set(OPERATORS));
  // Each at its level: a record route's 2xx turned into a 4xx breaks a must row of LEVELS.md.
  const refused = outcomes.filter(
    (o) => o.operator === 'change-status' && /^2\d\d -> 4/.test(o.what) && !o.modelCheck.includes('.list.'),
  );
  expect(refused.length).toBeGreaterThan(0);
  for (const o of refused) expect(o.level, `${o.check} #${o.index} ${o.what}`).toBe('must');
  expect(
    rate,
    `survivors:\n${survivors.map((s) => `${s.modelCheck} ${s.check} #${s.index} ${s.operator} ${s.at} -> ${s.what}`).join('\n')}`,
  ).toBeGreaterThanOrEqual(CATCH_RATE);
});

function writeReport(outcomes: MutationOutcome[], rate: number): void {
  const dir = SELFTEST_DIR;
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'model-mutations.json'), JSON.stringify({ seed: SEED, rate, outcomes }, null, 1));
  const byOp = OPERATORS.map((op) => {
    const os = outcomes.filter((o) => o.operator === op);
    return `| ${op} | ${os.length} | ${os.filter((o) => o.caught).length} | ${os.filter((o) => o.level === 'must').length} |`;
  });
  const survivors = outcomes.filter((o) => !o.caught);
  writeFileSync(
    join(dir, 'model-mutations.md'),
    [
      `# Model mutations: ${outcomes.length - survivors.length} of ${outcomes.length} caught (${(rate * 100).toFixed(1)}%), seed ${SEED}`,
      '',
      '| operator | drawn | caught | at must |',
      '|---|---|---|---|',
      ...byOp,
      '',
      `## Survivors (${survivors.length})`,
      '',
      ...survivors.map(
        (s) => `- \`${s.modelCheck}\` \`${s.check}\` #${s.index} ${s.operator} \`${s.at}\` -> ${s.what}`,
      ),
      '',
    ].join('\n'),
  );
}
