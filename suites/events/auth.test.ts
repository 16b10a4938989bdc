/**
 * Anonymous access to events (should; LEVELS.md "anonymous writes" and "anonymous lists"):
 * writes are refused (401) and change nothing; lists show published events only.
 */
import { check } from '../../lib/check.ts';
import { sameText } from '../../lib/normalise.ts';
import { req, showIds, field } from '../../lib/contract.ts';
import { eventBody, makeEvent, scoped } from './support.ts';

check(
  {
    id: 'events.auth.anonymous-lists-published',
    spec: 'docs/requirements.md#measured-cross-cutting: anonymous lists see only published records; docs/requirements.md#anonymous-lists (should)',
    level: 'should',
    requirements: [req.route('GET', 'events'), req.param('events', 'status')],
    tags: ['writes', 'security', 'anonymous'],
  },
  'shows anonymous readers published events only',
  async (t) => {
    const draft = await makeEvent(t, 'draft', { status: 'draft' });
    const pub = await makeEvent(t, 'public');
    const list = await scoped(t, {}, { client: t.anon });
    t.assert(
      list.ids.includes(pub.id) && !list.ids.includes(draft.id),
      `the anonymous list shows ${showIds(list.ids)}; expected ${pub.id} and not the draft ${draft.id}`,
      list.res,
    );
    const read = await t.anon.get(`/events/${draft.id}`);
    t.assert(read.status >= 400, `an anonymous read of the draft ${draft.id} answered ${read.status}`, read);
  },
);
