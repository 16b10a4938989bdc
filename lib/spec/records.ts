/**
 * Judgements of a record read back whole (issue 40): the same record read by ID, by slug and in a
 * list, and a linked record embedded in an event against its own read, agree field by field; a
 * record's `url` is its permalink; an event's `json_ld` describes what was written. Measured on
 * 6.8.0 and 4.6.8 (2026-11-28): by slug equals by ID; a list record is the read without `json_ld`;
 * an embedded venue or organizer equals its own read; an embedded term equals its own read on
 * the keys both hold (the embedded one is a WP_Term: `filter`, `term_group`, `term_taxonomy_id`,
 * no `_links`, `meta`, `url`); the e-mail in `json_ld` is obfuscated with random character
 * references on every answer, so strings are compared with their entities decoded. Pure.
 */
import { DateTime } from 'luxon';
import { fromFormat } from './luxon-format.ts';
import { decodeEntities, sameText } from './normalise.ts';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** `value` with every string's character references decoded (random e-mail obfuscation reads alike). */
function decoded(value: unknown): unknown {
  if (typeof value === 'string') return decodeEntities(value);
  if (Array.isArray(value)) return value.map(decoded);
  if (isRecord(value)) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, decoded(v)]));
  return value;
}

/** `value` without the keys `drop` at any depth (a list's nested records carry no json_ld). */
function without(value: unknown, drop: readonly string[]): unknown {
  if (Array.isArray(value)) return value.map((v) => without(v, drop));
  if (isRecord(value))
    return Object.fromEntries(
      Object.entries(value)
        .filter(([k]) => !drop.includes(k))
        .map(([k, v]) => [k, without(v, drop)]),
    );
  return value;
}

const show = (v: unknown) => JSON.stringify(v)?.slice(0, 100) ?? 'absent';

/**
 * Where `other` (`what`: "by slug", "in the list") disagrees with `base` (the read by ID): each
 * key both hold with another value (strings compared with their entities decoded), and each key of
 * `base` that `other` lacks unless `mayLack` names it; `commonOnly`: only the keys both hold (an
 * embedded term); `ignoreDeep`: keys left out at any depth on both sides (a list's records and
 * their nested records carry no json_ld). [] when they agree.
 */
export function agreementWrongs(
  base: unknown,
  other: unknown,
  what: string,
  opts: { mayLack?: readonly string[]; commonOnly?: boolean; ignoreDeep?: readonly string[] } = {},
): string[] {
  if (!isRecord(base) || !isRecord(other)) return [`${what}: no record (${show(other)})`];
  if (opts.ignoreDeep?.length) {
    const drop = opts.ignoreDeep;
    return agreementWrongs(without(base, drop), without(other, drop), what, { ...opts, ignoreDeep: [] });
  }
  const out: string[] = [];
  for (const [k, v] of Object.entries(base)) {
    if (!(k in other)) {
      if (!opts.commonOnly && !opts.mayLack?.includes(k)) out.push(`${what} lacks ${k}`);
      continue;
    }
    if (JSON.stringify(decoded(v)) !== JSON.stringify(decoded(other[k])))
      out.push(`${what} has ${k} ${show(other[k])}, by ID ${show(v)}`);
  }
  return out;
}

/**
 * Why `url` is not the permalink of the record with `slug` and `id`, or '': an absolute http(s)
 * URL whose path ends with the slug (pretty permalinks: the original's `/event/<slug>/`,
 * `/venue/<slug>/`) or whose query names the ID (`?p=<id>`, plain permalinks).
 */
export function permalinkWrong(url: unknown, slug: unknown, id: number): string {
  if (typeof url !== 'string' || !/^https?:\/\//.test(url)) return `url ${show(url)}, expected an absolute URL`;
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return `url ${show(url)} is no URL`;
  }
  // Both decoded: WordPress keeps a slug of non-ASCII letters percent-encoded, in the slug and the URL.
  const dec = (x: string) => {
    try {
      return decodeURIComponent(x).toLowerCase();
    } catch {
      return x;
    }
  };
  const last = dec(u.pathname.replace(/\/+$/, '').split('/').pop() ?? '');
  if (typeof slug === 'string' && slug !== '' && last === dec(slug)) return '';
  if (u.searchParams.get('p') === String(id)) return '';
  return `url ${show(url)} names neither the slug ${show(slug)} nor ?p=${id}`;
}

/**
 * The slug WordPress makes of a title of Latin letters, digits and spaces (the suite's own names):
 * sanitize_title drops the accents, lower-cases, and joins the words with hyphens ("x Zürich Café"
 * -> "x-zurich-cafe"). For a record that shows no slug (4.6.8's venues and organizers, measured
 * 2026-11-28: url `/venue/<that slug>/`).
 */
