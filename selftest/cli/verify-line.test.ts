// Every certificate passes its own printed `verify` line (issue 39 point 1): a base run judged the
// extended-only `response:events.categories` and `response:events.tags`, the map left them out of
// its figures while verify's recount from the elements took them in, and every base certificate
// failed the line the run printed. Here the read-only, anonymous and quirks modes are certified by
// the CLI (a full run: only a full run earns a certificate; one run per property keeps it small)
// and the printed line runs as printed. The default extended run, and base and extended with
// every feature, are verified in selftest/certify.test.ts.
import { spawnSync } from 'node:child_process';
import { afterAll, describe, expect, test } from 'vitest';
import { type ReferenceServer, startReferenceServer } from '../../fixtures/reference-server/index.ts';
import { calcert, cleanEnv, compiledTool, printedCalcert, tempDir } from './../support/run-cli.ts';

const PASSWORD = 'verify-line-1';
const servers: ReferenceServer[] = [];
afterAll(async () => {
  await Promise.all(servers.map((s) => s.close()));
});

interface Mode {
  name: string;
  flags: string[];
  /** A reference server of its own (else the embedded one): its variant and quirks, and whether the run has credentials. */
  server?: { variant: 'base' | 'extended'; quirks?: string[]; credentials: boolean };
  verdict: string;
}

const MODES: Mode[] = [
  { name: 'base, --read-only', flags: ['--variant', 'base', '--read-only'], verdict: 'certified-read-only' },
  {
    name: 'anonymous (no credentials)',
    flags: [],
    server: { variant: 'extended', credentials: false },
    verdict: 'certified-read-only',
  },
  {
    name: 'base, --quirks original',
    flags: [],
    server: { variant: 'base', quirks: ['original'], credentials: true },
    verdict: 'certified',
  },
];

describe.each(MODES)('the printed verify line of a certified run: $name', (mode) => {
  test('runs as printed and says the certificate agrees with its results.json', async () => {
    const dir = tempDir('verify-line');
    const target: string[] = [];
    if (mode.server) {
      const server = await startReferenceServer({
        variant: mode.server.variant,
        port: 0,
        user: 'admin',
        password: PASSWORD,
        seedFixtures: true,
        ...(mode.server.quirks ? { quirks: mode.server.quirks } : {}),
      });
      servers.push(server);
      target.push('--base-url', server.url, ...(mode.server.credentials ? ['--user', 'admin'] : []));
    }
    const run = await calcert(
      ['certify', ...target, ...mode.flags, '--seed', '5', '--num-runs', '1', '--report-dir', dir],
      { cwd: dir, env: cleanEnv(mode.server?.credentials ? { CAL_PASSWORD: PASSWORD } : {}), boundMs: 240_000 },
    );
    expect(run.code, run.stderr + run.stdout.slice(-3000)).toBe(0);
    const line = /^certificate: .*\(check them with `([^`]+)`\)$/m.exec(run.stdout)?.[1];
    expect(line, run.stdout.slice(-3000)).toBeTruthy();
    expect(line!.startsWith(`${printedCalcert(dir, (await compiledTool()).root)} verify `), line).toBe(true);
    // As printed, where the run was started.
    const verify = spawnSync('sh', ['-c', line as string], {
      cwd: dir,
      env: cleanEnv(),
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(verify.stderr + verify.stdout).toMatch(new RegExp(`^verified: .*: ${mode.verdict} \\(`));
    expect(verify.status).toBe(0);
  });
});
