// What a self-test's child was doing when it outlived its bound (run-cli.ts run()): a hang is a
// bug, and a hang in CI leaves nothing but its output unless the test says where it stood. For the
// child and every process under it: its command line and each thread's CPU over 1.5 s (a spinning
// thread or an idle wait); for each Node process, its diagnostic report (the child runs with
// `--report-on-signal`): the JavaScript stack of its main thread and of each worker thread, and its
// handles. Then every one of them is killed (SIGKILL), so no orphan certifies on after the test.
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { join } from 'node:path';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * `pid` and every process under it (from /proc: Linux only; elsewhere just `pid`). Never this
 * process or one above it, and nothing for a pid below 2 (0 and 1 would name every process).
 */
export function processTree(pid: number): number[] {
  if (!Number.isInteger(pid) || pid < 2 || pid === process.pid) return [];
  const parent = new Map<number, number>();
  let names: string[];
  try {
    names = readdirSync('/proc');
  } catch {
    return [pid];
  }
  for (const name of names) {
    if (!/^\d+$/.test(name)) continue;
    try {
      // The command name may hold spaces and parentheses: the fields after its last ')'.
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      parent.set(Number(name), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      // gone meanwhile
    }
  }
  // This process and its ancestors: never in the tree, whatever /proc said meanwhile.
  const mine = new Set<number>();
  for (let p: number | undefined = process.pid; p && !mine.has(p); p = parent.get(p)) mine.add(p);
  if (mine.has(pid)) return [];
  const tree = [pid];
  for (let i = 0; i < tree.length; i++)
    for (const [p, pp] of parent) if (pp === tree[i] && !mine.has(p) && !tree.includes(p)) tree.push(p);
  return tree;
}

/** Each thread's name and CPU ticks (user + system), by thread ID. */
function threads(pid: number): Map<string, { name: string; ticks: number }> {
  const out = new Map<string, { name: string; ticks: number }>();
  try {
    for (const tid of readdirSync(`/proc/${pid}/task`)) {
      try {
        const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
        const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        out.set(tid, {
          name: stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')),
          ticks: Number(f[11]) + Number(f[12]),
        });
      } catch {
        // gone meanwhile
      }
    }
  } catch {
    // gone meanwhile
  }
  return out;
}

function commandLine(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ').trim().slice(0, 200);
  } catch {
    return '?';
  }
}

function isNode(pid: number): boolean {
  try {
    return /\bnode$/.test(readlinkSync(`/proc/${pid}/exe`));
  } catch {
    return false;
  }
}

interface NodeReport {
  header?: { processId?: number; threadId?: number };
  javascriptStack?: { message?: string; stack?: string[] };
  libuv?: Array<{ type: string; is_active?: boolean; is_referenced?: boolean }>;
  workers?: NodeReport[];
}

/** A report's stacks (main thread, then each worker) and its active handles, a few lines each. */
export function summarizeReport(report: NodeReport, indent = '  '): string[] {
  const lines: string[] = [];
  const stack = report.javascriptStack?.stack ?? [];
  lines.push(
    `${indent}thread ${report.header?.threadId ?? 0}: ${report.javascriptStack?.message ?? ''}`,
    ...stack.slice(0, 12).map((l) => `${indent}  ${l.trim()}`),
  );
  const active = new Map<string, number>();
  for (const h of report.libuv ?? []) if (h.is_active) active.set(h.type, (active.get(h.type) ?? 0) + 1);
  if (active.size) lines.push(`${indent}  active handles: ${[...active].map(([t, n]) => `${t} x${n}`).join(', ')}`);
  for (const w of report.workers ?? []) lines.push(...summarizeReport(w, `${indent}  `));
  return lines;
}

/**
 * Diagnose the process tree of `pid`, which outlived `boundMs`, then kill it. `reports`: the
 * folder its Node processes write their reports to on SIGUSR2 (`--report-on-signal`); without one
 * no signal but SIGKILL is sent (SIGUSR2 would end a Node process that does not expect it).
 * Resolves with the text to show.
 */
export async function diagnoseHang(pid: number, boundMs: number, reports: string | undefined): Promise<string> {
  const tree = processTree(pid);
  const before = new Map(tree.map((p) => [p, threads(p)]));
  const nodes = reports ? tree.filter(isNode) : [];
  for (const p of nodes) {
    try {
      process.kill(p, 'SIGUSR2');
    } catch {
      // gone meanwhile
    }
  }
  await sleep(1500);
  const lines = [`--- the child did not end within ${boundMs} ms: what its processes were doing ---`];
  for (const p of tree) {
    lines.push(`process ${p}: ${commandLine(p)}`);
    const was = before.get(p) ?? new Map();
    const busy = [...threads(p)]
      .map(([tid, t]) => ({ tid, name: t.name, used: t.ticks - (was.get(tid)?.ticks ?? t.ticks), total: t.ticks }))
      .sort((a, b) => b.used - a.used);
    lines.push(
      `  threads (CPU ticks in 1.5 s / in all): ${busy.map((t) => `${t.name}#${t.tid} ${t.used}/${t.total}`).join(', ')}`,
    );
  }
  // The reports take a moment to write (a busy thread answers at its next interrupt check).
  const written = () => (reports ? readdirSync(reports) : []);
  for (let waited = 0; waited < 5000 && written().length < nodes.length; waited += 250) await sleep(250);
  for (const name of written().sort()) {
    try {
      const report = JSON.parse(readFileSync(join(reports as string, name), 'utf8')) as NodeReport;
      lines.push(`report of process ${report.header?.processId ?? '?'}:`, ...summarizeReport(report));
    } catch (err) {
      lines.push(`report ${name}: unreadable (${(err as Error).message})`);
    }
  }
  for (const p of tree.reverse()) {
    try {
      process.kill(p, 'SIGKILL');
    } catch {
      // gone meanwhile
    }
  }
  return lines.join('\n');
}
