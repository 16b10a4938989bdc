/**
 * The tap of `--har FILE`: each Client given a `tap` (lib/run/client.ts) hands it one `TapRecord` per
 * exchange, already redacted by the client (the Authorization value, every form of the password:
 * `Client.redact`, as the exchanges of the reports). `fileTap` appends them as JSON lines to a
 * file of its own process in a directory of the run (the runner hands the directory to the vitest
 * workers through `provide('calcertHar')`, the run's own client and the observation crawl write
 * there too); `readTaps` reads them back for the HAR file (lib/tools/har.ts).
 */
import { appendFileSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { threadId } from 'node:worker_threads';

/** One exchange as a tap receives it (every string already redacted by the client). */
export interface TapRecord {
  /** When the (last) attempt was sent, ISO 8601. */
  started: string;
  method: string;
  url: string;
  requestHeaders: Record<string, string>;
  /** The whole request body. */
  requestBody?: string;
  status?: number;
  responseHeaders?: Record<string, string>;
  /** The response body, cut at HAR_BODY_CAP characters (then `responseCut`). */
  responseBody?: string;
  /** Bytes of the whole response body. */
  responseSize?: number;
  responseCut?: true;
  /** From the sending of the (last) attempt to the end of its body, in ms. */
  ms: number;
  /** Time spent waiting for a slot of the in-flight bound and on earlier attempts, in ms. */
  queuedMs: number;
  retries: number;
  /** No HTTP answer: what happened. */
  error?: string;
}

/** Longest response body kept in a HAR entry (a whole run stays a few MB to a few tens of MB). */
export const HAR_BODY_CAP = 100_000;

/** A tap that appends each record as a JSON line to `<dir>/<pid>-<thread>.jsonl`. */
export function fileTap(dir: string): (record: TapRecord) => void {
  const file = join(dir, `${process.pid}-${threadId}.jsonl`);
  let ready = false;
  return (record) => {
    if (!ready) {
      mkdirSync(dir, { recursive: true });
      ready = true;
    }
    appendFileSync(file, `${JSON.stringify(record)}\n`);
  };
}

/** Every record the taps wrote into `dir`, oldest first. A line cut short (a killed worker) is skipped. */
export function readTaps(dir: string): TapRecord[] {
  const out: TapRecord[] = [];
  let names: string[] = [];
  try {
    names = readdirSync(dir).filter((n) => n.endsWith('.jsonl'));
  } catch {
    return out;
  }
  for (const name of names)
    for (const line of readFileSync(join(dir, name), 'utf8').split('\n')) {
      if (!line.trim()) continue;
      try {
        out.push(JSON.parse(line) as TapRecord);
      } catch {
        // The last line of a worker killed while writing.
      }
    }
  return out.sort((a, b) => a.started.localeCompare(b.started));
}
