/**
 * A fleet's runs as the fleet page (lib/tools/fleet.ts) needs them: of each results.json the
 * header's facts, the verdict and the footer's lines, the coverage share, every check's status
 * (counted) and, in full, only the checks that did not pass. A thousand runs of 1 MB each are read
 * in seconds and never held whole.
 *
 * The fast path reads results.json as calcert writes it (`JSON.stringify(report, null, 2)`): a
 * JSON string holds no raw newline, so the top-level keys are the lines that start with exactly
 * two spaces and a quote, a check is an object whose braces stand at indent 4 and its own keys at
 * indent 6. Only the header, the footer and the checks that neither passed nor were n/a are
 * parsed; of a passing check only its status line is read (it is counted, never shown), and the
 * statuses counted must be the footer's counts. Anything else (a file reformatted or written by
 * another tool, a value it does not expect) is parsed whole and validated by lib/tools/compare.ts
 * (`loadReport`), with the same result and the same one-line errors. One buffer serves every
 * file. selftest/unit/fleet.test.ts holds the two paths equal. Measured (`npm run bench -- --only
 * fleet`): 1,000 results of 1.1 MB merged in 2.7 s of CPU (4.3 s for the whole command).
 */
import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import { currentId } from '../check/aliases.ts';
import { loadReport } from './compare.ts';
import type { Level, Status } from '../types.ts';
import { firstLine, replayCommand, STATUS_ORDER } from '../report/common.ts';
import { type CheckResult, type RunReport, STATUSES } from '../report/results.ts';

/** A check of a run that did not pass (nor was n/a). */
export interface FleetCheck {
  id: string;
  level: Level;
  status: Status;
  title: string;
  /** Why, in one line: a property failure's cause, else the message's first line (at most 300 characters). */
  why: string;
  reconfirmed?: 'reproduced' | 'intermittent';
}

/** One site's run, as the fleet page shows it. */
export interface FleetRun {
  label: string;
  /** Link to the run's own report page, when it lies beside its results.json. */
  href?: string;
  target: string;
  namespace: string;
  variant: string;
  features: string[];
  readOnly: boolean;
  tool: string;
  startedAt: string;
  duration: number;
  requests: number;
  verdict: RunReport['footer']['verdict'];
  counts: Partial<Record<Status, number>>;
  /** Checks of the run. */
  total: number;
  /** The interface coverage map's judged share (percent), when the run has one. */
  judgedShare?: number;
  /** The footer's lines that qualify the verdict: interrupted, run errors, incomplete, inconclusive. */
  notes: string[];
  /** The checks that did not pass, the most serious status first, then by ID. */
  problems: FleetCheck[];
  /** The run's replay line split around a check's --grep pattern: `${replay[0]}${pattern}${replay[1]}`. */
  replay: [string, string];
}

const PASSING: ReadonlySet<string> = new Set(['pass', 'n/a']);
const WHY_MAX = 300;
/** A check ID no run has, to split a replay line around the pattern of any ID. */
const SENTINEL = 'calcertfleetsentinel';

function whyOf(message: string | undefined): string {
  const cause = /^cause: (.*)$/m.exec(message ?? '')?.[1];
  const line = cause ?? firstLine(message);
  return line.length > WHY_MAX ? `${line.slice(0, WHY_MAX)}...` : line;
}

/** The fleet's view of one run, from its report (whole, or as the fast path read it). Pure. */
export function fleetRunOf(
  report: Pick<RunReport, 'header' | 'footer'> & { checks: readonly CheckResult[] },
  label: string,
  judgedShare?: number,
): FleetRun {
  const h = report.header;
  const f = report.footer;
  const counts: Partial<Record<Status, number>> = {};
  for (const c of report.checks) counts[c.status] = (counts[c.status] ?? 0) + 1;
  const problems = report.checks
    .filter((c) => !PASSING.has(c.status))
    .map(
      (c): FleetCheck => ({
        id: c.id,
        level: c.level,
        status: c.status,
        title: c.title,
        why: whyOf(c.message),
        ...(c.reconfirmed ? { reconfirmed: c.reconfirmed } : {}),
      }),
    )
    .sort((a, b) => STATUS_ORDER.indexOf(a.status) - STATUS_ORDER.indexOf(b.status) || a.id.localeCompare(b.id));
  const line = replayCommand(report as RunReport, { id: SENTINEL } as CheckResult);
  const at = line.indexOf(SENTINEL);
  const notes = [
    ...(f.interrupted ? [`interrupted: ${f.interrupted}`] : []),
    ...(f.errors ?? []).map((e) => `run error: ${firstLine(e)}`),
    ...(f.incomplete ?? []).map((e) => `incomplete: ${e}`),
    ...(f.inconclusive ? [`inconclusive: ${f.inconclusive}`] : []),
  ];
  return {
    label,
    target: h.embedded ? `embedded reference server (${h.target})` : h.target,
    namespace: h.namespace,
    variant: h.variant?.resolved ?? '?',
    features: h.features ?? [],
    readOnly: !!h.readOnly,
    tool: `${h.tool} ${h.version}`,
    startedAt: h.startedAt,
    duration: h.duration,
    requests: h.requests,
    verdict: f.verdict,
    counts,
    total: report.checks.length,
    ...(judgedShare !== undefined ? { judgedShare } : {}),
    notes,
    problems,
    replay: at < 0 ? [line, ''] : [line.slice(0, at), line.slice(at + SENTINEL.length)],
  };
}

