/**
 * Retired check IDs (fixtures/spec/aliases.json: old ID -> the ID that replaced it, same check,
 * same level and meaning). Expectations files, baselines and `compare` read IDs through
 * `currentId`, so files written before a rename keep working.
 */
import { readFileSync } from 'node:fs';

interface AliasTable {
  format: 1;
  aliases: Record<string, string>;
}

const ALIASES_URL = new URL('../../fixtures/spec/aliases.json', import.meta.url);

let table: Record<string, string> | undefined;

/** The alias table (old ID -> new ID), read once. */
export function aliases(): Record<string, string> {
  if (!table) {
    const data = JSON.parse(readFileSync(ALIASES_URL, 'utf8')) as AliasTable;
    if (data.format !== 1 || !data.aliases || typeof data.aliases !== 'object')
      throw new Error(`${ALIASES_URL.pathname}: expected {"format": 1, "aliases": {...}}`);
    table = data.aliases;
  }
  return table;
}

/** The current ID of `id`: itself, or what the alias table renamed it to (followed through chains). */
export function currentId(id: string, map: Record<string, string> = aliases()): string {
  let out = id;
  for (let i = 0; i < 10 && Object.hasOwn(map, out); i++) out = map[out];
  return out;
}
