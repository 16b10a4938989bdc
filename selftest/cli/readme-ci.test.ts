// The README's CI recipe works as written (issue 14 point 8): its workflow is read from the README
// (YAML subset parser), its environment keys are keys the tool reads, and its certify and summary
// steps run in bash as GitHub runs them against the embedded reference server, with `--grep`
// added to keep the run short and CAL_SEED above 2^31 (github.run_id): first without a baseline
// (the run only records one), then with that run's results.json as .calcert/baseline.json. The
// README's action example passes only inputs action.yml declares.
import { copyFileSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { ALL_ENV_KEYS } from '../../lib/run/config/flags.ts';
import { BIN, ROOT, cleanEnv, run, tempDir } from '../support/run-cli.ts';
import { at, parseYaml, type Yaml } from '../support/yaml.ts';

/** A GitHub expression, `${{ name }}` (written so, the linter reads no template in a string). */
const gh = (name: string): string => `\${{ ${name} }}`;
const README = readFileSync(join(ROOT, 'README.md'), 'utf8');
const section = (heading: string): string => {
  const from = README.indexOf(heading);
  expect(from, heading).toBeGreaterThanOrEqual(0);
  const next = README.indexOf('\n##', from + heading.length);
  return README.slice(from, next < 0 ? undefined : next);
};
const yamlBlock = (text: string): Yaml => parseYaml(/```yaml\n([\s\S]*?)```/.exec(text)?.[1] ?? '');
const record = (v: Yaml | undefined): Record<string, Yaml> =>
  v && typeof v === 'object' && !Array.isArray(v) ? v : {};

const WORKFLOW = yamlBlock(section('### CI recipe'));
const JOB = record(at(WORKFLOW, 'jobs', 'certify'));
const STEPS = (Array.isArray(JOB['steps']) ? JOB['steps'] : []).map(record);
/** What GitHub would put for the expressions: no target (the embedded server), a run ID above 2^31. */
const RUN_ID = '12345678901';
const EXPRESSIONS: Record<string, string> = {
  'vars.CAL_BASE_URL': '',
  'vars.CAL_USER': '',
  'secrets.CAL_PASSWORD': '',
  'github.run_id': RUN_ID,
};

function expand(text: string): string {
  return text.replace(/\$\{\{\s*([\w.-]+)\s*\}\}/g, (m, name: string) => {
    if (!(name in EXPRESSIONS)) throw new Error(`the README's workflow uses ${m}, unknown to this test`);
    return EXPRESSIONS[name] as string;
  });
}

/** A step's script with the repository's bin and a --grep added to each certify. */
function script(name: RegExp, grep?: string): string {
  const step = STEPS.find((s) => name.test(String(s['name'] ?? '')));
  const text = String(step?.['run'] ?? '');
  expect(text, String(name)).not.toBe('');
  if (!grep) return text;
  const replaced = text.split('node bin/calcert.js certify').join(`node '${BIN}' certify --grep '${grep}'`);
  expect(replaced).not.toBe(text);
  return replaced;
}

test("the README's workflow: its CAL_* keys are the tool's, npm ci installs, the reports are uploaded whatever happened", () => {
  const env = record(JOB['env']);
  const keys = Object.keys(env);
  expect(keys.length).toBeGreaterThan(2);
  expect(keys.filter((k) => !ALL_ENV_KEYS.includes(k))).toEqual([]);
  expect(env['CAL_SEED']).toBe(gh('github.run_id'));
  expect(STEPS.some((s) => s['run'] === 'npm ci')).toBe(true);
  const upload = STEPS.find((s) => String(s['uses']).startsWith('actions/upload-artifact@'));
  expect(upload?.['if']).toBe('always()');
  // The action example passes only inputs action.yml declares.
  const action = parseYaml(readFileSync(join(ROOT, 'action.yml'), 'utf8'));
  const example = yamlBlock(section('### The GitHub action'));
  const uses = (Array.isArray(example) ? example : []).map(record).find((s) => String(s['uses']).includes('calcert'));
  const inputs = Object.keys(record(at(action, 'inputs')));
  expect(Object.keys(record(uses?.['with'])).filter((k) => !inputs.includes(k))).toEqual([]);
});

test("the README's CI recipe runs as written: no baseline (records one), then a baseline (no regression), the summary", async () => {
  const workspace = tempDir('readme-ci');
  const env: Record<string, string> = { GITHUB_STEP_SUMMARY: join(workspace, 'summary.md') };
  for (const [k, v] of Object.entries(record(JOB['env']))) env[k] = expand(String(v ?? ''));
  const bash = (text: string) =>
    run('bash', ['--noprofile', '--norc', '-eo', 'pipefail', '-c', text], { cwd: workspace, env: cleanEnv(env) });
  const certify = script(/^certify/, '^root\\.get\\.');

  const first = await bash(certify);
  expect(first.code, `${first.stdout}\n${first.stderr}`).toBe(0);
  expect(first.stdout).toMatch(/^::warning::no \.calcert\/baseline\.json yet/m);
  const results = join(workspace, 'reports/latest/results.json');
  const header = JSON.parse(readFileSync(results, 'utf8')).header;
  expect(header.seed).toBe(Number(RUN_ID));

  mkdirSync(join(workspace, '.calcert'));
  copyFileSync(results, join(workspace, '.calcert/baseline.json'));
  const second = await bash(certify);
  expect(second.code, `${second.stdout}\n${second.stderr}`).toBe(0);
  expect(second.stdout).not.toMatch(/::warning::/);
  expect(second.stdout).toMatch(/regression/i);

  const summary = await bash(script(/^summary/));
  expect(summary.code, summary.stderr).toBe(0);
  expect(readFileSync(env['GITHUB_STEP_SUMMARY'] as string, 'utf8')).toMatch(/partial/i);
  expect(existsSync(join(workspace, 'reports'))).toBe(true);
});
