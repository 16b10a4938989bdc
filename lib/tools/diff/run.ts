/**
 * The differential run (`calcert diff`): both sides usable, records paired, the generated
 * requests sent to both, each pair of answers compared, then what the writes left cleaned up.
 */
import type { Client } from '../../run/client.ts';
import type { Params } from '../../types.ts';
import { dateEdgeQueries, EDGE_EVENTS, generateQueries, writeSequence } from './generate.ts';
import { type Answer, type DiffOptions, type DiffResult, POOLS, type Step } from './model.ts';
import { compareAnswers } from './normalise.ts';
import { pairRecords } from './pair.ts';
import { Side, usable } from './side.ts';

function excerpt(a: Answer): string {
  return (a.error ?? a.raw).replace(/\s+/g, ' ').slice(0, 300);
}

function requestLine(step: Step, client: Client): string {
  const url = client.urlFor({ path: step.path, query: step.query });
  const shown = url.slice(client.root.length) || '/';
  // Placeholders of paired records read as written: include={events_0},{events_3}.
  return `${step.method} ${/%7B\w+%7D/.test(shown) ? decodeURIComponent(shown) : shown}`;
}

/** By query parameter, the IDs a side substitutes for the placeholders of a step's query, and the placeholders. Pure. */
function sentIdsOf(query: Params | undefined, ids: Record<string, number>): Map<string, Map<string, string>> {
  const out = new Map<string, Map<string, string>>();
  for (const [param, v] of Object.entries(query ?? {}))
    for (const m of String(v).matchAll(/\{(\w+)\}/g)) {
      const id = ids[m[1] as string];
      if (id === undefined) continue;
      const own = out.get(param) ?? new Map<string, string>();
      own.set(String(id), m[0]);
      out.set(param, own);
    }
  return out;
}

export async function runDiff(opts: DiffOptions): Promise<DiffResult> {
  const log = opts.log ?? (() => undefined);
  const today = opts.today ?? new Date().toISOString().slice(0, 10);
  const a = new Side('base', opts.base, opts);
  const b = new Side('candidate', opts.candidate, opts);
  const bothAuth = opts.base.auth.kind !== 'none' && opts.candidate.auth.kind !== 'none';
  const writes = bothAuth && !opts.readOnly;
  const result: DiffResult = { requests: 0, same: 0, differences: [], cleanupErrors: [], writes };
  try {
    await Promise.all([usable(a), usable(b)]);
    const { pools, anchors } = await pairRecords(a, b, bothAuth);
    log(
      `diff: records on both sides by name: ${POOLS.map((p) => `${pools[p]} ${p}`).join(', ')} (queries name their IDs only)`,
    );
    const steps = [...generateQueries(opts.seed, opts.numRuns, today, pools), ...dateEdgeQueries(opts.seed, anchors)];
    if (writes) steps.push(...writeSequence(opts.runTag, today));
    log(
      `diff: ${steps.length} requests (seed ${opts.seed}, ${opts.numRuns} generated list queries, date filters at the edges of ${Math.min(anchors.length, EDGE_EVENTS)} paired events${writes ? `, a create/read/delete sequence tagged ${opts.runTag}` : ', no writes'})`,
    );
    try {
      for (const [i, step] of steps.entries()) {
        if (opts.signal?.aborted) break;
        const withAuth = bothAuth && (step.auth ?? true);
        const [ra, rb] =
          step.method === 'GET'
            ? await Promise.all([a.send(step, withAuth), b.send(step, withAuth)])
            : [await a.send(step, withAuth), await b.send(step, withAuth)];
        result.requests++;
        const details = compareAnswers(ra, { ...a.ctx, sentIds: sentIdsOf(step.query, a.ids) }, rb, {
          ...b.ctx,
          sentIds: sentIdsOf(step.query, b.ids),
        });
        if (!details.length) {
          result.same++;
          continue;
        }
        result.differences.push({
          index: i + 1,
          label: step.label,
          request: requestLine(step, a.client),
          base: { status: ra.status, ...(ra.error ? { error: ra.error } : {}), curl: ra.curl, excerpt: excerpt(ra) },
          candidate: {
            status: rb.status,
            ...(rb.error ? { error: rb.error } : {}),
            curl: rb.curl,
            excerpt: excerpt(rb),
          },
          details,
        });
      }
    } finally {
      if (writes) {
        const errs = await Promise.all([a.cleanup(opts.runTag), b.cleanup(opts.runTag)]);
        result.cleanupErrors = errs.flat();
      }
    }
    return result;
  } finally {
    await Promise.all([a.client.close(), b.client.close()]);
  }
}
