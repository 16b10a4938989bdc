/**
 * Generators of event payloads: valid ones (required fields plus a random subset of the optional
 * fields LEVELS.md lets a must-check compare: text with non-ASCII letters, emoji, quotes and
 * ampersands; dates 30-300 days ahead; booleans; cost as a plain number) and invalid ones (a
 * required field missing, or a value the original rejects). Titles come from the check
 * (`t.name(...)`) so every record stays scoped; generators only add text after it.
 */
import fc from 'fast-check';
import { DateTime } from 'luxon';
import { MISSING_ID } from '../contract.ts';

const WALL = 'yyyy-MM-dd HH:mm:ss';

/**
 * Characters that survive the original's rendering up to normalisation: no `<`/`>` (tags), no
 * `;` (entity look-alikes), no backslash (WordPress unslashes), no parentheses (`(tm)`) and no
 * newlines (wpautop). Quotes, dashes, dots and `&` are rendered typographically and normalise back.
 */
const CHARS = [
  ...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789',
  ' ',
  ' ',
  ' ',
  '&',
  "'",
  '"',
  '-',
  '.',
  ',',
  '!',
  '?',
  ':',
  '+',
  '#',
  '@',
  '/',
  'é',
  'ü',
  'ß',
  'ñ',
  'ø',
  'Ж',
  'ж',
  'ą',
  'ł',
  '日',
  '本',
  '語',
  'ع',
  '€',
  '😀',
  '🎉',
  '👩‍💻',
];

/**
 * WordPress's smilies (`smilies_init()`, option `use_smilies`, on by default): a word of text that
 * is one of them is rendered as an emoji image or character (4.6.8 served description `:P` as
 * `<p>😛</p>`, measured 2026-11-28), which the minimal contract's normalisation does not undo.
 */
const SMILIES = new Set(
  (
    ':mrgreen: :neutral: :twisted: :arrow: :shock: :smile: :???: :cool: :evil: :grin: :idea: :oops: ' +
    ':razz: :roll: :wink: :cry: :eek: :lol: :mad: :sad: 8-) 8-O :-( :-) :-? :-D :-P :-o :-x :-| ;-) 8O ' +
    ':( :) :? :D :P :o :x :| ;) :!: :?:'
  ).split(' '),
);

/** Whether a word of the text (between white space) is a smiley WordPress converts. */
export function holdsSmiley(s: string): boolean {
  return s.split(/\s+/).some((word) => SMILIES.has(word));
}

/**
 * Text of 1-40 such characters, not blank, not "0" (the original refuses a title, description or
 * excerpt of "0" with 400 on 6.8.0 and 4.6.8: PHP's empty("0") is true; measured 2026-11-26) and
 * holding no smiley (see SMILIES).
 */
const text = fc
  .array(fc.constantFrom(...CHARS), { minLength: 1, maxLength: 40 })
  .map((a) => a.join(''))
  .filter((s) => s.trim() !== '' && s !== '0' && !holdsSmiley(s));

/** A start/end pair 30-300 days after today (UTC), end 1 minute to 3 days after the start. */
const dates = fc
  .record({
    day: fc.integer({ min: 30, max: 300 }),
    minute: fc.integer({ min: 0, max: 1439 }),
    duration: fc.integer({ min: 1, max: 3 * 1440 }),
  })
  .map(({ day, minute, duration }) => {
    const start = DateTime.utc().startOf('day').plus({ days: day, minutes: minute });
    return { start_date: start.toFormat(WALL), end_date: start.plus({ minutes: duration }).toFormat(WALL) };
  });

export const BOOLEAN_FIELDS = ['featured', 'sticky', 'show_map', 'show_map_link', 'hide_from_listings'] as const;

export interface EventPayload {
  title: string;
  start_date: string;
  end_date: string;
  description?: string;
  excerpt?: string;
  cost?: string;
  all_day?: boolean;
  featured?: boolean;
  sticky?: boolean;
  show_map?: boolean;
  show_map_link?: boolean;
  hide_from_listings?: boolean;
}

/** A valid payload; `title` is the text to append to the check's scoped name. */
export const validPayload: fc.Arbitrary<EventPayload> = fc
  .tuple(
    text,
    dates,
    fc.record(
      {
        description: text,
        excerpt: text,
        cost: fc.integer({ min: 1, max: 999 }).map(String),
        // all_day true moves the times (00:00:00-23:59:59): the round trip sends false only.
        all_day: fc.constant(false),
        featured: fc.boolean(),
        sticky: fc.boolean(),
        show_map: fc.boolean(),
        show_map_link: fc.boolean(),
        hide_from_listings: fc.boolean(),
      },
      { requiredKeys: [] },
    ),
  )
  .map(([title, d, rest]) => ({ title, ...d, ...rest }));

const REQUIRED = ['title', 'start_date', 'end_date'] as const;

/** A valid payload with a non-empty subset of the required fields removed. */
export const missingRequired = fc
  .tuple(validPayload, fc.subarray([...REQUIRED], { minLength: 1 }))
  .map(([payload, drop]) => ({ payload, drop }));

/** One invalid value the original rejects with 400 (reference-behavior.md Cross-cutting). */
export const invalidValue = fc.constantFrom(
  { field: 'start_date', value: 'garbage' },
  { field: 'end_date', value: 'not a date' },
  { field: 'start_date', value: '2027-13-45 25:61:00' },
  { field: 'venue', value: MISSING_ID },
  { field: 'organizer', value: [MISSING_ID] },
);
