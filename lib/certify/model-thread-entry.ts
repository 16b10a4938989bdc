/**
 * The model's thread (lib/certify/model-thread.ts starts it): a LiveModel (model-live.ts) over the
 * run's shadow folder, replaying each check's recording while the checks run, then, asked to
 * finish, the rest; it answers with the judged exchanges and what certify needs beside them, as
 * data (no functions, no Map): the elements of every compared exchange (model-results.ts
 * exchangeElements) in the order of the judged exchanges, the recorded check IDs, and under `keep`
 * the recordings themselves and the judge's context (the mutation self-test).
 *
 * Messages in: `poke` (a check ended: read the folder and replay), `abort` (stop between two
 * checks: the run was interrupted), `finish`. Out: one `done` or `failed`.
 */
import { readFileSync } from 'node:fs';
import { parentPort, threadId, workerData } from 'node:worker_threads';
import { checksOf, readShadowLines } from '../run/shadow.ts';
import type { JudgeContext } from '../spec/model/judge.ts';
import { LiveModel } from './model-live.ts';
import { exchangeElements } from './model-results.ts';
import type { ThreadData, ThreadDone, ThreadIn, ThreadOut } from './model-thread.ts';

const port = parentPort;
if (!port) throw new Error('lib/certify/model-thread-entry.ts runs in a worker thread (lib/certify/model-thread.ts)');
const data = workerData as ThreadData;
const abort = new AbortController();
let context: JudgeContext | undefined;
const live = new LiveModel(data.dir, {
  ...data.options,
  signal: abort.signal,
  ...(data.options.keep ? { onContext: (c: JudgeContext) => (context = c) } : {}),
});
const post = (m: ThreadOut) => port.postMessage(m);

async function finish(): Promise<ThreadDone> {
  const lines = (await live.drained()) ?? readShadowLines(data.dir);
  const checks = checksOf(lines);
  const { judged, stats } = await live.finish(lines);
  const exchangesOf = new Map(checks.map((c) => [c.check, c.exchanges]));
  const elements = judged.map((j) => {
    if (!j.differences) return null;
    const known = live.elementsOf(j);
    if (known) return [...known];
    const x = exchangesOf.get(j.check)?.[j.index];
    return x ? exchangeElements(j, x, data.options.resolved) : [];
  });
  return {
    type: 'done',
    judged,
    stats,
    elements,
    recorded: checks.map((c) => c.check),
    threadId,
    ...threadCpu(),
    ...(data.options.keep ? { shadow: checks, ...(context ? { context } : {}) } : {}),
  };
}

/** This thread's CPU time so far (Linux: /proc/thread-self/stat, in clock ticks of 10 ms); elsewhere nothing. */
function threadCpu(): { cpuMs?: number } {
  try {
    const stat = readFileSync('/proc/thread-self/stat', 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // utime and stime: fields 14 and 15 of the line, 12 and 13 after the name.
    return { cpuMs: (Number(fields[11]) + Number(fields[12])) * 10 };
  } catch {
    return {};
  }
}

let finishing = false;
port.on('message', (m: ThreadIn) => {
  if (m.type === 'poke') live.poke();
  else if (m.type === 'abort') abort.abort();
  else if (m.type === 'finish' && !finishing) {
    finishing = true;
    finish().then(post, (e: unknown) => post({ type: 'failed', message: e instanceof Error ? e.message : String(e) }));
  }
});
post({ type: 'ready' });
