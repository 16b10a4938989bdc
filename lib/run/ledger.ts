/**
 * The run's ledger: every record a check registered as its own, appended to a file per run tag
 * the moment the check learns its id, so the run-tag sweep and `calcert cleanup --run-tag` can
 * find what no list shows.
 *
 * Why: the sweep finds tagged records by searching lists, and some records are in no list. The
 * original 6.x never lists an event with `hide_from_listings` (../reference-behavior.md, measured),
 * to anyone. A run stopped by a second signal (no sweep, no check cleanup) or a check cut short
 * left such an event live, and the printed cleanup line could not find it (selftest/safety/
 * residue.test.ts met it under load). The ledger holds ids only: the sweep reads each record by
 * id and deletes it only when its title carries the run tag, as for a listed record.
 *
 * Only a run that sweeps afterwards keeps one (`ResolvedConfig.ledger`). The file lives in the user's temporary directory (one folder per user, mode 0700), one file per
 * run tag and REST root, one JSON line per event: `{"root":...,"resource":...,"id":...}` when a check
 * learns a record's id, the same with `"gone":true` when its cleanup (or the check) deleted it. So a
 * run that ended normally leaves a ledger with nothing outstanding, and the sweep reads no record
 * by id: the ledger costs the target no request. Writing is best effort: a ledger that cannot be
 * written never fails a run (the list sweep still runs).
 */
import { createHash } from 'node:crypto';
import { appendFileSync, mkdirSync, readFileSync, rmdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { Resource } from '../types.ts';

const RESOURCES = new Set<string>(['events', 'venues', 'organizers', 'categories', 'tags']);

/** One record of the ledger. `root` is the REST root URL the record was created under. */
export interface LedgerEntry {
  root: string;
  resource: Resource;
  id: number;
  /** True: the record was deleted (by the check or its cleanup), it is no longer outstanding. */
  gone?: boolean;
}

/** The ledger folder of this user. */
export function ledgerDir(): string {
  const who = typeof process.getuid === 'function' ? String(process.getuid()) : 'user';
  return join(tmpdir(), `calcert-${who}`, 'ledger');
}

/**
 * The ledger file of a run tag on one REST root (tags are 4-24 lowercase letters or digits: a safe
 * file name; two runs with one tag on two targets keep two files).
 */
export function ledgerFile(runTag: string, root: string): string {
  const site = createHash('sha256').update(root).digest('hex').slice(0, 12);
  return join(ledgerDir(), `${runTag.replace(/[^a-z0-9]/g, '_')}-${site}.jsonl`);
}

/** Append one line; never throws (best effort, see the module comment). */
export function noteInLedger(runTag: string, entry: LedgerEntry): void {
  try {
    mkdirSync(ledgerDir(), { recursive: true, mode: 0o700 });
    const line = JSON.stringify(entry.gone ? entry : { root: entry.root, resource: entry.resource, id: entry.id });
    appendFileSync(ledgerFile(runTag, entry.root), `${line}\n`, { mode: 0o600 });
  } catch {
    // An unwritable temporary directory: the list sweep still runs.
  }
}

/**
 * The ledger's outstanding records under `root` (created and not since deleted), once each, in
 * creation order. Lines that are no ledger entry (a torn write, another tool's file) are skipped.
 * Pure over the file's text.
 */
export function parseLedger(text: string, root: string): LedgerEntry[] {
  const outstanding = new Map<string, LedgerEntry>();
  for (const line of text.split('\n')) {
    if (!line.trim()) continue;
    let e: unknown;
    try {
      e = JSON.parse(line);
    } catch {
      continue;
    }
    if (typeof e !== 'object' || e === null) continue;
    const { root: r, resource, id, gone } = e as Record<string, unknown>;
    if (r !== root || typeof resource !== 'string' || !RESOURCES.has(resource)) continue;
    if (typeof id !== 'number' || !Number.isInteger(id) || id <= 0) continue;
    const key = `${resource}/${id}`;
    if (gone === true) outstanding.delete(key);
    else if (!outstanding.has(key)) outstanding.set(key, { root: r, resource: resource as Resource, id });
  }
  return [...outstanding.values()];
}

/** The ledger of a run tag for one REST root ([] when there is none). */
export function readLedger(runTag: string, root: string): LedgerEntry[] {
  try {
    return parseLedger(readFileSync(ledgerFile(runTag, root), 'utf8'), root);
  } catch {
    return [];
  }
}

/**
 * Forget a run tag's ledger (after a sweep that met no problem), and the folders it leaves empty:
 * nothing of calcert stays in the temporary directory.
 */
export function dropLedger(runTag: string, root: string): void {
  try {
    rmSync(ledgerFile(runTag, root), { force: true });
    rmdirSync(ledgerDir());
    rmdirSync(dirname(ledgerDir()));
  } catch {
    // Another run's ledger is still there (the folder is not empty), or none was ever written.
  }
}
