/**
 * Issue 31 point 4: when the final sweep cannot finish (chaos `truncated-json`: every 7th JSON body
 * cut in half), the console, summary.md and report.html say so and give the remedy: the cleanup
 * line with the target flags, which runs as printed (only the password left to the environment).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startReferenceServer, type ReferenceServer } from '../../fixtures/reference-server/index.ts';
import { certify } from '../../lib/certify/certify.ts';
import { loadConfig } from '../../lib/run/config/load.ts';
import { CLONE_CALCERT } from '../support/run-cli.ts';
import { tmp } from './support.ts';

let server: ReferenceServer;
beforeAll(async () => {
  server = await startReferenceServer({
    variant: 'extended',
    port: 0,
    user: 'editor',
    password: 'remedy-pass-1',
    chaos: 'truncated-json',
  });
});
afterAll(async () => server?.close());

test('a sweep that could not finish prints, and reports, the cleanup line to run', async () => {
  const reportDir = tmp('remedy');
  const config = loadConfig({
    env: { CAL_PASSWORD: 'remedy-pass-1' },
    dotenv: false,
    flags: {
      'base-url': server.url,
      user: 'editor',
      seed: 3,
      'num-runs': 3,
      'run-tag': 'ccremedy1',
      'report-dir': reportDir,
      grep: '^events\\.(create|delete)\\.',
    },
  });
  const lines: string[] = [];
  const result = await certify(config, { log: (l) => lines.push(l) });
  expect(result.report?.header.cleanup?.errors.length, lines.join('\n')).toBeGreaterThan(0);
  const line = `${CLONE_CALCERT} cleanup --base-url ${server.url} --user editor --run-tag ccremedy1`;
  const remedy = `the sweep could not finish, so records of run ccremedy1 may be left on the target; fix: once the server answers well again, run \`${line}\` (export CAL_PASSWORD first)`;
  expect(lines).toContain(`cleanup: ${remedy}`);
  expect(result.report?.header.cleanup?.remedy).toBe(remedy);
  const summary = readFileSync(join(result.reportDir!, 'summary.md'), 'utf8');
  expect(summary).toMatch(/## Cleanup problems\n\n- .*not JSON/);
  expect(summary).toContain(remedy);
  const html = readFileSync(join(result.reportDir!, 'report.html'), 'utf8');
  expect(html).toMatch(/<h2>Cleanup problems<\/h2><p><strong>the sweep could not finish/);
  expect(html).toContain(`${CLONE_CALCERT} cleanup --base-url`);
  for (const text of [summary, html, lines.join('\n')]) expect(text).not.toContain('remedy-pass-1');
});
