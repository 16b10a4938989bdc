/**
 * Anonymous access to events (should; LEVELS.md "anonymous writes" and "anonymous lists"):
 * writes are refused (401) and change nothing; lists show published events only.
 */
import { check } from '../../lib/check/index.ts';
import { isRecordOf, req, showIds } from '../../lib/spec/contract.ts';
import { makeEvent, scoped } from './support.ts';

check(
  {
    id: 'events.auth.anonymous-lists-published',
    spec: 'docs/requirements.md#measured-cross-cutting: anonymous lists see only published records, anonymous reads of a draft are refused (a 4xx, never a 5xx); docs/requirements.md#anonymous-lists (should); positive controls: the editor reads the draft, a visitor reads the published event',
    level: 'should',
    requirements: [req.route('GET', 'events'), req.field('events', 'status')],
    tags: ['writes', 'security', 'anonymous'],
  },
  'shows anonymous readers published events only',
  async (t) => {
    const draft = await makeEvent(t, 'draft', { status: 'draft' });
    const pub = await makeEvent(t, 'public');
    // Positive controls: the draft exists for the editor, and a visitor's read by ID serves a record.
    const editor = await t.api.get(`/events/${draft.id}`);
    t.assert(
      isRecordOf(editor, draft.id),
      `the editor's GET /events/${draft.id} answered ${editor.status}, not the draft (positive control)`,
      editor,
    );
    const visible = await t.anon.get(`/events/${pub.id}`);
    t.assert(
      isRecordOf(visible, pub.id),
      `an anonymous GET /events/${pub.id} of the published event answered ${visible.status}, not its record (positive control)`,
      visible,
    );
    const list = await scoped(t, {}, { client: t.anon });
    t.assert(
      list.ids.includes(pub.id) && !list.ids.includes(draft.id),
      `the anonymous list shows ${showIds(list.ids)}; expected ${pub.id} and not the draft ${draft.id}`,
      list.res,
    );
    const read = await t.anon.get(`/events/${draft.id}`);
    t.expectStatus(read, '4xx', `an anonymous GET /events/${draft.id} of the draft`);
  },
);
