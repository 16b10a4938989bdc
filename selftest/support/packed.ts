// The packed tool (`npm pack`), made once per self-test run and shared by the files that install
// it (packaging, installs as another user, signals through the packed bin). It packs the dist/
// that the self-tests' compiled CLI runs (compiledTool in selftest/support/run-cli.ts: scripts/build.mjs, the
// build prepack runs, made once per run), with --ignore-scripts: prepack would rebuild dist/ from
// scratch under the CLI children running it. The first caller packs into a folder of the run's
// TMPDIR (one per run, selftest/support/global.ts); the others wait for its result there.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { once } from './once.ts';
import { compiledTool, run } from './run-cli.ts';

interface PackInfo {
  filename: string;
  size: number;
  unpackedSize: number;
  files: Array<{ path: string; size: number }>;
}

interface Packed {
  tarball: string;
  info: PackInfo;
}

export const NPM = process.platform === 'win32' ? 'npm.cmd' : 'npm';
export const NPX = process.platform === 'win32' ? 'npx.cmd' : 'npx';
/** npm's errors when the registry cannot be reached (a self-test that installs then skips, saying so). */
export const UNREACHABLE = /ENOTFOUND|EAI_AGAIN|ECONNREFUSED|ETIMEDOUT|ECONNRESET|ENETUNREACH|network|socket hang up/i;

/**
 * The environment without CAL_* and npm_* keys (an enclosing `npm test` must not steer the
 * children), nor CALCERT_CACHE_ROOT: an installed tool keeps its module cache in the self-tests'
 * TMPDIR, removed when they end (its cache is keyed by its folder, a new one each run: in the
 * system's temp folder it would be left behind every run).
 */
export function plainEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(process.env))
    if (!k.startsWith('CAL_') && !k.toLowerCase().startsWith('npm_') && k !== 'CALCERT_CACHE_ROOT') env[k] = v;
  return { ...env, NO_COLOR: '1' };
}

async function pack(dir: string): Promise<Packed> {
  // dist/ built by prepack's own command (scripts/build.mjs, without a second type check: `npm
  // test` ran one), once per run; --json lists what ships.
  const { root } = await compiledTool();
  const r = await run(NPM, ['pack', '--ignore-scripts', '--json', '--pack-destination', dir], {
    cwd: root,
    env: plainEnv(),
    boundMs: 180_000,
  });
  if (r.code !== 0) throw new Error(`npm pack exited ${r.code}: ${r.stderr}`);
  const info = (JSON.parse(r.stdout.slice(r.stdout.search(/^\[/m))) as PackInfo[])[0] as PackInfo;
  return { tarball: join(dir, info.filename), info };
}

/** The tarball of this self-test run. */
export function packedTool(): Promise<Packed> {
  return once('packed', pack);
}

/**
 * The packed tool installed into an empty project (from the local npm cache; the npm registry only
 * when the cache lacks a package's metadata): `{ project }`, or `{ skip }` saying why npm could
 * not install it (not all in the cache and the registry unreachable).
 */
export function installedTool(): Promise<{ project: string; mode: string } | { skip: string }> {
  return once('installed', async (project) => {
    const { tarball } = await packedTool();
    writeFileSync(join(project, 'package.json'), '{ "name": "probe", "version": "1.0.0", "private": true }\n');
    const install = (mode: string) =>
      run(NPM, ['install', mode, '--no-audit', '--no-fund', tarball], {
        cwd: project,
        env: plainEnv(),
        boundMs: 180_000,
      });
    // The cache holds every tarball (npm ci filled it) but maybe not the packages' metadata.
    let mode = '--offline';
    let installed = await install(mode);
    if (installed.code !== 0) {
      mode = '--prefer-offline';
      installed = await install(mode);
    }
    if (installed.code !== 0 && UNREACHABLE.test(installed.stderr))
      return {
        skip: `npm could not install the tarball's dependencies: not all in the local cache and the registry is unreachable (${installed.stderr
          .split('\n')
          .find((l) => UNREACHABLE.test(l))
          ?.trim()})`,
      };
    if (installed.code !== 0) throw new Error(`npm install ${mode} exited ${installed.code}: ${installed.stderr}`);
    return { project, mode };
  });
}
