/**
 * `--keep N` (CAL_KEEP, default 20): after a run, the report directory keeps the last N full run
 * folders (`<reportDir>/<yyyymmddThhmmssZ>-<runtag>/`, named so that they sort by time) and
 * `latest/`. Only full runs count: short `--grep` replays (partial runs) are counted apart, so
 * twenty replays of a failing check never push out the full run they replay. A run folder that a
 * page written by `calcert report` names (its `named-by.json` lists a page that still exists) is
 * never removed: that page links to it. Nothing else in the directory is touched.
 */
import {
  closeSync,
  existsSync,
  fstatSync,
  openSync,
  readdirSync,
  readFileSync,
  readSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';

const RUN_FOLDER = /^\d{8}T\d{6}Z-[a-z0-9]{4,24}$/;
/** In a run folder: the report pages (absolute paths) that link to the run. */
const NAMED_BY = 'named-by.json';

interface Pruned {
  /** Folders removed. */
  removed: string[];
  /** Folders beyond --keep kept because a report page names them. */
  named: string[];
}

/** The top-level `footer` key as results.json is written (JSON.stringify with 2-space indentation). */
const FOOTER_KEY = '\n  "footer": ';
/** Where a top-level value of that layout ends: no string holds a raw newline, so only the layout does. */
const TOP_LEVEL_END = '\n  }';

/**
 * The footer of a results.json: cut out of the file's first bytes when it is laid out as calcert
 * writes it (the footer follows the checks, about halfway), so that pruning (after every run, over
 * up to 2 x --keep folders of a megabyte or more each) reads half of each file and decodes and
 * parses a few hundred bytes of it instead of the whole report; any other layout is parsed whole.
 * Throws when the file cannot be read or is not JSON.
 */
export function footerOf(path: string): { selection?: unknown } | undefined {
  const fd = openSync(path, 'r');
  try {
    // One buffer of the file's size, filled a quarter of a megabyte at a time until the footer is in.
    const bytes = Buffer.allocUnsafe(fstatSync(fd).size);
    let filled = 0;
    let key = -1;
    for (let n = 1; n > 0 && filled < bytes.length; ) {
      n = readSync(fd, bytes, filled, Math.min(1 << 18, bytes.length - filled), filled);
      const from = Math.max(0, filled - FOOTER_KEY.length);
      filled += n;
      const seen = bytes.subarray(0, filled);
      if (key < 0) key = seen.indexOf(FOOTER_KEY, from);
      const end = key < 0 ? -1 : seen.indexOf(TOP_LEVEL_END, key);
      if (end < 0) continue;
      try {
        const footer = JSON.parse(
          seen.toString('utf8', key + FOOTER_KEY.length, end + TOP_LEVEL_END.length),
        ) as unknown;
        if (footer && typeof footer === 'object' && !Array.isArray(footer)) return footer;
      } catch {
        // not the layout calcert writes: parsed whole below
      }
      break;
    }
  } finally {
    closeSync(fd);
  }
  return (JSON.parse(readFileSync(path, 'utf8')) as { footer?: { selection?: unknown } }).footer;
}

/** Whether the run in `dir` was a --grep run (footer.selection); unreadable results count as partial. */
export function isPartial(dir: string): boolean {
  try {
    const footer = footerOf(join(dir, 'results.json'));
    return !footer || footer.selection !== undefined;
  } catch {
    return true;
  }
}

/** The pages that name the run in `dir` and still exist. */
function namingPages(dir: string): string[] {
  try {
    const pages = JSON.parse(readFileSync(join(dir, NAMED_BY), 'utf8')) as unknown;
    return Array.isArray(pages) ? pages.filter((p): p is string => typeof p === 'string' && existsSync(p)) : [];
  } catch {
    return [];
  }
}

/**
 * Remove the oldest full run folders beyond `keep`, and the oldest partial ones beyond `keep`
 * (counted apart), except those a report page names.
 */
export function pruneRuns(reportDir: string, keep: number): Pruned {
  const out: Pruned = { removed: [], named: [] };
  if (!existsSync(reportDir)) return out;
  const runs = readdirSync(reportDir)
    .filter((name) => RUN_FOLDER.test(name) && statSync(join(reportDir, name)).isDirectory())
    .sort();
  const full = runs.filter((name) => !isPartial(join(reportDir, name)));
  const partial = runs.filter((name) => !full.includes(name));
  for (const kind of [full, partial])
    for (const name of kind.slice(0, Math.max(0, kind.length - keep))) {
      const dir = join(reportDir, name);
      if (namingPages(dir).length) out.named.push(name);
      else {
        rmSync(dir, { recursive: true, force: true });
        out.removed.push(name);
      }
    }
  out.removed.sort();
  out.named.sort();
  return out;
}

/**
 * Record in each run folder among `inputs` (paths of results.json) that `page` links to it, so
 * that --keep never removes it while the page exists. Inputs outside a run folder (a copied file,
 * `latest/`) need nothing: --keep never removes them.
 */
export function recordNamingPage(inputs: string[], page: string): void {
  for (const input of inputs) {
    const dir = dirname(resolve(input));
    if (!RUN_FOLDER.test(basename(dir))) continue;
    const pages = [...new Set([...namingPages(dir), resolve(page)])];
    try {
      writeFileSync(join(dir, NAMED_BY), `${JSON.stringify(pages, null, 2)}\n`);
    } catch {
      // A read-only report folder: the page is still written; --keep could not be told.
    }
  }
}

/** The line after a run: what --keep removed and kept, in words. Pure. */
export function prunedNote(p: Pruned, keep: number): string {
  const parts: string[] = [];
  if (p.removed.length)
    parts.push(
      `removed ${p.removed.length} older run folder${p.removed.length === 1 ? '' : 's'} (--keep ${keep}: the last ${keep} full runs and the last ${keep} --grep runs are kept)`,
    );
  if (p.named.length)
    parts.push(
      `kept ${p.named.length} older run folder${p.named.length === 1 ? '' : 's'} that a calcert report page links to (${NAMED_BY})`,
    );
  return parts.join('; ');
}
