/**
 * Where and when a run's shadow model replays the checks' recordings (issue 37), for certify:
 * - `thread`: in a worker thread of its own while the checks run (model-thread.ts), poked as each
 *   check ends; the default of a full run on a machine with a core to spare (modelReplayOf);
 * - `live`: on the main thread as each check ends (model-live.ts; it delays the embedded target's
 *   answers, which the same thread serves);
 * - `after`: on the main thread after the checks (model.ts runModel's way, through LiveModel).
 * All three judge alike (model-live.ts: what only the end knows is checked there).
 */
import { availableParallelism, loadavg } from 'node:os';
import { checksOf, readShadowLines } from '../run/shadow.ts';
import type { JudgeContext } from '../spec/model/judge.ts';
import { LiveModel, type LiveStats } from './model-live.ts';
import type { ModelOptions } from './model.ts';
import { type ModelOutcome, ModelThread, ModelThreadError } from './model-thread.ts';

export type ModelReplay = 'thread' | 'live' | 'after';

/**
 * Where a run's model replays, and why when not asked: in a thread of its own in a full run (no
 * IDs, files or pattern chosen; no session brought) on a machine with a core to spare (1-minute
 * load average below the core count and a half), else after the checks.
 *
 * The thread takes the CPU the checks leave (on 2 cores the main thread was about half idle during
 * them) but costs more CPU than the replay after the checks: its start (a thread, tsx in the
 * repository, the reference server and the model's modules: 0.5 to 1 CPU-s) and code run cold in a
 * fresh V8 isolate (the replay of a full run: 2.7 CPU-s cold, 1.7 warm). On a busy machine no core
 * is idle to take, and the self-tests' many small runs would only pay the start. Pure.
 */
export function modelReplayOf(run: {
  asked?: ModelReplay;
  ids?: readonly string[];
  files?: readonly string[];
  grep?: string;
  session?: boolean;
  /** The 1-minute load average and the number of cores (node:os loadavg, availableParallelism). */
  load: { average: number; cores: number };
}): { replay: ModelReplay; why?: string } {
  if (run.asked) return { replay: run.asked };
  if (run.ids?.length || run.files?.length || run.grep || run.session) return { replay: 'after' };
  // Half a core of slack: a run's own threads keep the average near the core count between two runs.
  if (run.load.average >= run.load.cores + 0.5)
    return {
      replay: 'after',
      why: `no core to spare for its thread: load ${run.load.average.toFixed(1)} on ${run.load.cores} cores`,
    };
  return { replay: 'thread' };
}

/** This machine's 1-minute load average and its number of cores (modelReplayOf). */
export function machineLoad(): { average: number; cores: number } {
  return { average: loadavg()[0] ?? 0, cores: availableParallelism() };
}

/** The model of one run, from before the first check to its judgement. */
export class RunReplay {
  private thread: ModelThread | undefined;
  private live: LiveModel | undefined;
  private context: JudgeContext | undefined;
  private readonly opts: ModelOptions;

  constructor(
    private readonly dir: string,
    opts: ModelOptions,
    readonly choice: { replay: ModelReplay; why?: string },
  ) {
    this.opts = opts.keep ? { ...opts, onContext: (c) => (this.context = c) } : opts;
    if (choice.replay === 'thread') this.thread = new ModelThread(dir, this.opts);
    else this.live = new LiveModel(dir, this.opts);
  }

  /** Whether the replay wants a poke as each check ends (thread, live). */
  get pokes(): boolean {
    return this.choice.replay !== 'after';
  }

  /** A check ended. */
  poke(): void {
    if (!this.pokes) return;
    this.thread?.poke();
    this.live?.poke();
  }

  /**
   * Every check judged, and where the replay ran (for the model's line). A thread that failed is a
   * line in `log`, and the replay runs here after the checks instead, judging the same.
   */
  async judge(log: (line: string) => void): Promise<{ outcome: ModelOutcome; where: string }> {
    let where = this.choice.why ? `; after the checks: ${this.choice.why}` : '';
    if (this.thread) {
      try {
        const outcome = await this.thread.finish();
        const cpuMs = outcome.thread?.cpuMs;
        return {
          outcome,
          where: ` after the checks${cpuMs === undefined ? '' : `; its thread ${(cpuMs / 1000).toFixed(1)} cpu-s`}`,
        };
      } catch (e) {
        if (!(e instanceof ModelThreadError)) throw e;
        log(`model: its thread failed (${e.message}); the model replays after the checks on the main thread`);
        where = '; after the checks on the main thread: its thread failed';
        this.live = new LiveModel(this.dir, this.opts);
      } finally {
        await this.thread.close();
        this.thread = undefined;
      }
    }
    const live = this.live as LiveModel;
    if (this.choice.replay === 'live') where = ' after the checks';
    // The lines the replay read as they came, when the folder holds those alone; else read again.
    const lines = (await live.drained()) ?? readShadowLines(this.dir);
    const shadow = checksOf(lines);
    const { judged, stats } = await live.finish(lines);
    return {
      outcome: {
        judged,
        stats,
        recorded: shadow.map((c) => c.check),
        elementsOf: live.elementsOf,
        shadow,
        ...(this.context ? { context: this.context } : {}),
      },
      where,
    };
  }

  /** Stops the replay wherever it runs (an interrupted run; the end of every run). */
  async close(): Promise<void> {
    await this.thread?.close();
    await this.live?.close();
  }
}

/** How many checks the model replayed while the checks ran, or why it replayed them all after. Pure. */
export function replayedLine(s: LiveStats): string {
  return s.after
    ? `${s.checks} checks replayed after them: ${s.after}`
    : `${s.during} of ${s.checks} checks replayed while they ran`;
}
