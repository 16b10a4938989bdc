// Where the self-tests write their own reports (fault matrix, tolerance, soak, busy matrix, model
// mutations): reports/selftest in the clone, as before; when this user cannot write there (a
// root-owned clone whose `npm test` another user runs: issue 39), the same folder under the
// user's state folder that calcert's own reports fall back to (lib/report/write.ts).
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fallbackReportDirs, folderProblem } from '../../lib/report/write.ts';
import { PROJECT_ROOT } from '../../lib/run/paths.ts';

function selftestDir(): string {
  const candidates = [
    join(PROJECT_ROOT, 'reports'),
    ...fallbackReportDirs(process.env, homedir(), tmpdir(), process.getuid?.() ?? 'user'),
  ].map((reports) => join(reports, 'selftest'));
  return candidates.find((dir) => folderProblem(dir, dir, '') === null) ?? (candidates[0] as string);
}

export const SELFTEST_DIR = selftestDir();
