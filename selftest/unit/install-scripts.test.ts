// `npm ci` asks about no install script (issue 39 point 10: npm 11 warned about esbuild's and the
// README was silent): every locked package with an install script has a decision in package.json's
// allowScripts, and the README says why.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { ROOT } from '../support/run-cli.ts';

test('every locked package with an install script is decided in allowScripts, and the README says so', () => {
  const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
    allowScripts?: Record<string, boolean>;
  };
  const lock = JSON.parse(readFileSync(join(ROOT, 'package-lock.json'), 'utf8')) as {
    packages: Record<string, { hasInstallScript?: boolean }>;
  };
  const withScripts = Object.entries(lock.packages)
    .filter(([, p]) => p.hasInstallScript)
    .map(([path]) => path.replace(/^.*node_modules\//, ''));
  expect(withScripts.length).toBeGreaterThan(0);
  const undecided = withScripts.filter((name) => typeof pkg.allowScripts?.[name] !== 'boolean');
  expect(undecided).toEqual([]);
  const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
  for (const name of withScripts) expect(readme).toContain(`denies the only one, ${name}'s`);
});
