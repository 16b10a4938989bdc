// What a self-test run makes once and shares between its files (each file runs in a worker
// process of its own): the compiled CLI (selftest/support/compiled.ts), the packed tool and its
// install (selftest/support/packed.ts). The first caller makes it in a folder of the run's TMPDIR
// (one per run, selftest/support/global.ts); the others wait for its result there.
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const made = new Map<string, Promise<unknown>>();

/**
 * `make(dir)` once per self-test run, whichever file asks first; the others wait for its result
 * (JSON) in the run's TMPDIR. A failure is every caller's failure.
 */
export function once<T>(name: string, make: (dir: string) => Promise<T>): Promise<T> {
  let p = made.get(name) as Promise<T> | undefined;
  if (p) return p;
  p = (async () => {
    const dir = join(tmpdir(), `calcert-${name}`);
    const done = join(dir, 'result.json');
    const failed = join(dir, 'failed.txt');
    try {
      mkdirSync(dir);
    } catch {
      // Another file makes it: wait for its result (a bound: a pack or an install takes about 30 s).
      const t0 = Date.now();
      while (!existsSync(done) && !existsSync(failed)) {
        if (Date.now() - t0 > 400_000) throw new Error(`nothing in ${dir} after 400 s`);
        await new Promise((r) => setTimeout(r, 250));
      }
      if (existsSync(failed)) throw new Error(readFileSync(failed, 'utf8'));
      return JSON.parse(readFileSync(done, 'utf8')) as T;
    }
    try {
      const result = await make(dir);
      // Written whole, then seen: a waiter never reads half a file.
      writeFileSync(`${done}.tmp`, JSON.stringify(result));
      renameSync(`${done}.tmp`, done);
      return result;
    } catch (e) {
      writeFileSync(failed, (e as Error).message);
      throw e;
    }
  })();
  made.set(name, p);
  return p;
}
