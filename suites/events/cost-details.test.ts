/**
 * The cost details of an event as the original's own REST tests read them (issue 30, class 9:
 * EventInsertionCest / EventUpdateCest "cost as a string" and "cost as an array of values",
 * SingleEventCest's prefixed cost): the currency symbol and its position are read from the cost
 * sent, and `cost_details.values` holds every number, a string and an array alike, on create and
 * on update: three events send "20$", "$23" and the array each once on create and once on update.
 * Judged on the write answers, as those tests do. Measured on 6.8.0 and 4.6.8 (2026-11-28): "20$" answers cost "20$", symbol "$", postfix,
 * values ["20"]; "$23" answers "$23", prefix, ["23"]; ["0$", "20$", "30$"] answers "Free – 30$"
 * (4.6.8: "Free - 30$"), postfix, ["0", "20", "30"]. The range's text is the server's to format
 * (the spec shows no cost format): the check asks only that it end with its highest price.
 */
import { check } from '../../lib/check/index.ts';
import { costDetailsProblems, type CostWant } from '../../lib/spec/answers.ts';
import { req } from '../../lib/spec/contract.ts';
import type { Params } from '../../lib/types.ts';
import { eventBody } from './support.ts';

check(
  {
    id: 'events.create.cost-details',
    spec: "Resources and their fields / Event: cost (not typed; types of cost not shown); docs/requirements.md#original-tests (should: the currency symbol and its position read from the cost, every number in cost_details.values, on create and update, as the original's own tests assert; measured on 6.8.0 and 4.6.8)",
    level: 'should',
    requirements: [req.route('POST', 'events'), req.route('POST', 'events', '/{id}'), req.field('events', 'cost')],
    tags: ['writes'],
  },
  'on create and on update alike, a cost "20$" answers symbol "$" after the number and the value 20, "$23" the symbol before the number and 23, ["0$", "20$", "30$"] the values 0, 20 and 30 (cost_details sent on create ignored)',
  async (t) => {
    const postfix20: CostWant = { cost: '20$', symbol: '$', position: 'postfix', values: [20] };
    const prefix23: CostWant = { cost: '$23', symbol: '$', position: 'prefix', values: [23] };
    const range: CostWant = { costEnds: '30$', symbol: '$', position: 'postfix', values: [0, 20, 30] };
    const array = ['0$', '20$', '30$'];
    // Three events, each created with one form and updated with another: "20$", "$23" and the
    // array each on create and on update, as the original's insertion and update tests send them.
    for (const [n, steps] of [
      [
        { cost: '20$' as string | string[], want: postfix20 },
        { cost: array, want: range },
      ],
      [
        { cost: array, want: range },
        { cost: '$23', want: prefix23 },
      ],
      [
        { cost: '$23', want: prefix23 },
        { cost: '20$', want: postfix20 },
      ],
    ].entries()) {
      let id: number | undefined;
      for (const { cost, want } of steps) {
        // The original's update tests send the title and dates again (4.6.8 resets unsent dates).
        // A create also sends cost_details "foo": a generated field, which the original's own test
        // expects to be ignored (the answer's cost_details are still the ones read from the cost).
        const extra: Params = id === undefined ? { cost, cost_details: 'foo' } : { cost };
        const body: Params = eventBody(t, `cost details ${n + 1}`, extra, 44);
        const res = id === undefined ? await t.api.post('/events', body) : await t.api.post(`/events/${id}`, body);
        const what = id === undefined ? 'POST /events' : `POST /events/${id}`;
        if (id === undefined) t.trackCreated('events', res);
        const rec = t.record(res, `${what} with cost ${JSON.stringify(cost)}`);
        id ??= rec.id as number;
        const bad = costDetailsProblems(rec, want);
        t.assert(bad.length === 0, `${what} with cost ${JSON.stringify(cost)} answered ${bad.join('; ')}`, res);
      }
    }
  },
);

check(
  {
    id: 'events.create.cost-range-order',
    spec: 'Resources and their fields / Event: cost (not typed); docs/requirements.md#original-tests (should: cost_details.values holds every number of a range once, ascending, whichever order it was given in, as a string or as an array; measured on 6.8.0 and 4.6.8, 2026-11-28: "20-10" and "10-20" answer values ["10", "20"], ["30", "10", "20"] answers ["10", "20", "30"])',
    level: 'should',
    requirements: [req.route('POST', 'events'), req.route('POST', 'events', '/{id}'), req.field('events', 'cost')],
    tags: ['writes'],
  },
  'a cost range given high to low or low to high, as a string or as an array, on create and on update, answers its numbers once each in ascending cost_details.values',
  async (t) => {
    // Two events: a descending string then an unordered array; an unordered array then an
    // ascending string (the update sends the title and dates again: 4.6.8 resets unsent dates).
    const events: Array<Array<[string | string[], number[]]>> = [
      [
        ['20 - 10', [10, 20]],
        [
          ['30', '10', '20'],
          [10, 20, 30],
        ],
      ],
      [
        [
          ['20', '10'],
          [10, 20],
        ],
        ['10-30', [10, 30]],
      ],
    ];
    for (const [n, steps] of events.entries()) {
      let id: number | undefined;
      for (const [cost, values] of steps) {
        const body: Params = eventBody(t, `cost range ${n + 1}`, { cost }, 45);
        const res = id === undefined ? await t.api.post('/events', body) : await t.api.post(`/events/${id}`, body);
        const what = id === undefined ? 'POST /events' : `POST /events/${id}`;
        if (id === undefined) t.trackCreated('events', res);
        const rec = t.record(res, `${what} with cost ${JSON.stringify(cost)}`);
        id ??= rec.id as number;
        const bad = costDetailsProblems(rec, { values });
        t.assert(bad.length === 0, `${what} with cost ${JSON.stringify(cost)} answered ${bad.join('; ')}`, res);
      }
    }
  },
);
