/**
 * The shadow model replayed in a worker thread of its own (lib/certify/model-thread.ts): the
 * thread reads the run's shadow folder, replays and judges, and answers with what certify needs;
 * the judged exchanges are the serial replay's (lib/certify/model.ts runModel) on the same lines,
 * and the elements of each compared exchange those modelCheckResults would compute from the
 * recordings. A thread that fails (its module throws, or is missing) is a ModelThreadError with
 * one line, never a hang; a signal stops the replay between two checks. Which runs use the thread.
 */
import { appendFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { threadId } from 'node:worker_threads';
import { afterEach, expect, test } from 'vitest';
import { modelReplayOf } from '../../lib/certify/model-replay.ts';
import { type ModelOptions, runModel } from '../../lib/certify/model.ts';
import { exchangeElements } from '../../lib/certify/model-results.ts';
import { ModelThread, ModelThreadError, threadEntry } from '../../lib/certify/model-thread.ts';
import { checksOf, readShadowLines, type ShadowCheck } from '../../lib/run/shadow.ts';
import type { JudgedExchange } from '../../lib/spec/model/judge.ts';
import { replayOptions } from '../support/model-options.ts';

const T = Date.parse('2026-11-29T10:00:00Z');
const OPTS: ModelOptions = replayOptions('ccthrd0001');

const stamp = (ms: number) => new Date(ms).toISOString().slice(0, 19).replace('T', ' ');

/** A check that creates a venue and reads it back; its answers differ from the model's (no `url`, ...). */
function check(n: number, seq: number, at: number): ShadowCheck {
  const id = 700 + n;
  const name = `ccthrd0001${n} venue`;
  const answer = { id, venue: name, date: stamp(at), date_utc: stamp(at), city: 'Here' };
  const answerHeaders = { 'content-type': 'application/json', date: new Date(at).toUTCString() };
  const base = { query: '', auth: true, curl: 'curl', answerHeaders, json: answer };
  return {
    check: `venues.thread.c${n}`,
    seq,
    exchanges: [
      {
        ...base,
        at,
        method: 'POST',
        route: '/venues',
        body: JSON.stringify({ venue: name }),
        headers: { 'content-type': 'application/json' },
        status: 201,
      },
      { ...base, at: at + 5, method: 'GET', route: `/venues/${id}`, headers: {}, status: 200 },
    ],
  };
}

const dirs: string[] = [];
const threads: ModelThread[] = [];
afterEach(async () => {
  for (const t of threads.splice(0)) await t.close();
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function folder(): string {
  const dir = mkdtempSync(join(tmpdir(), 'calcert-thread-'));
  dirs.push(dir);
  return dir;
}

function start(dir: string, opts: ModelOptions = OPTS, entry?: URL): ModelThread {
  const t = new ModelThread(dir, opts, entry);
  threads.push(t);
  return t;
}

const same = (judged: readonly JudgedExchange[]) => JSON.stringify(judged).replace(/127\.0\.0\.1:\d+/g, 'HOST');

test('the thread replays the lines as they come and judges as the serial replay does; the elements as from the recordings', async () => {
  const dir = folder();
  const thread = start(dir);
  // Two workers' files, lines out of their sequence; a poke after each, as each check ends.
  const steps: Array<[string, ShadowCheck]> = [
    ['b.jsonl', check(1, 1, T + 100)],
    ['a.jsonl', check(0, 0, T)],
    ['a.jsonl', check(2, 2, T + 200)],
    ['b.jsonl', check(3, 3, T + 300)],
  ];
  for (const [file, c] of steps) {
    appendFileSync(join(dir, file), `${JSON.stringify(c)}\n`);
    thread.poke();
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const got = await thread.finish();
  const shadow = checksOf(readShadowLines(dir));
  const { keep: _k, ...serialOpts } = OPTS;
  const serial = await runModel(shadow, { ...serialOpts, keep: true });
  expect(got.thread?.id, 'replayed in another thread').toBeGreaterThan(0);
  expect(got.thread?.id).not.toBe(threadId);
  expect(got.stats.checks).toBe(4);
  expect(got.stats.after).toBeUndefined();
  expect(got.judged.length).toBe(8);
  expect(got.judged.some((j) => j.differences?.some((d) => d.level !== 'info'))).toBe(true);
  expect(same(got.judged)).toBe(same(serial));
  expect(got.recorded.sort()).toEqual(['venues.thread.c0', 'venues.thread.c1', 'venues.thread.c2', 'venues.thread.c3']);
  // Under keep: the recordings and the judge's context come back too.
  expect(JSON.stringify(got.shadow)).toBe(JSON.stringify(shadow));
  expect(got.context?.runTag).toBe('ccthrd0001');
  for (const j of got.judged) {
    const x = shadow.find((c) => c.check === j.check)?.exchanges[j.index] as ShadowCheck['exchanges'][number];
    expect(got.elementsOf(j)).toEqual(j.differences ? exchangeElements(j, x, OPTS.resolved) : undefined);
  }
});

test('a run the thread saw nothing of: nothing judged, no recording', async () => {
  const got = await start(folder()).finish();
  expect(got.judged).toEqual([]);
  expect(got.recorded).toEqual([]);
  expect(got.stats).toEqual({ during: 0, checks: 0 });
});

test('a signal stops the replay between two checks: the thread answers at once with what it judged', async () => {
  const dir = folder();
  for (let n = 0; n < 6; n++) appendFileSync(join(dir, 'a.jsonl'), `${JSON.stringify(check(n, n, T + n * 100))}\n`);
  const stop = new AbortController();
  const thread = start(dir, { ...OPTS, signal: stop.signal });
  stop.abort();
  const got = await thread.finish();
  expect(got.stats.checks).toBe(6);
  expect(got.judged.length).toBeLessThan(12);
});

const failing = (source: string) => new URL(`data:text/javascript,${encodeURIComponent(source)}`);

test.each<[string, () => URL, RegExp]>([
  ['its module throws as it loads', () => failing(`throw new Error('no model today');`), /^no model today$/],
  [
    'its module is missing',
    () => threadEntry(10, new URL('./no-such-dir/certify.js', import.meta.url).href),
    /Cannot find module/,
  ],
  [
    'it exits without an answer',
    () => failing(`process.exit(3);`),
    /^the thread ended \(exit code 3\) before it answered$/,
  ],
])('a thread that fails: a ModelThreadError of one line (%s)', async (_name, entry, message) => {
  const thread = start(folder(), OPTS, entry());
  const error = await thread.finish().catch((e: unknown) => e);
  expect(error).toBeInstanceOf(ModelThreadError);
  expect((error as Error).message).toMatch(message);
  expect((error as Error).message).not.toContain('\n');
});

const idle = { average: 0.4, cores: 2 };
test.each<[string, Parameters<typeof modelReplayOf>[0], ReturnType<typeof modelReplayOf>]>([
  ['a full run on an idle machine: in its thread', { load: idle }, { replay: 'thread' }],
  ['asked: as asked, whatever the load', { asked: 'live', load: { average: 9, cores: 2 } }, { replay: 'live' }],
  ['a run of chosen checks: after them', { grep: '^venues\\.', load: idle }, { replay: 'after' }],
  ['a run of chosen IDs: after them', { ids: ['root.index'], load: idle }, { replay: 'after' }],
  ['a run of chosen suite files: after them', { files: ['suites/root.test.ts'], load: idle }, { replay: 'after' }],
  ['a run on a session of the self-tests: after the checks', { session: true, load: idle }, { replay: 'after' }],
  [
    'a full run on a busy machine: after the checks, saying why',
    { load: { average: 2.5, cores: 2 } },
    { replay: 'after', why: 'no core to spare for its thread: load 2.5 on 2 cores' },
  ],
  [
    'a full run just after another on 2 cores (load 2.2): in its thread',
    { load: { average: 2.2, cores: 2 } },
    { replay: 'thread' },
  ],
])('modelReplayOf: %s', (_name, run, expected) => {
  expect(modelReplayOf(run)).toEqual(expected);
});
