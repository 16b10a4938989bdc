// Packaging (issue 14 point 8): `npm pack` yields a tool that runs from a clean directory on
// compiled JavaScript: installed from the tarball into an empty project (from the local npm
// cache; the npm registry only when the cache lacks a package's metadata), `npx calcert
// --version`, `npx calcert certify --help` and a short certification of the embedded reference
// server work, and no TypeScript loader (tsx) is installed or needed.
//
// Slow by nature (the build compiles every source, npm installs ~80 packages): about 30 s here.
// It skips, saying why, only when npm can neither install from its cache nor reach the registry.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { installedTool, NPX, packedTool, plainEnv } from '../support/packed.ts';
import { ROOT, run } from '../support/run-cli.ts';

test('npm pack -> install in a clean project -> npx calcert --version, certify --help, certify --grep', async (ctx) => {
  const env = plainEnv();
  // Packed once per self-test run (selftest/support/packed.ts): prepack builds dist/ (scripts/build.mjs).
  const { info } = await packedTool();
  const files = info.files.map((f) => f.path);
  // The compiled tool, its data, the docs; never the sources, the self-tests or a .env.
  for (const f of [
    'bin/calcert.js',
    'dist/lib/commands/cli.js',
    'dist/vitest.config.js',
    'dist/package.json',
    'dist/fixtures/spec/requirements.json',
    'README.md',
    'docs/requirements.md',
    'package.json',
  ])
    expect(files, f).toContain(f);
  expect(files.filter((f) => /\.ts$|^selftest\/|^lib\/|^suites\/|(^|\/)\.env$/.test(f))).toEqual([]);
  console.log(
    `npm pack: ${info.filename}, ${files.length} files, ${(info.size / 1024).toFixed(0)} kB packed, ${(info.unpackedSize / 1024).toFixed(0)} kB unpacked`,
  );

  // Installed once per self-test run (selftest/support/packed.ts), shared with the signal self-tests.
  const installed = await installedTool();
  if ('skip' in installed) {
    ctx.skip(installed.skip);
    return;
  }
  const { project } = installed;
  console.log(`npm install ${installed.mode}: exit 0`);
  // No TypeScript loader in the installed tool's tree: it runs compiled JavaScript.
  expect(readdirSync(join(project, 'node_modules'))).not.toContain('tsx');

  const npx = (args: string[]) => run(NPX, ['--no-install', 'calcert', ...args], { cwd: project, env });
  const version = await npx(['--version']);
  expect(version.code, version.stderr).toBe(0);
  expect(version.stdout.trim()).toBe(JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).version);
  const help = await npx(['certify', '--help']);
  expect(help.code, help.stderr).toBe(0);
  const helpText = help.stdout.replace(/\s+/g, ' ');
  expect(helpText).toMatch(/--base-url <url> REST root .*\(env CAL_BASE_URL; default: the embedded reference server\)/);
  expect(helpText).toMatch(/--har <file> write every exchange .*\(env CAL_HAR\)/);
  const certify = await npx(['certify', '--grep', '^root\\.']);
  expect(certify.code, `${certify.stdout}\n${certify.stderr}`).toBe(0);
  expect(certify.stdout).toMatch(/^PARTIAL: \d+ checks, \d+ pass, 0 fail/m);
  expect(readdirSync(join(project, 'reports/latest')).sort()).toEqual(
    // badge.svg for every run; certificate.json only for a certified one (never a --grep run).
    ['badge.svg', 'junit.xml', 'report.html', 'results.json', 'summary.md'].sort(),
  );

  // Issue 31 point 3: explain in the packed tool keeps its reasons (docs/requirements.md ships)
  // and names a source that exists in the package.
  const explain = await npx(['explain', 'events.fields.all-day-snaps']);
  expect(explain.code, explain.stderr).toBe(0);
  expect(explain.stdout).toContain('Why (docs/requirements.md#record-shapes, Records):');
  expect(explain.stdout).toContain('Why (docs/requirements.md#levels, Levels):');
  const source = /^Source: (\S+):\d+$/m.exec(explain.stdout)?.[1];
  expect(source, explain.stdout).toMatch(/^dist\/suites\/events\/fields\.test\.js$/);
  expect(existsSync(join(project, 'node_modules/calcert', source as string))).toBe(true);

  // The shadow model's thread (lib/certify/model-thread.ts, a full run's default) loads the compiled
  // model-thread-entry.js beside it, no tsx: it answers for an empty recording folder.
  const thread = await run(
    process.execPath,
    [
      '--input-type=module',
      '-e',
      `const { mkdtempSync } = await import('node:fs');
const { ModelThread } = await import('calcert/dist/lib/certify/model-thread.js');
const t = new ModelThread(mkdtempSync('${join(project, 'shadow-')}'), { resolved: { resolvedVariant: 'extended', features: [], namespace: 'cal/events/v1', baseUrl: 'http://127.0.0.1:9/wp-json', runTag: 'ccpack0001' }, zone: 'UTC', quirks: ['original'] });
const r = await t.finish();
await t.close();
console.log(JSON.stringify({ stats: r.stats, thread: r.thread.id > 0 }));`,
    ],
    { cwd: project, env },
  );
  expect(thread.code, thread.stderr).toBe(0);
  expect(JSON.parse(thread.stdout)).toEqual({ stats: { during: 0, checks: 0 }, thread: true });

  // Issue 31 point 13: the reference server's "certify it" line runs as printed outside a clone.
  // A process group of its own: npx runs the server as its child, which a signal to npx alone
  // leaves running (it outlived the self-tests, holding its port).
  const reference = spawn(NPX, ['--no-install', 'calcert', 'reference', '--port', '0', '--seed-fixtures'], {
    cwd: project,
    env,
    detached: true,
  });
  try {
    const line = await new Promise<string>((done, fail) => {
      let text = '';
      const bound = setTimeout(() => fail(new Error(`no certify line within 60 s: ${text}`)), 60_000);
      reference.stdout.on('data', (b: Buffer) => {
        text += String(b);
        const m = /^certify it: (.*)$/m.exec(text);
        if (m) {
          clearTimeout(bound);
          done(m[1] as string);
        }
      });
    });
    expect(line).toMatch(
      /^npx calcert certify --base-url http:\/\/127\.0\.0\.1:\d+\/wp-json --fixtures \/\S+ --user admin {2}# export CAL_PASSWORD=secret first$/,
    );
    // As printed, from the project (the printed line selects every check: limited here to the root group).
    const cmd = `${line.split('  #')[0]} --grep '^root\\.'`;
    const certifyIt = await run('sh', ['-c', cmd], { cwd: project, env: { ...env, CAL_PASSWORD: 'secret' } });
    expect(certifyIt.code, certifyIt.stdout + certifyIt.stderr).toBe(0);
    expect(certifyIt.stdout).toMatch(/^PARTIAL: \d+ checks, \d+ pass, 0 fail/m);
  } finally {
    if (reference.exitCode === null && reference.signalCode === null && reference.pid) {
      const ended = new Promise((done) => reference.once('exit', done));
      process.kill(-reference.pid, 'SIGTERM');
      await ended;
    }
  }
}, 300_000);
