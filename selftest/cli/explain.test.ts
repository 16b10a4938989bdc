// `calcert explain <check-id>` (issue 23): for every listed check, what it asserts, its level and
// why (each docs/requirements.md section its spec cites, with its text), the requirements it
// exercises, its source, the faults that prove it, and a replay line selecting exactly it. The
// CLI explains a retired ID as its replacement and refuses an unknown one with the nearest ID.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { idPattern } from '../../lib/run/config/replay.ts';
import { explainText, requirementSections, requirementsDoc } from '../../lib/report/explain.ts';
import { listChecks } from '../../lib/check/list.ts';
import { PROJECT_ROOT } from '../../lib/run/paths.ts';
import { FAULTS } from '../../fixtures/reference-server/faults.ts';
import { QUIRKS } from '../../fixtures/reference-server/quirks.ts';
import { BIN, CLONE_CALCERT, cleanEnv, ROOT, run } from '../support/run-cli.ts';

test('every listed check is explained: assertion, level, why, requirements, source, faults, replay', async () => {
  const checks = await listChecks();
  const sections = requirementSections(requirementsDoc(PROJECT_ROOT));
  const reqs = JSON.parse(readFileSync(join(ROOT, 'fixtures/spec/requirements.json'), 'utf8')) as {
    requirements: { id: string; text: string }[];
  };
  const requirementText = new Map(reqs.requirements.map((r) => [r.id, r.text]));
  const problems: string[] = [];
  for (const check of checks) {
    const text = explainText({ check, sections, requirementText, faults: FAULTS, quirks: QUIRKS });
    const need = (ok: boolean, what: string) => ok || problems.push(`${check.id}: ${what}`);
    need(text.startsWith(`${check.id} (${check.level})`), 'heading');
    need(text.includes(`What it asserts: ${check.title}.`), 'assertion');
    need(text.includes(`Spec: ${check.spec}`), 'spec clause');
    for (const anchor of check.spec.matchAll(/requirements\.md#([a-z0-9-]+)/g))
      need(
        (sections.get(anchor[1] as string)?.lines.length ?? 0) > 0 &&
          text.includes(`Why (docs/requirements.md#${anchor[1]}`),
        `why: ${anchor[1]}`,
      );
    for (const r of check.requirements) need(text.includes(`  ${r}: ${requirementText.get(r)}`), `requirement ${r}`);
    need(!!check.source && text.includes(`Source: ${check.source}`), 'source');
    const faults = FAULTS.filter((f) => f.breaks.includes(check.id));
    need(faults.length > 0 && faults.every((f) => text.includes(`  ${f.name}`)), 'faults');
    need(text.includes(`--grep '${idPattern(check.id)}'`), 'replay line');
    // Issue 31 point 9: a "Why" block is bounded and never cut mid-sentence.
    for (const block of text.split('\n\n').filter((b) => b.startsWith('Why ('))) {
      const lines = block.split('\n');
      // A measured table's rows are shown whole, beside the bound on the text.
      const text = lines.filter((l) => !l.startsWith('    |'));
      need(text.length <= 16, `why block of ${text.length} lines: ${lines[0]}`);
      const last = lines.at(-1) as string;
      need(/[.)`:;!?|]$/.test(last.trim()), `why block ends mid-sentence: ${last}`);
      // Issue 39 point 10: an excerpt ended at "Events listed:", its table left out.
      const excerptEnd = lines.filter((l) => !l.startsWith('  (the whole section')).at(-1) as string;
      need(!excerptEnd.trim().endsWith(':'), `why block ends at a colon, what follows left out: ${excerptEnd}`);
    }
  }
  expect(problems).toEqual([]);
});

test('explain: the levels section whole (not cut mid-sentence); a measured section by its cited topic', async () => {
  const checks = await listChecks();
  const sections = requirementSections(requirementsDoc(PROJECT_ROOT));
  const explain = (id: string) =>
    explainText({
      check: checks.find((c) => c.id === id)!,
      sections,
      requirementText: new Map(),
      faults: FAULTS,
      quirks: QUIRKS,
    });
  const snaps = explain('events.fields.all-day-snaps');
  const why = (text: string, anchor: string) =>
    text.split('\n\n').find((b) => b.startsWith(`Why (docs/requirements.md#${anchor},`)) ?? '';
  expect(why(snaps, 'record-shapes')).toBe(
    [
      'Why (docs/requirements.md#record-shapes, Records):',
      '  An all-day event is stored from 00:00:00 of its first day to 23:59:59 of its last.',
      '  (the whole section: docs/requirements.md#record-shapes)',
    ].join('\n'),
  );
  expect(snaps).not.toContain('rest_invalid_param');
  const levels = why(snaps, 'levels').replace(/\n\s+/g, ' ');
  expect(levels).toContain(
    "must: the interface text states it, and every released version of the original implementation of that variant behaves that way. A server that fails a must-check is not conformant, and the run's verdict is `not-certified`.",
  );
  expect(levels).toContain('A failed should-check is a warning (`warn`); it never withholds certification.');
});

test('calcert explain: a check, a retired ID, an unknown ID (exit 2, the nearest named)', async () => {
  const explain = (id: string) => run(process.execPath, [BIN, 'explain', id], { cwd: ROOT, env: cleanEnv() });
  const ok = await explain('events.create.json-body');
  expect(ok.code, ok.stderr).toBe(0);
  expect(ok.stdout).toMatch(/^events\.create\.json-body \(must\)\n\nWhat it asserts: /);
  expect(ok.stdout).toContain(`Replay it:\n  ${CLONE_CALCERT} certify `);
  expect(ok.stdout).toMatch(/^ {2}\S.* certify .*--grep '\^events\\\.create\\\.json-body\$'/m);
  const renamed = await explain('venues.read.missing-id'); // keep-old-ids
  expect(renamed.stdout).toMatch(/^venues\.read\.missing-4xx \(must\) {2}\[renamed from venues\.read\.missing-id/); // keep-old-ids
  const unknown = await explain('events.create.jsonbody');
  expect(unknown.code).toBe(2);
  expect(unknown.stderr.trim()).toBe(
    `calcert: no check has the ID "events.create.jsonbody" (did you mean events.create.json-body?): see \`${CLONE_CALCERT} list\` for the check IDs`,
  );
});
