// `.env.example` and the README list every environment key certify reads (FLAGS in lib/run/config/flags.ts),
// and no other: a flag added to FLAGS with an `env` key shows up in both or this test fails.
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { expect, test } from 'vitest';
import { ALL_ENV_KEYS, ENV_KEYS } from '../../lib/run/config/flags.ts';

const ROOT = resolve(import.meta.dirname, '../..');

test('.env.example sets exactly the keys certify reads; the README names each', () => {
  const example = readFileSync(join(ROOT, '.env.example'), 'utf8');
  const set = [...example.matchAll(/^(CAL_[A-Z_]+)=/gm)].map((m) => m[1] as string);
  expect([...set].sort()).toEqual([...ENV_KEYS].sort());
  const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
  expect(ENV_KEYS.filter((k) => !readme.includes(`\`${k}\``))).toEqual([]);
  const named = new Set([...readme.matchAll(/`(CAL_[A-Z_]+)/g)].map((m) => m[1] as string));
  expect([...named].filter((k) => !ALL_ENV_KEYS.includes(k))).toEqual([]);
});
