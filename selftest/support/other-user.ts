// Running the tool as another, unprivileged user than the one that installed it (issue 39 point 2):
// the self-tests run as root in CI, install as root, and run the tool as `nobody` through setpriv.
import { spawnSync } from 'node:child_process';
import { chmodSync, chownSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The unprivileged user: `nobody` (uid and gid 65534, which need no entry in /etc/passwd). */
const UID = 65534;
const GID = 65534;
const SETPRIV = ['setpriv', `--reuid=${UID}`, `--regid=${GID}`, '--clear-groups'];

export interface OtherUser {
  uid: number;
  /** A command as the other user: [file, args] for spawn. */
  as(file: string, args: string[]): [string, string[]];
  /** Whether the other user can open the folder `dir` (every folder above it lets it through). */
  reaches(dir: string): boolean;
}

/** The other user, or why there is none here (then the self-test skips, saying so). */
export function otherUser(): OtherUser | string {
  if (process.getuid?.() !== 0) return 'needs root: it installs as root and runs the tool as another user (nobody)';
  if (spawnSync('setpriv', ['--version']).status !== 0)
    return 'needs setpriv (util-linux) to run the tool as another user';
  const as = (file: string, args: string[]): [string, string[]] => [
    SETPRIV[0] as string,
    [...SETPRIV.slice(1), file, ...args],
  ];
  return {
    uid: UID,
    as,
    reaches(dir) {
      const [file, args] = as(process.execPath, ['-e', `require('fs').readdirSync(${JSON.stringify(dir)})`]);
      return spawnSync(file, args, { env: { PATH: process.env['PATH'] ?? '' } }).status === 0;
    },
  };
}

export interface Scratch {
  /** Root's folder (mode 755) that the other user can reach: installations go here. */
  base: string;
  /** The other user's own folders: home, temp folder, working folder. */
  home: string;
  tmp: string;
  work: string;
  /** The other user's environment: PATH, HOME, TMPDIR, npm without update checks or a shared cache. */
  env: NodeJS.ProcessEnv;
  remove(): void;
}

/**
 * A scratch folder for a run as `user`: under the self-tests' TMPDIR when the user can reach it
 * there, else under /tmp (the self-tests' TMPDIR is root's, mode 700, in CI inside another).
 * The caller removes it (remove()).
 */
export function scratchFor(user: OtherUser, prefix: string): Scratch | string {
  let base: string | undefined;
  for (const parent of [tmpdir(), '/tmp']) {
    const dir = mkdtempSync(join(parent, `calcert-${prefix}-`));
    chmodSync(dir, 0o755);
    if (user.reaches(dir)) {
      base = dir;
      break;
    }
    rmSync(dir, { recursive: true, force: true });
  }
  if (!base) return `the user nobody can reach no folder made here (${tmpdir()}, /tmp)`;
  const own = (name: string): string => {
    const dir = join(base as string, name);
    mkdirSync(dir);
    chownSync(dir, user.uid, user.uid);
    return dir;
  };
  const home = own('home');
  const tmp = own('tmp');
  const work = own('work');
  const env: NodeJS.ProcessEnv = {
    PATH: process.env['PATH'] ?? '',
    HOME: home,
    TMPDIR: tmp,
    NO_COLOR: '1',
    NO_UPDATE_NOTIFIER: '1',
    npm_config_update_notifier: 'false',
    npm_config_cache: join(home, '.npm'),
  };
  return { base, home, tmp, work, env, remove: () => rmSync(base as string, { recursive: true, force: true }) };
}
