// docs/requirements.md is what the requirement list and the check metadata produce today, and
// check `spec` fields cite the interface and that document (anchors that exist), never files outside
// the repository.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, expect, test } from 'vitest';
import { type ListedCheck, listChecks } from '../../lib/check/list.ts';
import { PROJECT_ROOT } from '../../lib/run/paths.ts';
import { currentRequirementsDoc } from '../../scripts/requirements-doc/current.ts';
import { anchors, citedAnchors, DOC_PATH } from '../../scripts/requirements-doc/render.ts';

let checks: ListedCheck[] = [];
beforeAll(async () => {
  checks = await listChecks();
}, 120_000);

test('docs/requirements.md is current (npm run docs:requirements)', async () => {
  const onDisk = readFileSync(join(PROJECT_ROOT, DOC_PATH), 'utf8');
  expect(
    onDisk === (await currentRequirementsDoc(checks)),
    `${DOC_PATH} is out of date: run npm run docs:requirements`,
  ).toBe(true);
});

/** Documents that are not part of the repository (the project's working notes and measurements). */
const OUTSIDE =
  /LEVELS\.md|reference-behavior\.md|CONTRACT\.md|STYLE\.md|\.\.\/shared|\/work\/|reference\/(behavior|responses|verified|versions|recordings)/;

test('no check cites a document outside the repository', () => {
  const outside = checks.filter((c) => OUTSIDE.test(c.spec)).map((c) => `${c.id}: ${c.spec}`);
  expect(outside).toEqual([]);
});

test('every cited anchor of docs/requirements.md exists', () => {
  const known = new Set(anchors());
  const doc = readFileSync(join(PROJECT_ROOT, DOC_PATH), 'utf8');
  for (const a of known) expect(doc).toContain(`<a id="${a}"></a>`);
  const unknown = checks.flatMap((c) =>
    citedAnchors(c.spec)
      .filter((a) => !known.has(a))
      .map((a) => `${c.id}: #${a}`),
  );
  expect(unknown).toEqual([]);
});
