#!/usr/bin/env node
// Builds the packed tool (run by `npm run build` and `prepack`): compiles lib/, suites/, fixtures/
// and vitest.config.ts to dist/ (tsconfig.build.json, imports rewritten from ./x.ts to ./x.js),
// copies the JSON data the code reads at run time next to the compiled code, and writes
// dist/package.json (the version `--version` prints; "type": "module").
import { execFileSync } from 'node:child_process';
import { cpSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(root, 'dist');
rmSync(dist, { recursive: true, force: true });
const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
// CALCERT_BUILD_NO_CHECK=1 (the self-tests' pack, selftest/support/packed.ts: `npm test` type-checked
// these sources a step before, with `tsc --noEmit -p .`): emit without the type check. With
// isolatedModules each file's output is the same either way (dist/ compared byte for byte), in
// about 10 CPU-seconds instead of 25.
const noCheck = process.env.CALCERT_BUILD_NO_CHECK === '1' ? ['--noCheck'] : [];
execFileSync(process.execPath, [tsc, '-p', join(root, 'tsconfig.build.json'), ...noCheck], {
  stdio: 'inherit',
  cwd: root,
});

// Data files read at run time (fixtures/spec, fixtures/schemas, fixtures/reference-server/data, fixtures/recordings).
const DATA = /\.(json|jsonl)$/;
function copyData(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) copyData(path);
    else if (DATA.test(name)) cpSync(path, join(dist, relative(root, path)));
  }
}
copyData(join(root, 'fixtures'));

const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
writeFileSync(
  join(dist, 'package.json'),
  `${JSON.stringify({ name: `${pkg.name}-dist`, version: pkg.version, private: true, type: 'module' }, null, 2)}\n`,
);
