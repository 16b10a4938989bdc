/**
 * Writes docs/requirements.md (npm run docs:requirements), or with `--check` exits 1 when the
 * file is not what the requirement list and the check metadata produce today.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PROJECT_ROOT } from '../lib/run/paths.ts';
import { currentRequirementsDoc } from './requirements-doc/current.ts';
import { DOC_PATH } from './requirements-doc/render.ts';

const doc = await currentRequirementsDoc();
const path = join(PROJECT_ROOT, DOC_PATH);
if (process.argv.includes('--check')) {
  let now = '';
  try {
    now = readFileSync(path, 'utf8');
  } catch {}
  if (now !== doc) {
    console.error(`${DOC_PATH} is out of date: run npm run docs:requirements`);
    process.exit(1);
  }
  console.log(`${DOC_PATH} is current`);
} else {
  writeFileSync(path, doc);
  console.log(`wrote ${DOC_PATH}`);
}
