// The README's fleet workflow (issue 39: a fleet of sites) holds together and its steps run as
// written: the site list becomes the matrix (jq, as on GitHub's runners), each job runs the
// action read-only with inputs action.yml declares and an artifact name the merge downloads, and
// the merge step turns twelve downloaded sites into one fleet page named by the sites.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { countResults, type CheckResult, type RunReport, verdictOf } from '../../lib/report/results.ts';
import { fleetSite } from '../../scripts/fleet-sites.ts';
import { BIN, ROOT, cleanEnv, run, tempDir } from '../support/run-cli.ts';
import { at, parseYaml, type Yaml } from '../support/yaml.ts';

const README = readFileSync(join(ROOT, 'README.md'), 'utf8');
const from = README.indexOf('### A fleet of sites');
const SECTION = README.slice(from, README.indexOf('\n##', from + 10));
const WORKFLOW = parseYaml(/```yaml\n([\s\S]*?)```/.exec(SECTION)?.[1] ?? '');
const record = (v: Yaml | undefined): Record<string, Yaml> =>
  v && typeof v === 'object' && !Array.isArray(v) ? v : {};
const steps = (job: string) => {
  const s = at(WORKFLOW, 'jobs', job, 'steps');
  return (Array.isArray(s) ? s : []).map(record);
};
const gh = (name: string): string => `\${{ ${name} }}`;
const bash = (text: string, cwd: string, env: Record<string, string>) =>
  run('bash', ['--noprofile', '--norc', '-eo', 'pipefail', '-c', text], { cwd, env: cleanEnv(env) });

test('the fleet workflow: the list is the matrix, each job certifies read-only through the action, the merge takes every site', () => {
  expect(from).toBeGreaterThan(0);
  const certify = record(at(WORKFLOW, 'jobs', 'certify'));
  expect(at(certify, 'needs')).toBe('sites');
  expect(at(certify, 'strategy', 'fail-fast')).toBe('false');
  expect(at(certify, 'strategy', 'matrix', 'site')).toBe(gh('fromJSON(needs.sites.outputs.sites)'));
  const step = steps('certify').find((s) => String(s['uses']).includes('calcert'))!;
  expect(step['uses']).toBe('OWNER/calcert@REF');
  const inputs = Object.keys(record(at(parseYaml(readFileSync(join(ROOT, 'action.yml'), 'utf8')), 'inputs')));
  const given = record(step['with']);
  expect(Object.keys(given).filter((k) => !inputs.includes(k))).toEqual([]);
  expect(String(given['args'])).toMatch(/(^| )--read-only( |$)/);
  expect(given['user'] ?? '').toBe('');
  expect(given['password'] ?? '').toBe('');
  const artifact = String(given['artifact-name']);
  expect(artifact).toBe(`calcert-site-${gh('matrix.site.name')}`);
  const merge = record(at(WORKFLOW, 'jobs', 'merge'));
  expect(at(merge, 'needs')).toBe('certify');
  expect(String(at(merge, 'if'))).toContain('!cancelled()');
  const download = steps('merge').find((s) => String(s['uses']).startsWith('actions/download-artifact@'));
  expect(at(download, 'with', 'pattern')).toBe('calcert-site-*');
  expect(at(download, 'with', 'path')).toBe('sites');
  const tool = steps('merge').find((s) => at(s, 'with', 'repository') === 'OWNER/calcert');
  expect(at(tool, 'with', 'ref')).toBe('REF');
});

test('the site list becomes the matrix: jq fills the default namespace', async () => {
  const workspace = tempDir('fleet-sites');
  mkdirSync(join(workspace, '.calcert'));
  writeFileSync(
    join(workspace, '.calcert/sites.json'),
    JSON.stringify([
      { name: 'shop', url: 'https://shop.example.org', namespace: 'tribe/events/v1' },
      { name: 'club', url: 'https://club.example.net/wp-json' },
    ]),
  );
  const output = join(workspace, 'output');
  writeFileSync(output, '');
  const read = steps('sites').find((s) => s['id'] === 'read')!;
  const r = await bash(String(read['run']), workspace, { GITHUB_OUTPUT: output });
  expect(r.code, r.stderr).toBe(0);
  const line = readFileSync(output, 'utf8').trim();
  expect(line.startsWith('sites=')).toBe(true);
  expect(JSON.parse(line.slice('sites='.length))).toEqual([
    { name: 'shop', url: 'https://shop.example.org', namespace: 'tribe/events/v1' },
    { name: 'club', url: 'https://club.example.net/wp-json', namespace: 'cal/events/v1' },
  ]);
});

test('the merge step as written: twelve downloaded sites, one fleet page named by the sites', async () => {
  const workspace = tempDir('fleet-merge');
  const checks: CheckResult[] = ['events.read.missing-4xx', 'venues.read.missing-4xx', 'tags.list.order'].map(
    (id, i) => ({
      id,
      title: id,
      file: 'suites/x.test.ts',
      level: i === 2 ? 'should' : 'must',
      tags: [],
      requirements: [],
      spec: 's',
      status: i === 0 ? 'fail' : 'pass',
      duration: 1,
      ...(i === 0 ? { message: 'expected 4xx, got 200', reconfirmed: 'reproduced' as const } : {}),
    }),
  );
  const base: RunReport = {
    format: 1,
    header: {
      tool: 'calcert',
      version: '0.1.0',
      target: 'https://x.example/wp-json',
      namespace: 'tribe/events/v1',
      embedded: false,
      variant: { declared: 'auto', detected: 'extended', resolved: 'extended', mismatch: false },
      features: [],
      seed: 1,
      runTag: 'cc1',
      readOnly: true,
      startedAt: '2026-11-28T10:00:00.000Z',
      duration: 1,
      requests: 1,
      config: {},
    },
    checks,
    footer: { counts: countResults(checks), verdict: verdictOf(checks, true), errors: [] },
  };
  for (let i = 1; i <= 12; i++) {
    const folder = join(workspace, 'sites', `calcert-site-shop-${String(i).padStart(2, '0')}`);
    mkdirSync(folder, { recursive: true });
    writeFileSync(join(folder, 'results.json'), `${JSON.stringify(fleetSite(base, i), null, 2)}\n`);
    writeFileSync(join(folder, 'report.html'), '<html></html>');
  }
  const merge = steps('merge').find((s) => String(s['name']).startsWith('merge'))!;
  const script = String(merge['run']);
  const ours = script.split('node calcert-tool/bin/calcert.js').join(`node '${BIN}'`);
  expect(ours).not.toBe(script);
  const summary = join(workspace, 'summary.md');
  const r = await bash(ours, workspace, { GITHUB_STEP_SUMMARY: summary });
  expect(r.code, `${r.stdout}\n${r.stderr}`).toBe(0);
  const page = readFileSync(join(workspace, 'fleet.html'), 'utf8');
  expect(page).toContain('<h1>calcert fleet: 12 sites</h1>');
  expect(page).toContain('<a href="./sites/calcert-site-shop-01/report.html">shop-01</a>');
  expect(readFileSync(summary, 'utf8')).toContain('fleet page of 12 site(s)');
  // No site wrote a results.json: the merge says so and fails.
  const empty = tempDir('fleet-merge-empty');
  mkdirSync(join(empty, 'sites'));
  const none = await bash(ours, empty, { GITHUB_STEP_SUMMARY: join(empty, 'summary.md') });
  expect(none.code).toBe(1);
  expect(none.stdout).toContain('::error::no site wrote a results.json');
});
