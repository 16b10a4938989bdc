/**
 * Progress of a certification on the terminal. On a TTY: one live line (checks done/total, counts
 * by status, requests sent) under the lines of the checks that did not pass. Not a TTY (CI): one
 * line per suite file when it ends. A target that went down prints one line, not one per check.
 * Colour through node:util styleText, only on a TTY and never with NO_COLOR (lib/run/config/load.ts).
 */
import { styleText } from 'node:util';
import type { CheckResult } from '../report/results.ts';

type Style = Parameters<typeof styleText>[0];

const MARK: Record<string, [string, Style]> = {
  pass: ['ok  ', 'green'],
  fail: ['FAIL', 'red'],
  warn: ['warn', 'yellow'],
  'n/a': ['n/a ', 'gray'],
  blocked: ['BLKD', 'yellow'],
  error: ['ERR ', 'magenta'],
  'expected-fail': ['xfail', 'gray'],
  'stale-expectation': ['STALE', 'yellow'],
};

/** Consecutive checks without an HTTP answer after which the target counts as down. */
const DOWN_AFTER = 3;

export class Progress {
  private planned = new Map<string, number>();
  private done = 0;
  private requests = 0;
  private byStatus: Record<string, number> = {};
  private byFile = new Map<string, Record<string, number>>();
  private noAnswerStreak = 0;
  private downSaid = false;
  private live = false;

  constructor(private readonly opts: { tty: boolean; colour: boolean; write: (text: string) => void }) {}

  paint(style: Style, text: string): string {
    // The decision is ours (colourWanted): styleText is not to second-guess it from process.stdout.
    return this.opts.colour ? styleText(style, text, { validateStream: false }) : text;
  }

  /** Suite files the run will load (vitest collects each when it starts it: totals come file by file). */
  private files = 0;

  /**
   * `done/total` once every suite file is collected; before, the total is not known (it would
   * grow while the run goes, `[600/600]` before `[603/618]`), so the files started are shown.
   */
  private get count(): string {
    let n = 0;
    for (const v of this.planned.values()) n += v;
    if (!this.files && !this.planned.size) return `${this.done} done`;
    if (this.files && this.planned.size < this.files)
      return `${this.done} done, ${this.planned.size} of ${this.files} files started`;
    return `${this.done}/${n}`;
  }

  private clearLive(): void {
    if (this.live) this.opts.write('\r\x1b[2K');
    this.live = false;
  }

  private drawLive(): void {
    if (!this.opts.tty) return;
    const counts = Object.entries(this.byStatus)
      .map(([s, n]) => this.paint(MARK[s]?.[1] ?? 'white', `${n} ${s}`))
      .join(', ');
    this.opts.write(`\r\x1b[2K[${this.count}] ${counts || 'starting'}; ${this.requests} requests`);
    this.live = true;
  }

  /** A line above the live line. */
  line(text: string): void {
    this.clearLive();
    this.opts.write(`${text}\n`);
    this.drawLive();
  }

  onProgress = (
    e:
      | { kind: 'files'; count: number }
      | { kind: 'planned'; file: string; checks: number }
      | { kind: 'file-end'; file: string },
  ): void => {
    if (e.kind === 'files') {
      this.files = e.count;
      return;
    }
    if (e.kind === 'planned') {
      this.planned.set(e.file, e.checks);
      this.drawLive();
      return;
    }
    const counts = this.byFile.get(e.file);
    if (this.opts.tty || !counts) return;
    const text = Object.entries(counts)
      .map(([s, n]) => `${n} ${s}`)
      .join(', ');
    this.line(`[${this.count}] ${e.file}: ${text}; ${this.requests} requests so far`);
  };

  /**
   * The reason --expect gives for a check expected to fail (lib/tools/expectations.ts), so the live
   * lines say `xfail`, as the report will, never FAIL for a failure the run was told to expect.
   */
  expected: ((id: string) => string | undefined) | undefined;

