/**
 * Secrets (issue 6): the password and the Basic Authorization value never appear in any report
 * file, in stdout or stderr, even in failure details and curl reproductions of a failing run.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { FAULTS } from '../../fixtures/reference-server/faults.ts';
import { startReferenceServer } from '../../fixtures/reference-server/index.ts';
import { runCli, tmp } from './support.ts';

const USER = 'secretkeeper';
const PASSWORD = 'Zq7-very-secret-pw-91';
const BASIC = Buffer.from(`${USER}:${PASSWORD}`).toString('base64');

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    return statSync(p).isDirectory() ? files(p) : [p];
  });
}

test('a failing run writes no password and no Authorization value anywhere', async () => {
  // A fault that breaks an authenticated events check, so failures carry requests and curl lines.
  const fault = FAULTS.find((f) => f.breaks.some((id) => /^events\.create\./.test(id)));
  expect(fault, 'no fault breaks an events.create check').toBeDefined();
  const ids = fault!.breaks.filter((id) => id.startsWith('events.'));
  const server = await startReferenceServer({
    variant: fault!.variant ?? 'extended',
    port: 0,
    user: USER,
    password: PASSWORD,
    seedFixtures: true,
    fault: fault!.name,
    features: ['premium', 'tickets'],
  });
  try {
    const reportDir = tmp('secrets');
    const grep = `^(${ids.map((id) => id.replace(/[.]/g, '\\.')).join('|')})$`;
    const run = await runCli([
      'certify',
      '--base-url',
      server.url,
      '--user',
      USER,
      '--password',
      PASSWORD,
      '--features',
      'premium,tickets',
      '--seed',
      '2',
      '--num-runs',
      '3',
      '--report-dir',
      reportDir,
      '--grep',
      grep,
    ]);
    expect(run.code, run.stderr).toBe(1);
    const all = files(reportDir);
    expect(all.some((f) => f.endsWith('results.json'))).toBe(true);
    const texts = [
      ...all.map((f) => [f, readFileSync(f, 'utf8')] as const),
      ['stdout', run.stdout] as const,
      ['stderr', run.stderr] as const,
    ];
    for (const [name, text] of texts) {
      expect(text.includes(PASSWORD), `${name} holds the password`).toBe(false);
      expect(text.includes(BASIC), `${name} holds the Basic credentials`).toBe(false);
    }
    const results = readFileSync(all.find((f) => f.endsWith('results.json'))!, 'utf8');
    const report = JSON.parse(results);
    const curls: string[] = report.checks.filter((c: { curl?: string }) => c.curl).map((c: { curl: string }) => c.curl);
    expect(curls.length, 'no failing check carries a curl line').toBeGreaterThan(0);
    // Reproductions take the secret from the environment.
    for (const c of curls.filter((c) => c.includes(' -u '))) expect(c).toContain(`-u "${USER}:$CAL_PASSWORD"`);
    expect(report.header.config.auth).toEqual({ kind: 'basic', user: USER, password: '(redacted)' });
  } finally {
    await server.close();
  }
});
