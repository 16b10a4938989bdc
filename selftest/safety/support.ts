/**
 * Helpers of the safety self-tests: the CLI as a child process (compiled: the subject is the run's
 * signals, sweeps and exit codes, which the TypeScript loader of bin/calcert.js in the clone takes
 * no part in; selftest/cli/wrappers.test.ts signals that path through npm), and views of the
 * reference server's store (tagged records left live, foreign records byte for byte).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Store } from '../../fixtures/reference-server/index.ts';
import { compiledBin, compiledTool } from '../support/run-cli.ts';

interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
  ms: number;
}

/** An environment without any CAL_* key (the tests pass flags). */
function cleanEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(process.env))
    if (!k.startsWith('CAL_') && !k.startsWith('VITEST') && k !== 'NODE_ENV' && k !== 'TEST') env[k] = v;
  return { ...env, ...extra };
}

export function tmp(prefix: string): string {
  return mkdtempSync(join(tmpdir(), `calcert-${prefix}-`));
}

/**
 * Run `calcert ARGS` (the clone's compiled CLI: selftest/support/run-cli.ts) in a scratch directory
 * (no .env); `watch` sees stdout as it comes and may signal the child. Killed after `limitMs` (a
 * hang is a bug: code null).
 */
export async function runCli(
  args: string[],
  opts: {
    env?: Record<string, string>;
    limitMs?: number;
    watch?: (child: ChildProcess, stdout: string) => void;
    onSpawn?: (child: ChildProcess) => void;
  } = {},
): Promise<CliRun> {
  await compiledTool();
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [compiledBin(), ...args], {
      cwd: tmp('cwd'),
      env: cleanEnv(opts.env),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    opts.onSpawn?.(child);
    let stdout = '';
    let stderr = '';
    const timer = setTimeout(() => child.kill('SIGKILL'), opts.limitMs ?? 90_000);
    child.stdout!.on('data', (d: Buffer) => {
      stdout += d.toString();
      opts.watch?.(child, stdout);
    });
    child.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr, ms: Date.now() - started });
    });
  });
}

/** Tagged records still live: posts outside the trash and terms whose title/name carries the tag. */
export function liveTagged(store: Store, tag: string): string[] {
  const out: string[] = [];
  for (const [kind, map] of [
    ['event', store.events],
    ['venue', store.venues],
    ['organizer', store.organizers],
  ] as const) {
    for (const r of (map as Map<number, { id: number; title: string; status: string }>).values())
      if (r.title.toLowerCase().includes(tag) && r.status !== 'trash')
        out.push(`${kind} ${r.id} ${JSON.stringify(r.title)} (${r.status})`);
  }
  for (const t of store.terms.values())
    if (t.name.toLowerCase().includes(tag)) out.push(`term ${t.id} ${JSON.stringify(t.name)}`);
  return out;
}

export interface RecordIds {
  events: number[];
  venues: number[];
  organizers: number[];
  categories: number[];
  tags: number[];
}

/** Stable JSON of exactly these records (byte-identical comparisons before/after a run). */
export function snapshotOf(store: Store, ids: RecordIds): string {
  return JSON.stringify({
    events: ids.events.map((id) => store.events.get(id) ?? null),
    venues: ids.venues.map((id) => store.venues.get(id) ?? null),
    organizers: ids.organizers.map((id) => store.organizers.get(id) ?? null),
    terms: [...ids.categories, ...ids.tags].map((id) => store.terms.get(id) ?? null),
  });
}

/**
 * Foreign records: the store's own (`seedForeign`) plus decoys that a careless sweep would hit:
 * the tag in a description, an excerpt, a venue's city, a term's description or slug, but never
 * in a title or name.
 */
export function seedForeignWithDecoys(store: Store, tags: string[]): RecordIds {
  const ids = store.seedForeign() as RecordIds;
  const day = '2027-03-10';
  for (const tag of tags) {
    ids.events.push(
      store.addEvent({
        title: 'Foreign decoy event',
        description: `mentions ${tag} in its text`,
        excerpt: tag,
        startLocal: `${day} 10:00:00`,
        endLocal: `${day} 11:00:00`,
      }).id,
    );
    ids.events.push(
      store.addEvent({
        title: 'Foreign decoy draft',
        status: 'draft',
        description: tag,
        startLocal: `${day} 12:00:00`,
        endLocal: `${day} 13:00:00`,
      }).id,
    );
    ids.venues.push(store.addVenue({ title: 'Foreign decoy venue', city: tag, address: `${tag} street 1` }).id);
    ids.organizers.push(
      store.addOrganizer({ title: 'Foreign decoy organizer', email: `${tag}@example.org`, description: tag }).id,
    );
    ids.categories.push(
      store.addTerm('tribe_events_cat', 'Foreign decoy category', { description: tag, slug: `decoy-${tag}` }).id,
    );
    ids.tags.push(store.addTerm('post_tag', 'Foreign decoy tag', { description: tag, slug: `decoy-tag-${tag}` }).id);
  }
  return ids;
}

/** Tagged leftovers of a run killed without cleanup: every kind, status and an encoded title. */
export function seedTaggedLeftovers(store: Store, tag: string): void {
  let n = 0;
  for (const status of ['publish', 'draft', 'pending', 'private', 'future'] as const) {
    store.addEvent({
      title: `${tag}x${n++} leftover ${status}`,
      status,
      startLocal: '2027-04-01 10:00:00',
      endLocal: '2027-04-01 11:00:00',
    });
    store.addVenue({ title: `${tag}x${n++} leftover venue`, status });
    store.addOrganizer({ title: `${tag}x${n++} leftover organizer`, status });
  }
  store.addEvent({
    title: `Tom &amp; ${tag}x${n++} &#8220;quoted&#8221;`,
    startLocal: '1990-01-01 10:00:00',
    endLocal: '1990-01-01 11:00:00',
  });
  store.addEvent({
    title: `${tag}x${n++} far future`,
    startLocal: '2090-06-01 10:00:00',
    endLocal: '2090-06-01 11:00:00',
  });
  const parent = store.addTerm('tribe_events_cat', `${tag}x${n++} parent`);
  store.addTerm('tribe_events_cat', `${tag}x${n++} child`, { parent: parent.id });
  store.addTerm('post_tag', `${tag}x${n++} tag`);
}