export function titleSlug(title: string): string {
  return title
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** What an event's `json_ld` should describe: what was written and what the read shows. */
export interface EventJsonLdWant {
  title: string;
  url: unknown;
  /** `YYYY-MM-DD hh:mm:ss` in UTC (the read's utc_start_date). */
  utcStart: string;
  venue?: string;
  organizer?: string;
}

/**
 * Where an event's `json_ld` (schema.org, as the original answers a read by ID) misdescribes it:
 * `@type` Event, `name` the title, `url` the event's url, `startDate` the same instant as the
 * start (any offset), `location.name` the venue, `organizer.name` the organizer (one organizer:
 * an object; several: an array).
 */
export function eventJsonLdWrongs(ld: unknown, want: EventJsonLdWant): string[] {
  if (!isRecord(ld)) return [`json_ld ${show(ld)}, expected a schema.org Event`];
  const out: string[] = [];
  if (ld['@type'] !== 'Event') out.push(`json_ld @type ${show(ld['@type'])}, expected "Event"`);
  if (!sameText(want.title, ld.name)) out.push(`json_ld name ${show(ld.name)}, expected the title ${show(want.title)}`);
  if (ld.url !== want.url) out.push(`json_ld url ${show(ld.url)}, expected the event's url ${show(want.url)}`);
  const start = typeof ld.startDate === 'string' ? DateTime.fromISO(ld.startDate, { setZone: true }) : null;
  const utc = fromFormat(want.utcStart, 'yyyy-MM-dd HH:mm:ss', { zone: 'UTC' });
  if (!start?.isValid || start.toMillis() !== utc.toMillis())
    out.push(`json_ld startDate ${show(ld.startDate)}, expected the instant ${want.utcStart} UTC`);
  if (want.venue !== undefined) {
    const name = isRecord(ld.location) ? ld.location.name : undefined;
    if (!sameText(want.venue, name)) out.push(`json_ld location.name ${show(name)}, expected ${show(want.venue)}`);
  }
  if (want.organizer !== undefined) {
    const org = Array.isArray(ld.organizer) ? ld.organizer[0] : ld.organizer;
    const name = isRecord(org) ? org.name : undefined;
    if (!sameText(want.organizer, name))
      out.push(`json_ld organizer.name ${show(name)}, expected ${show(want.organizer)}`);
  }
  return out;
}

/** What a record should read back exactly as written (issue 40: the fields not compared as text). */
export interface ExactWant {
  /** Fields read back exactly as given: status, slug, all_day, hide_from_listings, start_date... */
  exact?: Record<string, unknown>;
  /**
   * The publication date written (`YYYY-MM-DD hh:mm:ss`, the site's wall clock): `date` reads it,
   * `date_utc` reads it at the site's offset, the one between the record's `modified` and
   * `modified_utc` (the date is written a day back, so that no change of offset lies between).
   */
  date?: string;
  /** The image written by ID: the record's image is that attachment, its id and its url. */
  image?: { id: number; url: string };
}

const WALL = 'yyyy-MM-dd HH:mm:ss';

/** Where `rec` does not hold what `want` says was written, exactly. [] when it does. */
export function writtenWrongs(rec: unknown, want: ExactWant): string[] {
  if (!isRecord(rec)) return [`no record (${show(rec)})`];
  const out: string[] = [];
  for (const [k, v] of Object.entries(want.exact ?? {}))
    if (JSON.stringify(rec[k]) !== JSON.stringify(v)) out.push(`${k} ${show(rec[k])}, expected ${show(v)}`);
  if (want.date !== undefined) {
    if (rec.date !== want.date) out.push(`date ${show(rec.date)}, sent ${want.date}`);
    const local = fromFormat(String(rec.modified), WALL, { zone: 'UTC' });
    const utc = fromFormat(String(rec.modified_utc), WALL, { zone: 'UTC' });
    if (!local.isValid || !utc.isValid)
      out.push(`modified ${show(rec.modified)} / modified_utc ${show(rec.modified_utc)} give no site offset`);
    else {
      const wantUtc = fromFormat(want.date, WALL, { zone: 'UTC' }).minus(local.diff(utc)).toFormat(WALL);
      if (rec.date_utc !== wantUtc)
        out.push(`date_utc ${show(rec.date_utc)}, expected ${wantUtc} (the date sent at the site's offset)`);
    }
  }
  if (want.image) {
    const img = rec.image;
    if (!isRecord(img)) out.push(`image ${show(img)}, expected the image ${want.image.id}`);
    else {
      if (img.id !== want.image.id) out.push(`image.id ${show(img.id)}, expected ${want.image.id}`);
      if (img.url !== want.image.url) out.push(`image.url ${show(img.url)}, expected ${show(want.image.url)}`);
    }
  }
  return out;
}

/**
 * Where the list of an event hidden from listings (`listed`: its record in the list, or undefined
 * when the list leaves it out) departs from the original of the variant: 6.x lists a hidden event
 * nowhere; 4.6.8 lists it (the base variant accepts either, a listed record then being the read
 * by ID without json_ld). [] when it agrees.
 */
export function hiddenListingWrongs(extended: boolean, listed: unknown, read: unknown): string[] {
  if (listed === undefined) return [];
  if (extended) return ['the list shows it, though it is hidden from listings (6.x lists it nowhere)'];
  return agreementWrongs(read, listed, 'in the list', { ignoreDeep: ['json_ld'] });
}