  /** A result as the report will show it under --expect (applyExpectations' reading, for one check). */
  private asExpected(r: CheckResult): CheckResult {
    const reason = this.expected?.(r.id);
    if (
      reason === undefined ||
      !['fail', 'warn', 'blocked', 'error'].includes(r.status) ||
      r.unjudged === 'interrupted'
    )
      return r;
    return {
      ...r,
      status: 'expected-fail',
      message: `(${r.status}, expected: ${reason}) ${r.message ?? ''}`.trimEnd(),
    };
  }

  onResult = (given: CheckResult): void => {
    const r = this.asExpected(given);
    this.done++;
    this.requests += r.requests ?? 0;
    this.byStatus[r.status] = (this.byStatus[r.status] ?? 0) + 1;
    const file = this.byFile.get(r.file) ?? {};
    file[r.status] = (file[r.status] ?? 0) + 1;
    this.byFile.set(r.file, file);
    this.noAnswerStreak = r.transport ? this.noAnswerStreak + 1 : 0;
    if (this.noAnswerStreak >= DOWN_AFTER && !this.downSaid) {
      this.downSaid = true;
      this.line(
        this.paint(
          'red',
          `the target stopped answering (${r.transport}): the checks still running are not listed one by one; see the verdict`,
        ),
      );
    }
    // A stopped run reports every check it did not judge (hundreds after an early Ctrl-C): counted
    // here, said in one line when the progress ends; the report lists them.
    if (r.unjudged === 'interrupted') {
      this.stopped.push(r);
      this.drawLive();
      return;
    }
    if (r.status === 'pass' || r.status === 'n/a' || (this.downSaid && r.transport)) {
      this.drawLive();
      return;
    }
    const [mark, style] = MARK[r.status] ?? [r.status, 'white'];
    const lines = (r.message ?? '').split('\n');
    // The replay line, once: a message may carry it in its first line ("...; replay: ...", the
    // observation checks) or on a line of its own (a property failure); others get the run's.
    let replay: string | undefined;
    const first = (lines[0] ?? '').replace(/;? ?replay: (.*)$/, (_m, line: string) => {
      replay = line;
      return '';
    });
    const out = [`${this.paint(style, mark)} ${r.id} (${r.level}): ${first}`];
    // A property failure's first line says little: show what failed.
    for (const l of lines.slice(1)) {
      const own = /^replay: (.*)$/.exec(l);
      if (own) replay ??= own[1];
      else if (/^(counterexample|failing request|cause):/.test(l))
        out.push(`       ${l.length > 400 ? `${l.slice(0, 400)}...` : l}`);
    }
    replay ??= r.status === 'fail' || r.status === 'warn' || r.status === 'blocked' ? this.replayOf?.(r.id) : undefined;
    if (replay) out.push(`       replay: ${replay}`);
    this.line(out.join('\n'));
  };

  /** The replay line of a check (the run's config is known once the preflight resolved it). */
  replayOf: ((id: string) => string) | undefined;

  /** The checks a stopped run left unjudged (interrupted), said in one line by end(). */
  private stopped: CheckResult[] = [];

  /** The one line for the checks a stopped run left unjudged; null when there are none. */
  private stoppedLine(): string | null {
    const n = this.stopped.length;
    if (!n) return null;
    const never = this.stopped.filter((c) => c.notStarted).length;
    const [mark, style] = MARK['error']!;
    const some = this.stopped.filter((c) => !c.notStarted).slice(0, 3);
    const cut = n - never;
    return `${this.paint(style, mark)} ${n} ${n === 1 ? 'check' : 'checks'} not judged: the run was stopped before ${n === 1 ? 'it' : 'they'} ended (${never} never started${cut ? `; ${cut} in files already started${some.length ? `, e.g. ${some.map((c) => c.id).join(', ')}` : ''}` : ''}); the report lists each`;
  }

  /** Remove the live line before the closing output (after the one line for a stopped run's unjudged checks). */
  end(): void {
    const line = this.stoppedLine();
    this.stopped = [];
    if (line) this.line(line);
    this.clearLive();
  }
}
