/**
 * The shadow model replayed while the checks run (issue 37: the model's second and more of CPU
 * came after the last check; the main thread, which serves the embedded target too, is half idle
 * during the checks). Each finished check pokes it: it reads the lines the workers appended to the
 * run's shadow folder since (by byte offset), and replays them in their sequence numbers' order
 * (lib/run/shadow.ts), one request at a time with a turn of the event loop between, exactly as
 * runModel (lib/certify/model.ts) replays them after the run.
 *
 * What runModel knows only at the end, the replay here guesses, and the end checks the guess:
 * - the clock skew (runModel: the median over every answer's Date header) is taken from the lines
 *   read before the first replay; the replay waits for the end when it is not 0;
 * - the run window (every exchange's `at`, min..max) is the window of the lines read so far, a
 *   part of the final one. A stamp inside the part is inside the final window too; a stamp
 *   outside it is noted (rule run-window-stamps tells: normalise-rules.ts `onOutsideWindow`). A
 *   judgement reads the window nowhere else, so a check judged without a noted stamp inside the
 *   final window is judged as under it.
 * At the end, the lines replayed must be the first of the final lines (same text, same order), the
 * final skew the one used, and no noted stamp inside the final window: then the lines left are
 * replayed under the final window, and the result is runModel's. Else the models start over and
 * replay every line after the run (runModel's way), and the model's line says why.
 */
import { closeSync, fstatSync, openSync, readdirSync, readSync } from 'node:fs';
import { join } from 'node:path';
import { replayOrder, type ShadowCheck, type ShadowLine } from '../run/shadow.ts';
import type { JudgedExchange } from '../spec/model/judge.ts';
import { MARGIN_MS } from '../spec/model/normalise-rules.ts';
import { byCheckId, clockSkew, type ModelOptions, Replay, runWindow } from './model.ts';
import { exchangeElements } from './model-results.ts';

/** How the replay went: checks replayed while the checks ran, checks in all, and why every one was replayed after the checks (if so). */
export interface LiveStats {
  during: number;
  checks: number;
  after?: string;
}

interface ShadowFile {
  offset: number;
  rest: Buffer;
  lines: ShadowLine[];
  ino: number;
  /** The file's first bytes (its first line names a sequence number no other line has): a file made anew differs. */
  head: Buffer;
}

const HEAD_BYTES = 64;

const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

export class LiveModel {
  /** Per shadow file: bytes read, the start of a line not yet ended, its lines, and the file as last read. */
  private readonly files = new Map<string, ShadowFile>();
  /** Lines read, not yet replayed, by sequence number. */
  private readonly pending = new Map<number, ShadowLine>();
  private readonly replayed: ShadowLine[] = [];
  private readonly judged: JudgedExchange[][] = [];
  /** The elements of each exchange compared during the checks (model-results.ts exchangeElements). */
  private readonly elements = new WeakMap<JudgedExchange, readonly string[]>();
  /** Stamps found outside the window of their replay. */
  private readonly outside: number[] = [];
  /** Every `at` of the lines read: the provisional window (our clock). */
  private from = Number.POSITIVE_INFINITY;
  private to = Number.NEGATIVE_INFINITY;
  /** The widest window a replay used (the target's clock). */
  private used: readonly [number, number] | undefined;
  private replay: Replay | undefined;
  /** Why nothing more is replayed before the end (the end then replays every line). */
  private gaveUp: string | undefined;
  private ended = false;
  private dirty = false;
  private running: Promise<void> | undefined;

  constructor(
    private readonly dir: string,
    private readonly opts: ModelOptions,
  ) {}

  /** A check ended: its line (and any other new one) is read and replayed in turn. */
  poke(): void {
    this.dirty = true;
    if (this.running || this.ended || this.gaveUp) return;
    this.running = this.loop().finally(() => {
      this.running = undefined;
      if (this.dirty) this.poke();
    });
  }

  private async loop(): Promise<void> {
    try {
      while (this.dirty && !this.ended && !this.gaveUp) {
        this.dirty = false;
        this.read();
        for (let next = this.pending.get(this.replayed.length); next; next = this.pending.get(this.replayed.length)) {
          if (this.ended || this.gaveUp || this.opts.signal?.aborted) return;
          await this.replayOne(next);
          await turn();
          this.read();
        }
      }
    } catch (e) {
      // Never a rejection nobody awaits: the end replays every line, as runModel does.
      this.gaveUp = `the replay failed (${e instanceof Error ? e.message : String(e)})`;
    }
  }

  private async replayOne(line: ShadowLine): Promise<void> {
    if (!this.replay) {
      const seen = [...this.pending.values()].map((l) => l.check);
      const skew = clockSkew(seen);
      if (skew !== 0) {
        this.gaveUp = 'the clock skew was not known during the checks';
        return;
      }
      this.replay = new Replay(this.opts, skew);
    }
    const replay = this.replay;
    const window: [number, number] = [this.from + replay.skew, this.to + replay.skew];
    this.used = window;
    const judged = await replay.check(line.check, window, {
      onOutsideWindow: (ms) => this.outside.push(ms),
      pause: turn,
    });
    this.pending.delete(this.replayed.length);
    this.replayed.push(line);
    this.judged.push(judged);
    for (const j of judged) {
      const x = line.check.exchanges[j.index];
      if (j.differences && x) this.elements.set(j, exchangeElements(j, x, this.opts.resolved));
    }
  }

