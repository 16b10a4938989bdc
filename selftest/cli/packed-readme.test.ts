// The packed README names only files the package ships (issue 39 point 8: it sent a user of the
// tarball to `.env.example`, `docs/regression.md` and `fixtures/reference-server/README.md`,
// which it did not hold). Every document of the repository the README names (Markdown, the
// `.env.example`, JSON) is in `npm pack`'s file list at the same path, or among the repository-only
// paths the README itself lists as such. The tarball is the run's one pack (selftest/support/packed.ts).
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { packedTool } from '../support/packed.ts';
import { ROOT } from '../support/run-cli.ts';

test('every repository document the README names ships at that path, or the README says it is in the repository only', async () => {
  const { info } = await packedTool();
  const shipped = new Set(info.files.map((f) => f.path));
  const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
  // What the README says stays in the repository: the backticked paths of its "repository only" sentence.
  const sentence = /The sources,[\s\S]*?are in the repository only\./.exec(readme)?.[0] ?? '';
  const repositoryOnly = [...sentence.matchAll(/`([^`]+)`/g)].map((m) => m[1] as string);
  expect(repositoryOnly.length).toBeGreaterThan(3);
  const named = [
    ...new Set(
      [
        ...readme.matchAll(/(?<![\w/.-])((?:\.?[\w-]+\/)*[\w-][\w.-]*\.(?:md|json|jsonl)|\.env\.example)(?![\w/-])/g),
      ].map((m) => m[1] as string),
    ),
    // A run's own output under reports/ (`npm run certify` in the clone writes reports/latest/,
    // which the README names) is not a document of the repository: `npm ci && npm run certify`
    // followed by `npm test` must not fail here.
  ].filter((p) => !p.startsWith('reports/') && existsSync(join(ROOT, p)));
  expect(named).toEqual(
    expect.arrayContaining(['.env.example', 'docs/regression.md', 'fixtures/reference-server/README.md']),
  );
  const missing = named.filter(
    (p) => !shipped.has(p) && !repositoryOnly.some((r) => (r.endsWith('/') ? p.startsWith(r) : p === r)),
  );
  expect(missing, `named by the README, neither shipped nor said to be in the repository only`).toEqual([]);
}, 400_000);
