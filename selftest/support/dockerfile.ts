// The Dockerfile read as instructions, by stage: for the checks of the Dockerfile without docker
// (selftest/cli/dockerfile.test.ts) and the image's layout run as its USER (selftest/cli/any-user.test.ts).

export interface Instruction {
  op: string;
  args: string;
  line: number;
}

/** The Dockerfile's instructions (continuation lines joined, comments dropped), by stage. */
export function stages(text: string): Instruction[][] {
  const out: Instruction[][] = [];
  let pending = '';
  let start = 0;
  text.split('\n').forEach((raw, i) => {
    const line = raw.trim();
    if (!pending && (line === '' || line.startsWith('#'))) return;
    if (!pending) start = i + 1;
    pending += `${line.replace(/\\$/, '')} `;
    if (line.endsWith('\\')) return;
    const m = /^(\w+)\s+(.*)$/.exec(pending.trim());
    pending = '';
    if (!m) return;
    const ins = { op: (m[1] as string).toUpperCase(), args: (m[2] as string).trim(), line: start };
    if (ins.op === 'FROM') out.push([]);
    out[out.length - 1]?.push(ins);
  });
  return out;
}

/** COPY's sources and destination (flags such as --from= apart). */
export function copyOf(args: string): { from?: string; sources: string[]; dest: string } {
  const words = args.startsWith('[') ? (JSON.parse(args) as string[]) : args.split(/\s+/);
  const flags = words.filter((w) => w.startsWith('--'));
  const paths = words.filter((w) => !w.startsWith('--'));
  const from = flags.find((f) => f.startsWith('--from='))?.slice('--from='.length);
  return { ...(from ? { from } : {}), sources: paths.slice(0, -1), dest: paths[paths.length - 1] as string };
}
