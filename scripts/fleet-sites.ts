/**
 * A synthetic fleet for the fleet page's benchmark and screenshots: N sites' results.json made
 * from one real run, as calcert writes them (indented JSON), each with its own target, run tag
 * and a deterministic mix of outcomes:
 *   55% clean (the base run's failures and warnings passed), 30% as the base run,
 *   12% the base run plus 1 to 4 more failed must-checks (some marked intermittent, some with a
 *   site-specific message), 3% interrupted (the last 200 checks unjudged).
 * Counts, verdict and the incomplete lines are recomputed (lib/report/results.ts).
 *
 *   npx tsx scripts/fleet-sites.ts BASE/results.json N OUT-DIR
 * writes OUT-DIR/site-0001/results.json ... and prints OUT-DIR.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type CheckResult, countResults, incompleteOf, type RunReport, verdictOf } from '../lib/report/results.ts';

/** mulberry32: a small deterministic PRNG. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const PASSED = (c: CheckResult): CheckResult => {
  const {
    message: _m,
    exchanges: _x,
    request: _r,
    responseExcerpt: _e,
    curl: _c,
    reconfirmed: _rc,
    transport: _t,
    unjudged: _u,
    ...rest
  } = c;
  return { ...rest, status: 'pass' };
};

/** Site `i` (from 1) of a fleet made from `base`. Pure. */
export function fleetSite(base: RunReport, i: number): RunReport {
  const random = prng(i * 7919 + 17);
  const roll = random();
  const name = `site-${String(i).padStart(4, '0')}.example.org`;
  const target = `https://${name}/wp-json`;
  const failing = (c: CheckResult) => c.status !== 'pass' && c.status !== 'n/a';
  let checks: CheckResult[] = base.checks;
  let interrupted: string | undefined;
  if (roll < 0.55) checks = base.checks.map((c) => (failing(c) ? PASSED(c) : c));
  else if (roll >= 0.85 && roll < 0.97) {
    const candidates = base.checks.filter((c) => c.status === 'pass' && c.level === 'must');
    const extra = new Map<string, CheckResult>();
    const n = 1 + Math.floor(random() * 4);
    for (let k = 0; k < n; k++) {
      const c = candidates[Math.floor(random() * candidates.length)]!;
      const own = random() < 0.5;
      extra.set(c.id, {
        ...c,
        status: 'fail',
        message: own
          ? `expected 200, got 500 from ${target} (a plugin of this site)`
          : 'expected 201, got 200: the record was created but the answer says OK',
        exchanges: [
          {
            method: 'POST',
            url: `${target}/cal/events/v1/events`,
            requestHeaders: { accept: 'application/json', 'content-type': 'application/json' },
            requestBody: '{"title":"calcert bench"}',
            status: own ? 500 : 200,
            responseHeaders: { 'content-type': 'application/json; charset=UTF-8' },
            responseExcerpt: own ? '{"code":"internal_server_error"}' : '{"id":123}',
            ms: 40,
            retries: 0,
            curl: `curl -sS -i -X POST '${target}/cal/events/v1/events' -u "admin:$CAL_PASSWORD"`,
          },
        ],
        reconfirmed: random() < 0.3 ? 'intermittent' : 'reproduced',
      });
    }
    checks = base.checks.map((c) => extra.get(c.id) ?? c);
  } else if (roll >= 0.97) {
    interrupted = 'interrupted by a signal';
    checks = base.checks.map((c, j) =>
      j >= base.checks.length - 200 && c.status === 'pass'
        ? {
            ...c,
            status: 'error',
            duration: 0,
            message:
              'the suite could not judge: the run was stopped (deadline or interruption) before the check started',
            unjudged: 'interrupted',
            notStarted: true,
            requests: 0,
          }
        : c,
    );
  }
  const errors = interrupted ? [interrupted] : [];
  const incomplete = incompleteOf(checks);
  return {
    ...base,
    header: {
      ...base.header,
      target,
      embedded: false,
      runTag: `cc${i.toString(16).padStart(8, '0')}`,
      config: { ...base.header.config, baseUrl: target, embedded: false },
    },
    checks,
    footer: {
      ...base.footer,
      counts: countResults(checks),
      verdict: verdictOf(checks, base.header.readOnly, errors),
      errors,
      ...(interrupted ? { interrupted } : {}),
      ...(incomplete.length ? { incomplete } : {}),
    },
  };
}

/** Write `n` sites made from `base` under `dir` (site-0001/results.json, ...); their paths. */
export function writeFleet(base: RunReport, n: number, dir: string): string[] {
  const paths: string[] = [];
  for (let i = 1; i <= n; i++) {
    const folder = join(dir, `site-${String(i).padStart(4, '0')}`);
    mkdirSync(folder, { recursive: true });
    const path = join(folder, 'results.json');
    writeFileSync(path, `${JSON.stringify(fleetSite(base, i), null, 2)}\n`);
    paths.push(path);
  }
  return paths;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const [from, count, out] = process.argv.slice(2);
  if (!from || !count || !out) {
    console.error('usage: npx tsx scripts/fleet-sites.ts BASE/results.json N OUT-DIR');
    process.exit(2);
  }
  writeFleet(JSON.parse(readFileSync(from, 'utf8')) as RunReport, Number(count), out);
  console.log(resolve(out));
}
