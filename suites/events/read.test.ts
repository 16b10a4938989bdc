/**
 * Values of a single event read by ID beyond the fields sent (issue 30, class 4): the original's
 * own REST tests (SingleEventCest) assert the derived fields of a read event: `rest_url` names the
 * event's item route, `url` is its page, and every `*_date_details` object splits its date.
 */
import { check } from '../../lib/check/index.ts';
import { at, field, isObject, req } from '../../lib/spec/contract.ts';
import { eventBody } from './support.ts';

const READ = req.route('GET', 'events', '/{id}');
const PARTS = ['year', 'month', 'day', 'hour', 'minutes', 'seconds'] as const;

/** What is wrong with `details` as the split of `date` (`YYYY-MM-DD hh:mm:ss`), or ''. */
function detailsWrong(date: unknown, details: unknown): string {
  const m = typeof date === 'string' ? /^(\d{4})-(\d\d)-(\d\d) (\d\d):(\d\d):(\d\d)$/.exec(date) : null;
  if (!m) return `the date is ${JSON.stringify(date)}`;
  if (!isObject(details)) return `the details are ${JSON.stringify(details)}`;
  const off = PARTS.filter(
    (p, i) => Number(details[p]) !== Number(m[i + 1]) || details[p] === '' || details[p] === null,
  );
  return off.length ? `${off.map((p) => `${p} ${JSON.stringify(details[p])}`).join(', ')} (the date is ${date})` : '';
}

check(
  {
    id: 'events.read.record-values',
    spec: "Response records: not shown; docs/requirements.md#original-tests (should: a read event's rest_url is its item route, url an absolute page URL, and start_date_details, end_date_details, utc_start_date_details, utc_end_date_details split their dates, as the original's own tests assert)",
    level: 'should',
    requirements: [READ],
    tags: ['writes'],
  },
  "a read event's rest_url names its item route, its url is an absolute URL, and each *_date_details splits its date",
  async (t) => {
    // Odd hours and minutes on two days, so that a split that reads the wrong positions shows.
    const made = await t.create(
      'events',
      eventBody(t, 'record values', { start_date: at(37, 9, 5), end_date: at(38, 17, 45) }),
    );
    const res = await t.api.get(`/events/${made.id}`);
    const ev = t.record(res, `the event ${made.id}`);
    const bad: string[] = [];
    const restUrl = field(ev, 'rest_url');
    if (
      typeof restUrl !== 'string' ||
      !/^https?:\/\//.test(restUrl) ||
      !restUrl.replace(/\/+$/, '').endsWith(`/events/${made.id}`)
    )
      bad.push(`rest_url ${JSON.stringify(restUrl)}, expected the URL of /events/${made.id}`);
    const url = field(ev, 'url');
    if (typeof url !== 'string' || !/^https?:\/\/\S+$/.test(url))
      bad.push(`url ${JSON.stringify(url)}, expected an absolute URL`);
    for (const d of ['start_date', 'end_date', 'utc_start_date', 'utc_end_date']) {
      const wrong = detailsWrong(ev[d], ev[`${d}_details`]);
      if (wrong) bad.push(`${d}_details: ${wrong}`);
    }
    t.assert(bad.length === 0, `GET /events/${made.id}: ${bad.join('; ')}`, res);
  },
);
