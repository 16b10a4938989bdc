/**
 * Static proofs over the quirk registry (fixtures/reference-server/quirks.ts): names unique,
 * documented, with variants, `mayWarn` naming only existing should-checks; `original` expands per
 * variant in startReferenceServer and the CLI alike; and the original's text and cost rendering
 * (fixtures/reference-server/original.ts) reproduces recordings/text-rendering.jsonl exactly.
 */
import { readFileSync } from 'node:fs';
import { beforeAll, expect, test } from 'vitest';
import { QUIRKS, resolveQuirks } from '../fixtures/reference-server/quirks.ts';
import { formatCost, renderContent, renderTitle } from '../fixtures/reference-server/original.ts';
import { startReferenceServer } from '../fixtures/reference-server/index.ts';
import { listChecks, type ListedCheck } from '../lib/check/list.ts';
import { SCOPES } from './support/tolerance.ts';

let checks: ListedCheck[] = [];
beforeAll(async () => {
  checks = await listChecks();
});

test('every quirk has a unique name, a description, variants and a scope', () => {
  expect(QUIRKS.length).toBeGreaterThan(0);
  expect(new Set(QUIRKS.map((q) => q.name)).size).toBe(QUIRKS.length);
  for (const q of QUIRKS) {
    expect(q.name, 'quirk names are kebab-case and not "original"').toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
    expect(q.name).not.toBe('original');
    expect(q.description.length, `${q.name} is documented`).toBeGreaterThan(40);
    expect(q.variants.length, `${q.name} names its variants`).toBeGreaterThan(0);
    for (const v of q.variants) expect(['base', 'extended']).toContain(v);
    expect(new Set(q.variants).size).toBe(q.variants.length);
    expect(SCOPES[q.name], `${q.name} has a scope in selftest/support/tolerance.ts`).toBeDefined();
  }
  expect(Object.keys(SCOPES).filter((n) => !QUIRKS.some((q) => q.name === n))).toEqual([]);
});

test('mayWarn names only existing checks of level should, once each', () => {
  const byId = new Map(checks.map((c) => [c.id, c]));
  const wrong = QUIRKS.flatMap((q) =>
    q.mayWarn.flatMap((id) => {
      const c = byId.get(id);
      if (!c) return [`${q.name}: ${id} is not a check`];
      if (c.level !== 'should') return [`${q.name}: ${id} is a ${c.level}-check (a quirk may never fail a must-check)`];
      return [];
    }),
  );
  expect(wrong).toEqual([]);
  for (const q of QUIRKS) expect(new Set(q.mayWarn).size, `${q.name} lists a check twice`).toBe(q.mayWarn.length);
});

test("`original` expands to every quirk of the variant; unknown names and other variants' quirks are refused", async () => {
  for (const variant of ['base', 'extended'] as const) {
    expect([...resolveQuirks(['original'], variant)].sort()).toEqual(
      QUIRKS.filter((q) => q.variants.includes(variant))
        .map((q) => q.name)
        .sort(),
    );
  }
  expect(() => resolveQuirks(['no-such-quirk'], 'extended')).toThrow(/Unknown quirk/);
  const baseOnly = QUIRKS.find((q) => !q.variants.includes('extended'));
  if (baseOnly) expect(() => resolveQuirks([baseOnly.name], 'extended')).toThrow(/variant/);
  // The server and the CLI share resolveQuirks: `--quirks original` reaches the routes.
  const server = await startReferenceServer({ variant: 'base', quirks: ['original'] });
  try {
    const res = await fetch(`${server.url}/${server.namespace}/events?search=nothing-matches-this`, {
      headers: { authorization: `Basic ${Buffer.from('admin:secret').toString('base64')}` },
    });
    expect(res.status, 'base + original: an empty list is the archive 404').toBe(404);
    expect(((await res.json()) as { code: string }).code).toBe('event-archive-page-not-found');
  } finally {
    await server.close();
  }
});

test("the original's rendering reproduces recordings/text-rendering.jsonl", () => {
  const lines = readFileSync(new URL('../fixtures/recordings/text-rendering.jsonl', import.meta.url), 'utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l));
  const wrong: string[] = [];
  for (const r of lines) {
    const variant = r.version === '4.6.8' ? 'base' : 'extended';
    if (r.kind === 'text') {
      for (const [k, fn] of [
        ['title', renderTitle],
        ['description', renderContent],
        ['excerpt', renderContent],
      ] as const) {
        const got = fn(r.sent[k]);
        if (got !== r.got[k])
          wrong.push(`${r.version} ${r.case} ${k}: ${JSON.stringify(got)} != ${JSON.stringify(r.got[k])}`);
      }
    } else if (r.kind === 'cost' && r.status === 201) {
      const f = formatCost(r.sent, variant);
      if (f.cost !== r.got.cost || JSON.stringify(f.details) !== JSON.stringify(r.got.cost_details))
        wrong.push(`${r.version} cost ${r.sent}: ${JSON.stringify(f)}`);
    }
  }
  expect(lines.length).toBeGreaterThan(30);
  expect(wrong).toEqual([]);
});

// Renderings measured on the original after recordings/text-rendering.jsonl was taken (that file is
// a copy of the shared one and stays as it is): title sent, title answered.
test.each<[string, string, string]>([
  [
    'a `\'` before `"` stays as typed (6.8.0, certify-original 2026-11-29 09:45, events.payload.round-trip)',
    `li'"U2A`,
    `li'&#8221;U2A`,
  ],
  [
    "a `'` before two digits at the end is an abbreviated year's apostrophe, not a prime (6.8.0, certify-original 2026-11-29 18:22)",
    "cc8f94dd972h6h0w rt sU3'83",
    'cc8f94dd972h6h0w rt sU3&#8217;83',
  ],
])("the original's title rendering: %s", (_name, sent, answered) => {
  expect(renderTitle(sent)).toBe(answered);
});
