// Unit tables of lib/spec/answers.ts: the cost details, image objects and embedded linked records
// of write answers, as the original's REST tests read them (values measured on 6.8.0 and 4.6.8).
import { expect, test } from 'vitest';
import { costDetailsProblems, embeddedProblems, imageProblems } from '../../lib/spec/answers.ts';

const details = (symbol: string, position: string, values: unknown[]) => ({
  currency_symbol: symbol,
  currency_position: position,
  values,
});
const POSTFIX_20 = { cost: '20$', symbol: '$', position: 'postfix', values: [20] } as const;
const RANGE = { costEnds: '30$', symbol: '$', position: 'postfix', values: [0, 20, 30] } as const;

test.each([
  ['6.8.0 "20$"', { cost: '20$', cost_details: details('$', 'postfix', ['20']) }, POSTFIX_20, 0],
  ['numbers as numbers', { cost: '20$', cost_details: details('$', 'postfix', [20]) }, POSTFIX_20, 0],
  ['6.8.0 range', { cost: 'Free – 30$', cost_details: details('$', 'postfix', ['0', '20', '30']) }, RANGE, 0],
  ['4.6.8 range', { cost: 'Free - 30$', cost_details: details('$', 'postfix', ['0', '20', '30']) }, RANGE, 0],
  [
    'range kept as sent',
    { cost: '0$ - 20$ - 30$', cost_details: details('$', 'postfix', ['0', '20', '30']) },
    RANGE,
    0,
  ],
  ['values not ascending', { cost: '30$', cost_details: details('$', 'postfix', ['30', '0', '20']) }, RANGE, 1],
  ['a value twice', { cost: '30$', cost_details: details('$', 'postfix', ['0', '20', '20', '30']) }, RANGE, 1],
  [
    'a range sent descending, read ascending (6.8.0, 4.6.8)',
    { cost: '$10 – $20', cost_details: details('', '', ['10', '20']) },
    { values: [20, 10] },
    0,
  ],
  ['position swapped', { cost: '20$', cost_details: details('$', 'prefix', ['20']) }, POSTFIX_20, 1],
  ['symbol lost', { cost: '20$', cost_details: details('', '', ['20']) }, POSTFIX_20, 2],
  ['cost reformatted', { cost: '$20', cost_details: details('$', 'postfix', ['20']) }, POSTFIX_20, 1],
  ['a value missing', { cost: 'Free – 30$', cost_details: details('$', 'postfix', ['20', '30']) }, RANGE, 1],
  ['range end lost', { cost: '0$ - 20$', cost_details: details('$', 'postfix', ['0', '20', '30']) }, RANGE, 1],
  ['no details', { cost: '20$' }, POSTFIX_20, 1],
  ['no record', null, POSTFIX_20, 1],
  [
    'only values asked: symbol and text not compared',
    { cost: '10-20', cost_details: details('€', 'prefix', [10, 20]) },
    { values: [10, 20] },
    0,
  ],
])('costDetailsProblems: %s', (_, record, want, problems) => {
  expect(costDetailsProblems(record, want)).toHaveLength(problems);
});

const IMG = { id: 7, url: 'http://x/img.png' };
test.each([
  ['the object', { id: 7, url: 'http://x/img.png', extension: 'png' }, 0],
  ['another attachment with that URL', { id: 8, url: 'http://x/img.png' }, 1],
  ['another URL', { id: 7, url: 'http://x/other.png' }, 1],
  ['the ID as a string', { id: '7', url: 'http://x/img.png' }, 1],
  ['false', false, 1],
  ['the bare ID', 7, 1],
])('imageProblems: %s', (_, image, problems) => {
  expect(imageProblems(image, IMG)).toHaveLength(problems);
});

test.each([
  ['a venue object', { venue: { id: 5, venue: 'Hall' } }, 'venue', [{ name: 'Hall' }], 0],
  ['a venue as an array of one', { venue: [{ id: 5, venue: 'Hall' }] }, 'venue', [{ name: 'Hall' }], 0],
  ['a venue as its ID', { venue: 5 }, 'venue', [{ name: 'Hall' }], 1],
  ['no venue', { venue: [] }, 'venue', [{ name: 'Hall' }], 1],
  [
    'organizers in order, one known',
    {
      organizer: [
        { id: 9, organizer: 'A' },
        { id: 3, organizer: 'Old' },
        { id: 10, organizer: 'C' },
      ],
    },
    'organizer',
    [{ name: 'A' }, { id: 3 }, { name: 'C' }],
    0,
  ],
  [
    'organizers in another order',
    {
      organizer: [
        { id: 3, organizer: 'Old' },
        { id: 9, organizer: 'A' },
        { id: 10, organizer: 'C' },
      ],
    },
    'organizer',
    [{ name: 'A' }, { id: 3 }, { name: 'C' }],
    2,
  ],
  ['organizers as IDs', { organizer: [9, 3] }, 'organizer', [{ name: 'A' }, { id: 3 }], 2],
  ['one organizer missing', { organizer: [{ id: 9, organizer: 'A' }] }, 'organizer', [{ name: 'A' }, { id: 3 }], 1],
  [
    'one record twice',
    {
      organizer: [
        { id: 9, organizer: 'A' },
        { id: 9, organizer: 'A' },
      ],
    },
    'organizer',
    [{ name: 'A' }, { name: 'A' }],
    1,
  ],
  [
    'rendered names',
    { organizer: [{ id: 9, organizer: 'Tom &#038; Jerry&#8217;s' }] },
    'organizer',
    [{ name: "Tom & Jerry's" }],
    0,
  ],
  [
    'the image asked',
    { venue: { id: 5, venue: 'Hall', image: { id: 7, url: 'http://x/img.png' } } },
    'venue',
    [{ name: 'Hall', image: IMG }],
    0,
  ],
  ['the image missing', { venue: { id: 5, venue: 'Hall' } }, 'venue', [{ name: 'Hall', image: IMG }], 1],
] as const)('embeddedProblems: %s', (_, answer, key, want, problems) => {
  expect(embeddedProblems(answer, key, [...want])).toHaveLength(problems);
});

// An update keeping one organizer and adding one: 6.8.0 answers them in the order sent, 4.6.8 the
// kept one first (measured 2026-11-28): in any order, each record must still be one sent.
const UPDATE_WANT = [{ name: 'D' }, { id: 3, name: 'A' }];
test.each([
  [
    '6.8.0: the order sent',
    [
      { id: 12, organizer: 'D' },
      { id: 3, organizer: 'A' },
    ],
    0,
  ],
  [
    '4.6.8: the kept one first',
    [
      { id: 3, organizer: 'A' },
      { id: 12, organizer: 'D' },
    ],
    0,
  ],
  [
    'a stranger instead of the new one',
    [
      { id: 3, organizer: 'A' },
      { id: 13, organizer: 'X' },
    ],
    1,
  ],
  [
    'the known one renamed',
    [
      { id: 3, organizer: 'B' },
      { id: 12, organizer: 'D' },
    ],
    1,
  ],
  [
    'the known one missing',
    [
      { id: 12, organizer: 'D' },
      { id: 14, organizer: 'A' },
    ],
    1,
  ],
  ['one missing', [{ id: 12, organizer: 'D' }], 1],
])('embeddedProblems in any order: %s', (_, organizer, problems) => {
  expect(embeddedProblems({ organizer }, 'organizer', UPDATE_WANT, { anyOrder: true })).toHaveLength(problems);
});
