/**
 * The shadow model replayed while the checks run (lib/certify/model-live.ts) judges exactly as the
 * replay after the run (lib/certify/model.ts runModel) on the same lines: lines of two workers read
 * out of their order, a stamp that only the final run window holds, a clock skew, a file made anew
 * during the run. Each case compares the whole judged exchanges (the models' ports aside) and says
 * whether the replay kept what it did during the checks or replayed every line after them.
 */
import { appendFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, test } from 'vitest';
import { LiveModel } from '../../lib/certify/model-live.ts';
import { byCheckId, type ModelOptions, runModel } from '../../lib/certify/model.ts';
import { checksOf, readShadowLines, replayOrder, type ShadowCheck } from '../../lib/run/shadow.ts';
import type { JudgedExchange } from '../../lib/spec/model/judge.ts';
import { replayOptions } from '../support/model-options.ts';

const T = Date.parse('2026-11-29T10:00:00Z');
const MIN = 60_000;
const OPTS: ModelOptions = replayOptions('cclive0001');

const stamp = (ms: number) => new Date(ms).toISOString().slice(0, 19).replace('T', ' ');

/** A check that creates a venue and reads it back; the target's answers as given (they differ from the model's). */
function check(n: number, seq: number, at: number, opts: { dateAt?: number; skewMs?: number } = {}): ShadowCheck {
  const id = 500 + n;
  const name = `cclive0001${n} venue`;
  const date = stamp(opts.dateAt ?? at);
  const answer = { id, venue: name, date, date_utc: date, city: 'Here' };
  const headers = { 'content-type': 'application/json', date: new Date(at + (opts.skewMs ?? 0)).toUTCString() };
  return {
    check: `venues.live.c${n}`,
    seq,
    exchanges: [
      {
        at,
        method: 'POST',
        route: '/venues',
        query: '',
        body: JSON.stringify({ venue: name }),
        headers: { 'content-type': 'application/json' },
        auth: true,
        curl: 'curl',
        status: 201,
        answerHeaders: headers,
        json: answer,
      },
      {
        at: at + 5,
        method: 'GET',
        route: `/venues/${id}`,
        query: '',
        headers: {},
        auth: true,
        curl: 'curl',
        status: 200,
        answerHeaders: headers,
        json: answer,
      },
    ],
  };
}

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

const same = (judged: readonly JudgedExchange[]) => JSON.stringify(judged).replace(/127\.0\.0\.1:\d+/g, 'HOST');

/** Appends each check to its worker's file and pokes the replay, in the order given; then ends as certify does. */
async function run(steps: Array<{ file: string; check: ShadowCheck } | (() => void)>) {
  const dir = mkdtempSync(join(tmpdir(), 'calcert-live-'));
  dirs.push(dir);
  const live = new LiveModel(dir, OPTS);
  for (const step of steps) {
    if (typeof step === 'function') step.call(null);
    else appendFileSync(join(dir, step.file), `${JSON.stringify(step.check)}\n`);
    live.poke();
    await live.caughtUp();
  }
  const lines = (await live.drained()) ?? readShadowLines(dir);
  const { judged, stats } = await live.finish(lines);
  const serial = await runModel(checksOf(readShadowLines(dir)), OPTS);
  return { dir, judged, stats, serial };
}

test('lines of two workers read out of order are replayed in their sequence, as the replay after the run does', async () => {
  const { judged, stats, serial } = await run([
    { file: 'b.jsonl', check: check(1, 1, T + 100) },
    { file: 'a.jsonl', check: check(0, 0, T) },
    { file: 'a.jsonl', check: check(2, 2, T + 200) },
    { file: 'b.jsonl', check: check(3, 3, T + 300) },
  ]);
  expect(stats).toEqual({ during: 4, checks: 4 });
  expect(judged.length).toBe(8);
  expect(judged.some((j) => j.differences?.some((d) => d.level !== 'info'))).toBe(true);
  expect(same(judged)).toBe(same(serial));
});

test('a stamp outside the window of its replay and inside the final one: every line replayed after the checks', async () => {
  const { judged, stats, serial } = await run([
    { file: 'a.jsonl', check: check(0, 0, T, { dateAt: T + 8 * MIN }) },
    { file: 'a.jsonl', check: check(1, 1, T + 10 * MIN) },
  ]);
  expect(stats).toEqual({ during: 0, checks: 2, after: 'a stamp fell inside the final run window' });
  expect(same(judged)).toBe(same(serial));
});

test('a stamp outside both windows keeps the replay of the checks', async () => {
  const { judged, stats, serial } = await run([
    { file: 'a.jsonl', check: check(0, 0, T, { dateAt: T + 60 * MIN }) },
    { file: 'a.jsonl', check: check(1, 1, T + 10 * MIN) },
  ]);
  expect(stats).toEqual({ during: 2, checks: 2 });
  expect(same(judged)).toBe(same(serial));
});

test('a clock skew: every line replayed after the checks', async () => {
  const { judged, stats, serial } = await run([
    { file: 'a.jsonl', check: check(0, 0, T, { skewMs: 30_000 }) },
    { file: 'a.jsonl', check: check(1, 1, T + 100, { skewMs: 30_000 }) },
  ]);
  expect(stats).toEqual({ during: 0, checks: 2, after: 'the clock skew was not known during the checks' });
  expect(same(judged)).toBe(same(serial));
});

test('a file made anew during the run: the replay reads the folder again and starts over', async () => {
  let dir = '';
  const { judged, stats, serial } = await run([
    { file: 'a.jsonl', check: check(0, 0, T) },
    { file: 'a.jsonl', check: check(1, 1, T + 100) },
    () => {
      dir = dirs.at(-1) as string;
      writeFileSync(join(dir, 'a.jsonl'), `${JSON.stringify(check(2, 2, T + 200))}\n`);
    },
  ]);
  expect(stats).toMatchObject({ during: 0, checks: 1, after: 'a.jsonl was cut or replaced during the run' });
  expect(judged.map((j) => j.check)).toEqual(['venues.live.c2', 'venues.live.c2']);
  expect(same(judged)).toBe(same(serial));
});

test.each<[string, Array<{ seq?: number }>, Array<number | undefined>]>([
  ['by sequence', [{ seq: 2 }, { seq: 0 }, { seq: 1 }], [0, 1, 2]],
  ['as given when one has none', [{ seq: 2 }, {}, { seq: 1 }], [2, undefined, 1]],
])('replayOrder: %s', (_name, checks, seqs) => {
  expect(replayOrder(checks).map((c) => c.seq)).toEqual(seqs);
});

test('byCheckId: groups in check ID order, stable', () => {
  const j = (check: string, index: number) => ({ check, index, method: 'GET', path: '/' });
  expect(byCheckId([[j('b', 0), j('b', 1)], [j('a', 0)], [], [j('b', 0)]]).map((x) => `${x.check}${x.index}`)).toEqual([
    'a0',
    'b0',
    'b1',
    'b0',
  ]);
});
