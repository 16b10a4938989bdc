/**
 * Shared setup (issue 15): records that several checks of a suite file only read are created once
 * per file (and per run), by the first check that needs them, instead of once per check. They are
 * run-tagged like any record of the run (names start with a run-tagged scope, so the run-tag
 * sweep finds them after an interruption) and deleted when the file's checks have ended.
 *
 * Requests are counted once: the setup's requests in the record of the check that created it,
 * the deletions at the end in the file's `calcertSetup` meta (the runner adds them to the run's
 * count). A check whose shared setup failed is blocked, with the setup's message.
 *
 * Checks that write keep their own records (`t.create`): only what no check changes is shared.
 */
import { afterAll, type TaskMeta } from 'vitest';
import { CheckContext } from './context.ts';
import type { CheckMeta } from './meta.ts';
import { Blocked, CheckFailure, NotApplicable } from './outcome.ts';

interface SharedSetup<T> {
  /** The shared records, created on the first call of the run; their scope is `setup.scope`. */
  get(t: CheckContext): Promise<T>;
}

/**
 * Declare a shared setup at the top level of a suite file (or of a family function a suite file
 * calls there). `make` works with a context of its own (`create`, `name`, `scope`, `api`, and a
 * `seed` derived from the run seed and `id` for generated setup) whose records live until the
 * file ends.
 */
export function sharedSetup<T>(id: string, make: (setup: CheckContext) => Promise<T>): SharedSetup<T> {
  let current: { key: string; ctx?: CheckContext; done: Promise<{ value: T } | { error: unknown }> } | undefined;
  // vitest reads the fixtures a hook uses from its first parameter's destructuring pattern.
  // biome-ignore lint/correctness/noEmptyPattern: no fixture is used
  afterAll(async ({}, suite) => {
    const ctx = current?.ctx;
    current = undefined;
    if (!ctx) return;
    const before = ctx.exchanges.length;
    await ctx.cleanup();
    // The count goes to the file (module) task, which the runner reads when the file ends.
    const file = (suite as { file?: { meta: TaskMeta }; meta: TaskMeta }).file ?? suite;
    file.meta.calcertSetup ??= { requests: 0, cleanupErrors: [] };
    const acc = file.meta.calcertSetup;
    acc.requests += ctx.exchanges.length - before;
    acc.cleanupErrors.push(...ctx.cleanupErrors);
  });
  return {
    async get(t: CheckContext): Promise<T> {
      const key = `${t.config.runTag} ${t.config.baseUrl}`;
      let first = false;
      if (current?.key !== key) {
        first = true;
        const meta: CheckMeta = { ...t.meta, id: t.meta.id, tags: ['writes'] };
        // Seeded by the setup's ID: the same records whichever check of the file comes first (a
        // replay with --seed and --grep of one check makes the same setup).
        const ctx = new CheckContext(meta, t.config, `setup ${id}`);
        current = {
          key,
          ctx,
          done: make(ctx).then(
            (value) => ({ value }),
            (error: unknown) => ({ error }),
          ),
        };
      }
      const { ctx, done } = current;
      const result = await done;
      // The setup's requests count once, in the check that made it.
      if (first && ctx) t.sharedRequests += ctx.exchanges.length;
      // What the setup sent is what this check's records were made of (the coverage map's "sent", never "judged").
      if (ctx) t.addSetupTraffic(ctx.coverage().sent);
      if ('value' in result) return result.value;
      const e = result.error;
      if (e instanceof NotApplicable) throw e;
      const why = e instanceof Error ? e.message : String(e);
      throw new Blocked(
        `shared setup ${id} failed: ${why}`,
        e instanceof CheckFailure || e instanceof Blocked ? e.exchange : ctx?.exchanges.at(-1),
      );
    },
  };
}
