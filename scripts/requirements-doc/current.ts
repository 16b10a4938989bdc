/** The requirements document as today's requirement list and check metadata produce it. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { listChecks } from '../../lib/check/list.ts';
import { PROJECT_ROOT } from '../../lib/run/paths.ts';
import { type DocCheck, type Requirement, renderRequirementsDoc } from './render.ts';

function loadRequirements(): Requirement[] {
  return (
    JSON.parse(readFileSync(join(PROJECT_ROOT, 'fixtures/spec/requirements.json'), 'utf8')) as {
      requirements: Requirement[];
    }
  ).requirements;
}

export async function currentRequirementsDoc(checks?: DocCheck[]): Promise<string> {
  return renderRequirementsDoc(loadRequirements(), checks ?? (await listChecks()));
}
