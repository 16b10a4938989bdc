// action.yml (issue 14 point 8): a GitHub composite action that installs calcert, certifies with
// its inputs mapped to CAL_* keys and uploads reports/latest whatever the outcome. Read with the
// YAML subset parser (selftest/support/yaml-subset.ts): its shape, every CAL_* key a real key of
// FLAGS, every input used and every used input declared; then its certify step's script runs as
// GitHub would run it (inputs at their defaults, a --grep in `args`) against the embedded
// reference server.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { COMMANDS } from '../../lib/commands/cli.ts';
import { ALL_ENV_KEYS } from '../../lib/run/config/flags.ts';
import { ROOT, cleanEnv, run, tempDir } from '../support/run-cli.ts';
import { at, parseYaml, type Yaml } from '../support/yaml.ts';

/** A GitHub expression, `${{ name }}` (written so, the linter reads no template in a string). */
const gh = (name: string): string => `\${{ ${name} }}`;
const ACTION = parseYaml(readFileSync(join(ROOT, 'action.yml'), 'utf8'));
const record = (v: Yaml | undefined): Record<string, Yaml> =>
  v && typeof v === 'object' && !Array.isArray(v) ? v : {};
const steps = (): Array<Record<string, Yaml>> => {
  const s = at(ACTION, 'runs', 'steps');
  return Array.isArray(s) ? s.map(record) : [];
};
const INPUTS = record(at(ACTION, 'inputs'));

/** `${{ inputs.X }}`, `${{ github.action_path }}` ... replaced as the runner would. */
function expand(text: string, values: Record<string, string>): string {
  return text.replace(/\$\{\{\s*([\w.-]+)\s*\}\}/g, (m, name: string) => values[name] ?? m);
}

test('action.yml: a composite action with the inputs, the steps and the CAL_* keys of the tool', () => {
  expect(at(ACTION, 'runs', 'using')).toBe('composite');
  expect(typeof at(ACTION, 'name')).toBe('string');
  expect(typeof at(ACTION, 'description')).toBe('string');
  for (const name of ['base-url', 'namespace', 'user', 'password', 'variant', 'features', 'args', 'node-version'])
    expect(typeof at(INPUTS, name, 'description'), name).toBe('string');
  const all = steps();
  // Composite steps: `run` needs a shell; actions are pinned to a major version.
  for (const s of all) {
    if (s['run'] !== undefined) expect(s['shell'], String(s['name'])).toBe('bash');
    if (s['uses'] !== undefined) expect(String(s['uses'])).toMatch(/^[\w-]+\/[\w-]+@v\d+$/);
  }
  const uses = all.map((s) => s['uses']).filter((u): u is string => typeof u === 'string');
  expect(uses.some((u) => u.startsWith('actions/setup-node@'))).toBe(true);
  const install = all.find((s) => typeof s['run'] === 'string' && /\bnpm ci\b/.test(s['run']));
  expect(install?.['working-directory']).toBe(gh('github.action_path'));
  // The reports are uploaded even when certify failed.
  const upload = all.find((s) => String(s['uses']).startsWith('actions/upload-artifact@'));
  expect(upload?.['if']).toBe('always()');
  expect(at(upload, 'with', 'path')).toBe('reports/latest');
  const certify = all.find((s) => s['id'] === 'certify');
  expect(certify, 'a step with id certify').toBeDefined();
  const env = record(certify?.['env']);
  // Every CAL_* key is one the tool reads (FLAGS), and the inputs reach theirs.
  const keys = Object.keys(env).filter((k) => k.startsWith('CAL_'));
  expect(keys.filter((k) => !ALL_ENV_KEYS.includes(k))).toEqual([]);
  expect(env).toMatchObject({
    CAL_BASE_URL: gh('inputs.base-url'),
    CAL_NAMESPACE: gh('inputs.namespace'),
    CAL_USER: gh('inputs.user'),
    CAL_PASSWORD: gh('inputs.password'),
    CAL_VARIANT: gh('inputs.variant'),
    CAL_FEATURES: gh('inputs.features'),
  });
  // The inputs used are the inputs declared, and each declared one is used.
  const text = readFileSync(join(ROOT, 'action.yml'), 'utf8');
  const used = new Set([...text.matchAll(/\$\{\{\s*inputs\.([\w-]+)\s*\}\}/g)].map((m) => m[1] as string));
  expect([...used].sort()).toEqual(Object.keys(INPUTS).sort());
  // The command it runs is the tool's bin and a real command.
  const script = String(certify?.['run']);
  const command = /node "\$CALCERT_BIN" ([a-z]+)/.exec(script)?.[1];
  expect(command && command in COMMANDS, script).toBe(true);
  expect(env['CALCERT_BIN']).toBe(`${gh('github.action_path')}/bin/calcert.js`);
  expect(existsSync(join(ROOT, 'bin/calcert.js'))).toBe(true);
});

test("action.yml: the certify step's script runs as GitHub runs it: exit code output, step summary, reports/latest", async () => {
  const certify = steps().find((s) => s['id'] === 'certify');
  const workspace = tempDir('action');
  const values: Record<string, string> = { 'github.action_path': ROOT };
  for (const [name, spec] of Object.entries(INPUTS)) values[`inputs.${name}`] = String(at(spec, 'default') ?? '');
  values['inputs.args'] = "--grep '^root\\.get\\.'";
  const env: Record<string, string> = {
    GITHUB_OUTPUT: join(workspace, 'output.txt'),
    GITHUB_STEP_SUMMARY: join(workspace, 'summary.md'),
    RUNNER_TEMP: workspace,
  };
  for (const [k, v] of Object.entries(record(certify?.['env']))) env[k] = expand(String(v ?? ''), values);
  // GitHub runs a `shell: bash` step as `bash --noprofile --norc -eo pipefail {0}`.
  const r = await run('bash', ['--noprofile', '--norc', '-eo', 'pipefail', '-c', String(certify?.['run'])], {
    cwd: workspace,
    env: cleanEnv(env),
  });
  expect(r.code, `${r.stdout}\n${r.stderr}`).toBe(0);
  expect(r.stdout).toMatch(/^PARTIAL: \d+ checks, \d+ pass, 0 fail/m);
  expect(readFileSync(env['GITHUB_OUTPUT'] as string, 'utf8')).toBe('exit-code=0\n');
  expect(readFileSync(env['GITHUB_STEP_SUMMARY'] as string, 'utf8')).toMatch(/partial/i);
  expect(existsSync(join(workspace, 'reports/latest/results.json'))).toBe(true);
});
