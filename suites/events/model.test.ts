/**
 * Model-based sequences of event commands (create, update by POST/PUT/PATCH, delete, read,
 * list) against an in-memory model of the check's own events (suites/events/model/). Every answer must
 * agree with the model. Must: sent fields applied, reads return what was written (normalised),
 * deleted records gone from lists and anonymous reads. Should: unsent fields keep their values.
 */
import fc from 'fast-check';
import { check, type CheckContext } from '../../lib/check/index.ts';
import { req } from '../../lib/spec/contract.ts';
import { eventCommands, type Model, type Real } from './model/index.ts';
import { CreateCommand } from './model/create.ts';
import type { UpdatePart } from './model/update.ts';

async function runSequences(
  t: CheckContext,
  mode: Model['mode'],
  parts?: fc.Arbitrary<UpdatePart[]>,
  numRuns = 10,
  maxCommands = 8,
): Promise<void> {
  let run = 0;
  await t.property(
    eventCommands({ maxCommands, parts }),
    async (cmds) => {
      // Every run searches its own token, so earlier runs' events do not crowd its lists.
      const token = `${t.scope}r${(run++).toString(36)}`;
      let n = 0;
      const model: Model = { mode, token, events: [] };
      const real: Real = { t, next: () => n++ };
      // Two events to start from, so updates, deletes and reads have something to act on.
      await new CreateCommand(40, 600, 60).run(model, real);
      await new CreateCommand(41, 1380, 120).run(model, real);
      await fc.asyncModelRun(() => ({ model, real }), cmds);
    },
    { numRuns },
  );
}

check(
  {
    id: 'events.model.sequences',
    spec: 'Endpoints: events create/read/update (POST, PUT, PATCH)/delete/list; docs/requirements.md#valid-create, read by ID, update applies sent fields, delete (gone from lists and anonymous reads)',
    level: 'must',
    requirements: [
      req.route('POST', 'events'),
      req.route('GET', 'events', '/{id}'),
      req.route('POST', 'events', '/{id}'),
      req.route('PUT', 'events', '/{id}'),
      req.route('PATCH', 'events', '/{id}'),
      req.route('DELETE', 'events', '/{id}'),
      req.route('GET', 'events'),
    ],
    tags: ['model', 'property', 'writes'],
  },
  'random sequences of event creates, updates, deletes, reads and lists agree with a model of the sent fields',
  // Eight runs, not ten (each run is about 9 requests): the embedded extended certification stays
  // within its 4,500 requests (issue 30) at every seed; a lower --num-runs lowers it further.
  (t) => runSequences(t, 'must', undefined, 8),
);

check(
  {
    id: 'events.model.unsent-fields-kept',
    spec: 'Update: every field optional (unsent fields keep their values); docs/requirements.md#unsent-fields (should). The original resets several unsent fields (docs/requirements.md#known-deviations Known deviations)',
    level: 'should',
    requirements: [
      req.route('POST', 'events', '/{id}'),
      req.route('PUT', 'events', '/{id}'),
      req.route('PATCH', 'events', '/{id}'),
    ],
    tags: ['model', 'property', 'writes'],
  },
  'random update sequences sending one field at a time keep the fields they do not send',
  (t) =>
    runSequences(
      t,
      'should',
      fc.constantFrom<Array<'title' | 'description' | 'dates'>>(['title'], ['description'], ['dates']),
      // Four runs of at most six commands, not ten of eight: every field's keep is judged one by one
      // by <resource>.update.keeps-unsent; this property adds the sequences (several updates in a
      // row). At 5 x 8 it cost 35 to 53 requests by seed, and the embedded extended certification
      // passed its 4,500 at some seeds (4,514 at seed 1097635454485156, 2026-11-29).
      4,
      6,
    ),
);