/** One buffer for every file read (a fresh megabyte per file costs the system time of its pages). */
let scratch = Buffer.allocUnsafe(0);

/** The file's bytes in the shared buffer (valid until the next read), or undefined when it cannot be read. */
function readInto(path: string): Buffer | undefined {
  let fd: number | undefined;
  try {
    fd = openSync(path, 'r');
    const size = fstatSync(fd).size;
    if (scratch.length < size) scratch = Buffer.allocUnsafe(Math.max(size, scratch.length * 2));
    let got = 0;
    while (got < size) {
      const n = readSync(fd, scratch, got, size - got, got);
      if (n === 0) break;
      got += n;
    }
    return scratch.subarray(0, got);
  } catch {
    return undefined;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

/** Read one results.json for the fleet page: the fast path, else the whole file. */
export function readFleetRun(path: string, label: string): FleetRun {
  // Unreadable: loadReport says why in one line.
  const buf = readInto(path);
  const fast = buf === undefined ? null : quickRead(buf);
  if (fast) return fleetRunOf(fast.report, label, fast.judgedShare);
  const report = loadReport(path);
  return fleetRunOf(report, label, report.coverage?.judgedShare);
}

const NL = 0x0a;
const COMMA = 0x2c;
const bytes = (s: string) => Buffer.from(s, 'utf8');

/** A value of a key on its own line: the bytes from `from` to the line's end, without the trailing comma. */
function lineValue(buf: Buffer, from: number): string {
  let end = buf.indexOf(NL, from);
  if (end < 0) end = buf.length;
  if (buf[end - 1] === COMMA) end--;
  return buf.toString('utf8', from, end);
}

/** A JSON string value on one line (no escapes: the slice; else parsed). */
function stringValue(raw: string): string | undefined {
  if (raw.length < 2 || raw[0] !== '"' || raw[raw.length - 1] !== '"') return undefined;
  const inner = raw.slice(1, -1);
  if (!inner.includes('\\') && !inner.includes('"')) return inner;
  const v: unknown = JSON.parse(raw);
  return typeof v === 'string' ? v : undefined;
}

const TOP_KEY = bytes('\n  "');
const KEY_END = bytes('": ');
const FILE_END = bytes('\n}');

/** The byte spans of the top-level values ([start, end) of the value), or null when the layout is not calcert's. */
function topLevel(buf: Buffer): Map<string, [number, number]> | null {
  const start = buf[0] === 0xef && buf[1] === 0xbb && buf[2] === 0xbf ? 3 : 0;
  if (buf.toString('latin1', start, start + 5) !== '{\n  "') return null;
  const spans = new Map<string, [number, number]>();
  let at = buf.indexOf(TOP_KEY, start);
  let open: { name: string; from: number } | undefined;
  while (at >= 0) {
    const colon = buf.indexOf(KEY_END, at + 4);
    if (colon < 0) return null;
    const name = buf.toString('utf8', at + 4, colon);
    if (open) {
      if (buf[at - 1] !== COMMA) return null;
      spans.set(open.name, [open.from, at - 1]);
    }
    open = { name, from: colon + 3 };
    at = buf.indexOf(TOP_KEY, colon);
  }
  const close = buf.lastIndexOf(FILE_END);
  if (!open || close < open.from) return null;
  spans.set(open.name, [open.from, close]);
  return spans;
}

const CHECK_OPEN = bytes('\n    {');
const CHECK_CLOSE = bytes('\n    }');
const NEXT_CHECK = bytes(',\n    {');
const LIST_END = bytes('\n  ]');
const ID_KEY = bytes('\n      "id": ');
const STATUS_KEY = bytes('\n      "status": ');
const PASS_LINE = bytes('"pass",\n');
const NA_LINE = bytes('"n/a",\n');
const PASS_ENTRY = { status: 'pass' } as CheckResult;
const NA_ENTRY = { status: 'n/a' } as CheckResult;
const SHARE = /\n {4}"judgedShare": ([0-9.]+)/;

/** Whether `buf` holds `what` at `at`. */
function holds(buf: Buffer, at: number, what: Buffer): boolean {
  return buf.compare(what, 0, what.length, at, at + what.length) === 0;
}

/**
 * The fast path: the header and footer parsed; of each check its status read from its line, and
 * the checks that did not pass parsed whole (their IDs checked for repeats). The statuses counted
 * must be the footer's counts. Null when anything is not as calcert writes it (the caller then
 * parses the whole file). Exported for its self-test.
 */
export function quickRead(
  buf: Buffer,
): { report: Pick<RunReport, 'header' | 'footer'> & { checks: CheckResult[] }; judgedShare?: number } | null {
  try {
    const spans = topLevel(buf);
    const part = (name: string) => {
      const s = spans?.get(name);
      return s ? buf.toString('utf8', s[0], s[1]) : undefined;
    };
    if (!spans || part('format') !== '1') return null;
    const header = JSON.parse(part('header') ?? 'null') as RunReport['header'] | null;
    const footer = JSON.parse(part('footer') ?? 'null') as RunReport['footer'] | null;
    if (!header || typeof header !== 'object' || !footer || typeof footer !== 'object') return null;
    const span = spans.get('checks');
    if (!span) return null;
    const checks: CheckResult[] = [];
    const seen = new Set<string>();
    const counts: Record<string, number> = {};
    // An empty list is `[]`; else the first check's brace follows the bracket.
    let at = buf[span[0] + 1] === 0x5d ? -1 : span[0] + 1;
    if (at >= 0 && !holds(buf, at, CHECK_OPEN)) return null;
    while (at >= 0) {
      const idAt = at + CHECK_OPEN.length;
      if (!holds(buf, idAt, ID_KEY)) return null;
      // The check's closing brace (a rare last byte: a fast search), then its status line, which
      // stands a few lines before it in a passing check (found searching backwards).
      const end = buf.indexOf(CHECK_CLOSE, idAt);
      const statusAt = end < 0 ? -1 : buf.lastIndexOf(STATUS_KEY, end);
      if (end < 0 || end > span[1] || statusAt < idAt) return null;
      const v = statusAt + STATUS_KEY.length;
      const status = holds(buf, v, PASS_LINE)
        ? 'pass'
        : holds(buf, v, NA_LINE)
          ? 'n/a'
          : (stringValue(lineValue(buf, v)) as Status | undefined);
      if (!status || !STATUSES.includes(status)) return null;
      counts[status] = (counts[status] ?? 0) + 1;
      // A passing check is counted, never shown: neither its ID nor the rest of it is read.
      if (PASSING.has(status)) checks.push(status === 'pass' ? PASS_ENTRY : NA_ENTRY);
      else {
        const c = JSON.parse(buf.toString('utf8', at + 5, end + 6)) as CheckResult;
        if (typeof c.id !== 'string' || !c.id || c.status !== status || (c.level !== 'must' && c.level !== 'should'))
          return null;
        const id = currentId(c.id);
        if (seen.has(id)) return null;
        seen.add(id);
        checks.push({ ...c, id });
      }
      const next = end + CHECK_CLOSE.length;
      at = holds(buf, next, NEXT_CHECK) ? next + 1 : -1;
      if (at < 0 && !holds(buf, next, LIST_END)) return null;
    }
    // A check whose status line is missing would have taken the next one's: the counts tell.
    const said = footer.counts?.byStatus ?? {};
    const keys = new Set([...Object.keys(said), ...Object.keys(counts)]);
    for (const k of keys) if ((said[k] ?? 0) !== (counts[k] ?? 0)) return null;
    const cov = spans.get('coverage');
    const share = cov ? SHARE.exec(buf.toString('utf8', cov[0], Math.min(cov[1], cov[0] + 400)))?.[1] : undefined;
    return { report: { header, footer, checks }, ...(share !== undefined ? { judgedShare: Number(share) } : {}) };
  } catch {
    return null;
  }
}
