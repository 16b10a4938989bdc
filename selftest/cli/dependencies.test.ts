// What ships (issue 23 point 8): every runtime dependency of package.json is imported by the tool
// itself (bin/, lib/, suites/, fixtures/), so `npm pack` and the Docker image carry no package that
// only the self-tests or scripts use; those are devDependencies.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { ROOT } from '../support/run-cli.ts';

function files(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && /\.(ts|js|mjs)$/.test(e.name))
    .map((e) => join(e.parentPath, e.name));
}

test('every runtime dependency is imported by the tool, not only by self-tests or scripts', () => {
  const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
    dependencies: Record<string, string>;
  };
  const sources = ['bin', 'lib', 'suites', 'fixtures'].flatMap(files).map((f) => readFileSync(f, 'utf8'));
  const imported = (name: string) =>
    sources.some((text) =>
      new RegExp(`(from|import\\()\\s*['"]${name.replace(/[/.]/g, '\\$&')}(/[^'"]*)?['"]`).test(text),
    );
  expect(Object.keys(pkg.dependencies).filter((name) => !imported(name))).toEqual([]);
});