  /** Reads what the workers appended since the last read. */
  private read(): void {
    let names: string[];
    try {
      names = readdirSync(this.dir).filter((n) => n.endsWith('.jsonl'));
    } catch {
      return;
    }
    for (const name of names) {
      const f = this.files.get(name) ?? { offset: 0, rest: Buffer.alloc(0), lines: [], ino: -1, head: Buffer.alloc(0) };
      this.files.set(name, f);
      let fd: number | undefined;
      try {
        fd = openSync(join(this.dir, name), 'r');
        const st = fstatSync(fd);
        const head = Buffer.alloc(f.head.length);
        if (
          st.size < f.offset ||
          (f.ino >= 0 && st.ino !== f.ino) ||
          readSync(fd, head, 0, head.length, 0) !== head.length ||
          !head.equals(f.head)
        ) {
          this.gaveUp = `${name} was cut or replaced during the run`;
          return;
        }
        f.ino = st.ino;
        const size = st.size;
        if (size === f.offset) continue;
        const buf = Buffer.alloc(size - f.offset);
        const got = readSync(fd, buf, 0, buf.length, f.offset);
        if (f.offset === 0) f.head = Buffer.from(buf.subarray(0, Math.min(got, HEAD_BYTES)));
        f.offset += got;
        let bytes = f.rest.length ? Buffer.concat([f.rest, buf.subarray(0, got)]) : buf.subarray(0, got);
        for (let nl = bytes.indexOf(10); nl >= 0; nl = bytes.indexOf(10)) {
          this.take(bytes.subarray(0, nl).toString('utf8'), f);
          bytes = bytes.subarray(nl + 1);
        }
        f.rest = Buffer.from(bytes);
      } catch {
        // Removed meanwhile: the end compares what it reads with what was replayed.
      } finally {
        if (fd !== undefined) closeSync(fd);
      }
    }
  }

  private take(raw: string, file: ShadowFile): void {
    if (!raw.trim()) return;
    let check: ShadowCheck;
    try {
      check = JSON.parse(raw) as ShadowCheck;
    } catch {
      this.gaveUp = 'a line of the recording did not parse';
      return;
    }
    if (!Number.isInteger(check.seq)) {
      this.gaveUp = 'a line of the recording has no sequence number';
      return;
    }
    for (const x of check.exchanges) {
      if (x.at < this.from) this.from = x.at;
      if (x.at > this.to) this.to = x.at;
    }
    const line = { raw, check };
    file.lines.push(line);
    this.pending.set(check.seq as number, line);
  }

  /**
   * Stops the replay during the checks, and gives the folder's lines as readShadowLines reads them
   * now, from what was read during the run, when every file only grew by the appends read (same
   * name, inode and first bytes; read to its end, no line cut short, none that did not parse); else
   * undefined.
   */
  async drained(): Promise<ShadowLine[] | undefined> {
    this.ended = true;
    await this.running;
    if (this.gaveUp) return undefined;
    this.read();
    let names: string[];
    try {
      names = readdirSync(this.dir)
        .filter((n) => n.endsWith('.jsonl'))
        .sort();
    } catch {
      return undefined;
    }
    if (names.length !== this.files.size || this.gaveUp) return undefined;
    const out: ShadowLine[] = [];
    for (const name of names) {
      const f = this.files.get(name);
      if (!f || f.rest.length) return undefined;
      out.push(...f.lines);
    }
    return out;
  }

  /** Why the replay so far is not the replay of `lines` under their final skew and window; undefined: it is. */
  private mismatch(lines: readonly ShadowLine[], skew: number, window: readonly [number, number]): string | undefined {
    if (this.gaveUp || !this.replay) return this.gaveUp;
    if (skew !== this.replay.skew) return 'the clock skew moved';
    if (this.replayed.some((l, i) => lines[i]?.raw !== l.raw)) return 'the recording changed during the run';
    const used = this.used;
    if (used && (used[0] < window[0] || used[1] > window[1])) return 'the run window shrank';
    const [from, to] = [window[0] - MARGIN_MS, window[1] + MARGIN_MS];
    if (this.outside.some((ms) => ms >= from && ms <= to)) return 'a stamp fell inside the final run window';
    return undefined;
  }

  /**
   * The run's judged exchanges (runModel's for the same lines: readShadowLines of the folder), once
   * every line is replayed, and how the replay went.
   */
  async finish(lines: readonly ShadowLine[]): Promise<{ judged: JudgedExchange[]; stats: LiveStats }> {
    this.ended = true;
    await this.running;
    const ordered = replayOrder(lines, (l) => l.check.seq);
    const checks = ordered.map((l) => l.check);
    const skew = clockSkew(checks);
    const window = runWindow(checks, skew);
    const why = this.mismatch(ordered, skew, window);
    if (why || !this.replay) {
      await this.replay?.close();
      this.replay = new Replay(this.opts, skew);
      this.judged.length = 0;
      this.replayed.length = 0;
    }
    const replay = this.replay;
    const during = this.replayed.length;
    await replay.start();
    this.opts.onContext?.(replay.context(window));
    for (const check of checks.slice(during)) {
      if (this.opts.signal?.aborted) break;
      this.judged.push(await replay.check(check, window));
    }
    await this.close();
    return {
      judged: byCheckId(this.judged),
      stats: { during, checks: checks.length, ...(why ? { after: why } : {}) },
    };
  }

  /** Resolves once the replay has done what the lines read so far allow (the next line not read yet, or the end). */
  async caughtUp(): Promise<void> {
    while (this.running) await this.running;
  }

  /** The elements of an exchange compared while the checks ran (model-results.ts modelCheckResults). */
  readonly elementsOf = (j: JudgedExchange): readonly string[] | undefined => this.elements.get(j);

  /** Stops the replay and closes the models (an interrupted run; the end of every run). */
  async close(): Promise<void> {
    this.ended = true;
    await this.running;
    await this.replay?.close();
    this.replay = undefined;
  }
}
