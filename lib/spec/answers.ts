/**
 * Judgements of write answers as the original's own REST tests read them (The Events Calendar
 * tests/restv1, issue 30 class 9): the cost details of an event, an image object, and the venue
 * and organizers an event answer embeds. Each returns the list of problems (empty: as expected),
 * so a check reports every mismatch at once. Pure.
 */
import { normaliseText } from './normalise.ts';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** What an event's cost should show: the text (exact, or only its end), symbol, position, values. */
export interface CostWant {
  /** The whole `cost` text, up to rendering (typographic dashes read as ASCII). */
  cost?: string;
  /** Or only how the `cost` text ends (a range's formatting is the server's: "Free – 30$", "0$ - 30$"). */
  costEnds?: string;
  /** The currency symbol and its position; not compared when absent. */
  symbol?: string;
  position?: 'prefix' | 'postfix';
  /** The numbers of `cost_details.values`, compared as numbers, ascending (the original sorts them), each once. */
  values: readonly number[];
}

/** The problems of an event record's `cost` and `cost_details` against `want`. */
export function costDetailsProblems(record: unknown, want: CostWant): string[] {
  if (!isRecord(record)) return [`the answer is no record (${JSON.stringify(record)?.slice(0, 80)})`];
  const out: string[] = [];
  const cost = typeof record.cost === 'string' ? normaliseText(record.cost) : undefined;
  if (want.cost !== undefined && cost !== normaliseText(want.cost))
    out.push(`cost ${JSON.stringify(record.cost)}, expected ${JSON.stringify(want.cost)}`);
  if (want.costEnds !== undefined && !(cost ?? '').endsWith(normaliseText(want.costEnds)))
    out.push(`cost ${JSON.stringify(record.cost)}, expected it to end with ${JSON.stringify(want.costEnds)}`);
  const d = record.cost_details;
  if (!isRecord(d)) return [...out, `cost_details ${JSON.stringify(d)}, expected an object`];
  if (want.symbol !== undefined && d.currency_symbol !== want.symbol)
    out.push(`currency_symbol ${JSON.stringify(d.currency_symbol)}, expected ${JSON.stringify(want.symbol)}`);
  if (want.position !== undefined && d.currency_position !== want.position)
    out.push(`currency_position ${JSON.stringify(d.currency_position)}, expected ${JSON.stringify(want.position)}`);
  const values = Array.isArray(d.values) ? d.values : undefined;
  const got = (values ?? []).map((v) => (typeof v === 'number' || typeof v === 'string' ? Number(v) : Number.NaN));
  const expected = [...new Set(want.values)].sort((a, b) => a - b);
  if (!values || got.length !== expected.length || got.some((n, i) => n !== expected[i]))
    out.push(`values ${JSON.stringify(d.values)}, expected ${JSON.stringify(expected)} (ascending)`);
  return out;
}

/** The problems of an `image` answer against the image it was given: its `id` AND its `url`. */
export function imageProblems(image: unknown, want: { id: number; url: string }, what = 'image'): string[] {
  if (!isRecord(image))
    return [`${what} ${JSON.stringify(image)?.slice(0, 120)}, expected the image object of ${want.id}`];
  const out: string[] = [];
  if (image.id !== want.id) out.push(`${what}.id ${JSON.stringify(image.id)}, expected ${want.id}`);
  if (image.url !== want.url)
    out.push(`${what}.url ${JSON.stringify(image.url)}, expected ${JSON.stringify(want.url)}`);
  return out;
}

/** One linked record an event answer should embed: a known ID, or a name (a record created inline). */
export interface LinkedWant {
  id?: number;
  name?: string;
  image?: { id: number; url: string };
}

/**
 * The problems of the linked records an event answer embeds under `key` (`venue`: one object;
 * `organizer`: an array) against `want`, in the order given (or, with `anyOrder`, each `want`
 * matched to its own record: by `id` when it has one, else by name): each an object with an
 * integer `id` (the given one, or a new one for a name), its name (`venue`/`organizer` field) and,
 * when asked, its image. No ID may come back twice.
 */
export function embeddedProblems(
  answer: unknown,
  key: 'venue' | 'organizer',
  want: LinkedWant[],
  opts: { anyOrder?: boolean } = {},
): string[] {
  if (!isRecord(answer)) return [`the answer is no record (${JSON.stringify(answer)?.slice(0, 80)})`];
  const raw = answer[key];
  const list = key === 'venue' && isRecord(raw) ? [raw] : raw;
  if (!Array.isArray(list))
    return [`${key} ${JSON.stringify(raw)?.slice(0, 160)}, expected ${want.length} embedded record(s)`];
  if (list.length !== want.length)
    return [
      `${key} holds ${list.length} record(s) ${JSON.stringify(list.map((r) => (isRecord(r) ? r.id : r)))}, expected ${want.length}`,
    ];
  const out: string[] = [];
  const order = opts.anyOrder ? matchOrder(list, key, want) : want.map((w) => w);
  list.forEach((rec, i) => {
    const w = order[i];
    const at = `${key}[${i}]`;
    if (!w) {
      out.push(
        `${at} ${JSON.stringify(isRecord(rec) ? { id: rec.id, [key]: rec[key] } : rec)} is none of the records sent`,
      );
      return;
    }
    if (!isRecord(rec)) {
      out.push(`${at} is ${JSON.stringify(rec)?.slice(0, 80)}, expected an embedded record`);
      return;
    }
    if (!Number.isInteger(rec.id)) out.push(`${at}.id ${JSON.stringify(rec.id)}, expected an integer`);
    else if (w.id !== undefined && rec.id !== w.id) out.push(`${at}.id ${rec.id}, expected ${w.id}`);
    if (w.name !== undefined && normaliseText(rec[key]) !== normaliseText(w.name))
      out.push(`${at}.${key} ${JSON.stringify(rec[key])}, expected ${JSON.stringify(w.name)}`);
    if (w.image) out.push(...imageProblems(rec.image, w.image, `${at}.image`));
  });
  const ids = list.map((r) => (isRecord(r) ? r.id : undefined)).filter((id) => Number.isInteger(id));
  if (new Set(ids).size !== ids.length) out.push(`${key} repeats an ID: ${JSON.stringify(ids)}`);
  return out;
}

/** For each record of `list`, the `want` it stands for (by ID, else by name), each used once. */
function matchOrder(list: unknown[], key: string, want: LinkedWant[]): Array<LinkedWant | undefined> {
  const left = [...want];
  const take = (pred: (w: LinkedWant) => boolean) => {
    const i = left.findIndex(pred);
    return i < 0 ? undefined : left.splice(i, 1)[0];
  };
  return list.map((rec) => {
    if (!isRecord(rec)) return undefined;
    return (
      take((w) => w.id !== undefined && w.id === rec.id) ??
      take((w) => w.id === undefined && w.name !== undefined && normaliseText(rec[key]) === normaliseText(w.name))
    );
  });
}
