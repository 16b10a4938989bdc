// Citations a reader can follow in a clone (issue 23 point 8): the README and the docs name no file
// outside the repository (a clone has no ../shared), and every relative Markdown link of theirs
// points at a file of the repository. The recordings of the original are the one outside folder
// named, as an optional input the self-tests use when present.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { expect, test } from 'vitest';
import { ROOT } from '../support/run-cli.ts';

/** The documents a vendor reads; docs/changes-issue-*.md are history, quoted as written then. */
const DOCS = [
  'README.md',
  'fixtures/reference-server/README.md',
  ...readdirSync(join(ROOT, 'docs'))
    .filter((f) => f.endsWith('.md') && !f.startsWith('changes-'))
    .map((f) => `docs/${f}`),
];

test('the README and the docs cite no file outside the repository', () => {
  const problems: string[] = [];
  for (const doc of DOCS)
    readFileSync(join(ROOT, doc), 'utf8')
      .split('\n')
      .forEach((line, i) => {
        const outside = line.replace(/`\.\.\/shared\/reference\/recordings\/`[^`]*$/, '');
        if (/\.\.\/shared\b|\b(LEVELS|CONTRACT)\.md\b|reference-behavior\.md/.test(outside))
          problems.push(`${doc}:${i + 1}: ${line.trim()}`);
      });
  expect(problems).toEqual([]);
});

test('every relative Markdown link of the README and the docs points at a file of the repository', () => {
  const problems: string[] = [];
  for (const doc of DOCS) {
    const text = readFileSync(join(ROOT, doc), 'utf8');
    for (const m of text.matchAll(/\]\(([^)\s]+)\)/g)) {
      const target = (m[1] as string).split('#')[0] as string;
      if (!target || /^[a-z]+:/.test(target)) continue;
      if (!existsSync(join(ROOT, dirname(doc), target))) problems.push(`${doc}: ${m[1]}`);
    }
  }
  expect(problems).toEqual([]);
});
