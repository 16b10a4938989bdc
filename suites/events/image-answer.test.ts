/**
 * The featured image of an event given by URL, as the original's own REST tests read it (issue 30,
 * class 9: EventInsertionCest "setting the image passing a valid URL", SingleEventCest's image
 * url): the create answer's `image` is the attachment that URL names, its `id` and its `url`.
 * Measured on 6.8.0 and 4.6.8 (2026-11-28, the fixture image of scripts/wp-fixtures.sh): the
 * answer's image has the fixture's id and url. n/a without an image in the fixtures file.
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
