// The certificate a vendor shows (issue 23): a certified run's certificate.json names the hash of its
// results.json and repeats tool version, variant, features, check counts, seed, date and host;
// `calcert verify` says whether the two agree, and names every difference; badge.svg is well-formed
// SVG saying the verdict. A run that is not certified gets a badge and no certificate.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { buildCertificate, renderBadge, verifyCertificate } from '../../lib/report/certificate.ts';
import { writeReports } from '../../lib/report/write.ts';
import { countResults, type RunReport } from '../../lib/report/results.ts';
import { BIN, CLONE_CALCERT, ROOT } from '../support/run-cli.ts';
import { parseXml } from '../support/xml.ts';

function report(statuses: RunReport['checks'][number]['status'][] = ['pass', 'pass', 'warn', 'n/a']): RunReport {
  const checks = statuses.map((status, i) => ({
    id: `events.sample.c${i}`,
    title: 'a check',
    file: 'suites/events/sample.test.ts',
    level: (i === 2 ? 'should' : 'must') as 'must' | 'should',
    tags: [],
    requirements: [],
    spec: 'List events',
    status,
    duration: 1,
    requests: 1,
  }));
  const failed = statuses.some((s, i) => i !== 2 && s === 'fail');
  return {
    format: 1,
    header: {
      tool: 'calcert',
      version: '0.1.0',
      target: 'https://staging.example.org:8443/wp-json',
      namespace: 'tribe/events/v1',
      embedded: false,
      variant: { declared: 'auto', detected: 'extended', resolved: 'extended', mismatch: false },
      features: ['premium'],
      seed: 4000000001,
      runTag: 'cc1234',
      readOnly: false,
      startedAt: '2026-11-26T06:00:00.000Z',
      duration: 1000,
      requests: 4,
      config: {},
    },
    checks,
    footer: { counts: countResults(checks), verdict: failed ? 'not-certified' : 'certified', errors: [] },
  } as unknown as RunReport;
}

test('a certificate agrees with its results.json; every change to either is named', () => {
  const r = report();
  const text = `${JSON.stringify(r, null, 2)}\n`;
  const cert = buildCertificate(r, text);
  expect(cert).toMatchObject({
    tool: { name: 'calcert', version: '0.1.0' },
    verdict: 'certified',
    variant: 'extended',
    features: ['premium'],
    host: 'staging.example.org:8443',
    seed: 4000000001,
    date: '2026-11-26T06:00:00.000Z',
    checks: { total: 4, applicable: 3, must: 3, should: 1, pass: 2, warn: 1 },
  });
  expect(verifyCertificate(cert, text)).toEqual([]);
  // results.json changed after the certificate: the hash, and here the verdict, disagree.
  const edited = text.replace('"status": "pass"', '"status": "fail"');
  const problems = verifyCertificate(cert, edited);
  expect(problems[0]).toMatch(/^results\.json is not the file this certificate was written for/);
  expect(problems.join('\n')).toMatch(
    /the run is not certified: results\.json says certified, its checks give not-certified/,
  );
  // A certificate edited by hand: the field is named.
  expect(verifyCertificate({ ...cert, variant: 'base' }, text)).toEqual([
    'variant: the certificate says "base", results.json gives "extended"',
  ]);
  expect(verifyCertificate({ format: 1 }, text)[0]).toMatch(/not a calcert certificate/);
});

test('writeReports: a certified run gets certificate.json and badge.svg, another only the badge', () => {
  const dir = mkdtempSync(join(tmpdir(), 'calcert-cert-'));
  const runDir = writeReports(report(), dir, []);
  const cert = JSON.parse(readFileSync(join(runDir, 'certificate.json'), 'utf8'));
  expect(verifyCertificate(cert, readFileSync(join(runDir, 'results.json'), 'utf8'))).toEqual([]);
  const badge = parseXml(readFileSync(join(runDir, 'badge.svg'), 'utf8'));
  expect(badge.name).toBe('svg');
  expect(badge.attrs['aria-label']).toBe('calcert: certified extended');
  const failed = report(['pass', 'fail']);
  failed.header.runTag = 'cc5678';
  const failedDir = writeReports(failed, dir, []);
  expect(existsSync(join(failedDir, 'certificate.json'))).toBe(false);
  expect(parseXml(renderBadge(failed)).attrs['aria-label']).toBe('calcert: not certified');
  // The CLI: 0 agree, 1 disagree (each difference on a line), 2 an input that cannot be read.
  const verify = (...args: string[]) =>
    spawnSync(process.execPath, [BIN, 'verify', ...args], { cwd: ROOT, encoding: 'utf8' });
  const ok = verify(join(runDir, 'certificate.json'), join(runDir, 'results.json'));
  expect(ok.status, ok.stderr).toBe(0);
  expect(ok.stdout).toMatch(/^verified: .* certified \(extended\) for staging\.example\.org:8443, 4 checks/);
  const bad = verify(join(runDir, 'certificate.json'), join(failedDir, 'results.json'));
  expect(bad.status).toBe(1);
  expect(bad.stdout).toMatch(
    /^NOT VERIFIED: [\s\S]*\n- results\.json is not the file this certificate was written for/,
  );
  const missing = verify(join(dir, 'none.json'), join(runDir, 'results.json'));
  expect(missing.status).toBe(2);
  expect(missing.stderr.trim().split('\n')).toHaveLength(1);
  writeFileSync(join(dir, 'broken.json'), '{');
  expect(verify(join(dir, 'broken.json'), join(runDir, 'results.json')).status).toBe(2);
  // Issue 31 point 13: the arguments swapped are a usage mistake (2, one line with the right order), not "disagree".
  const swapped = verify(join(runDir, 'results.json'), join(runDir, 'certificate.json'));
  expect(swapped.status, swapped.stdout).toBe(2);
  expect(swapped.stderr.trim().split('\n')).toEqual([
    `calcert: the arguments are swapped: the certificate comes first, \`${CLONE_CALCERT} verify ${join(runDir, 'certificate.json')} ${join(runDir, 'results.json')}\``,
  ]);
});

// Issue 39 point 10: the read-only badge said "37% judged" where the report says 37.6%.
test('the badge names the judged share as the report does, to the tenth', () => {
  const r = report();
  r.footer.verdict = 'certified-read-only';
  r.coverage = { judgedShare: 37.6 } as RunReport['coverage'];
  expect(parseXml(renderBadge(r)).attrs['aria-label']).toBe('calcert: certified read only extended, 37.6% judged');
});
