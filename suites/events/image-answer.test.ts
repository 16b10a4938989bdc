/**
 * The featured image of an event given by URL or by ID, as the original's own REST tests read it
 * (issue 30, class 9: EventInsertionCest "setting the image passing a valid URL" and "... a valid
 * ID", SingleEventCest's image url): the create answer's `image` is the attachment named, its `id`
 * and its `url` both (the must, events.create.image, accepts either). Measured on 6.8.0 and 4.6.8
 * (2026-11-28, the fixture image of scripts/wp-fixtures.sh): the answer's image has the fixture's
 * id and url. n/a without an image in the fixtures file.
 */
import { check } from '../../lib/check/index.ts';
import { imageProblems } from '../../lib/spec/answers.ts';
import { req } from '../../lib/spec/contract.ts';
import { eventBody } from './support.ts';

check(
  {
    id: 'events.create.image-by-url',
    spec: "Resources and their fields / Event: image (featured image ID or URL); docs/requirements.md#fixture-only; docs/requirements.md#original-tests (should: the image given by URL is that attachment, its id and its url, in the create answer, as the original's own tests assert; measured on 6.8.0 and 4.6.8)",
    level: 'should',
    requirements: [req.route('POST', 'events'), req.field('events', 'image')],
    tags: ['writes', 'fixture'],
  },
  'an event created with the URL of an existing image answers that image: its id and its url',
  async (t) => {
    const image = t.fixture('image');
    const res = await t.api.post('/events', eventBody(t, 'image by url', { image: image.url }, 47));
    t.trackCreated('events', res);
    const ev = t.record(res, `POST /events with image ${image.url}`);
    const bad = imageProblems(ev.image, image);
    t.assert(bad.length === 0, `the create answer with image ${JSON.stringify(image.url)}: ${bad.join('; ')}`, res);
  },
);

check(
  {
    id: 'events.create.image-by-id',
    spec: "Resources and their fields / Event: image (featured image ID or URL); docs/requirements.md#fixture-only; docs/requirements.md#original-tests (should: the image given by ID is that attachment, its id and its url both, in the create answer and read by ID, as the original's own tests assert)",
    level: 'should',
    requirements: [req.route('POST', 'events'), req.route('GET', 'events', '/{id}'), req.field('events', 'image')],
    tags: ['writes', 'fixture'],
  },
  'an event created with the ID of an existing image answers and reads back that image: its id and its url both',
  async (t) => {
    const image = t.fixture('image');
    // The ID as a string (the spec types image a string; the original refuses a JSON number).
    const res = await t.api.post('/events', eventBody(t, 'image by id', { image: String(image.id) }, 47));
    t.trackCreated('events', res);
    const ev = t.record(res, `POST /events with image "${image.id}"`);
    const created = imageProblems(ev.image, image);
    t.assert(created.length === 0, `the create answer with image "${image.id}": ${created.join('; ')}`, res);
    const readRes = await t.api.get(`/events/${ev.id}`);
    const read = imageProblems(t.record(readRes, `GET /events/${ev.id}`).image, image);
    t.assert(read.length === 0, `GET /events/${ev.id} (created with image "${image.id}"): ${read.join('; ')}`, readRes);
  },
);
