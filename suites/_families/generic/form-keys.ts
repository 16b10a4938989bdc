/**
 * A form key sent twice (issue 22, inputs never sent), declared once for the five resources. The
 * spec does not show how a form-encoded body with a repeated key is read; the original reads it
 * as PHP does, the last value wins (measured on 6.8.0 and 4.6.8, 2026-11-26: create and PUT update
 * of an event, a venue and a category). Should: a create that sends the name field twice stores
 * the second value (a server that combines them into a list refuses it or stores both). One
 * create per resource: the form parser is the same for an update (the PUT was measured too).
 */
import { check } from '../../../lib/check/index.ts';
import type { ApiResponse } from '../../../lib/types.ts';
import { field, req } from '../../../lib/spec/contract.ts';
import { sameText } from '../../../lib/spec/normalise.ts';
import type { ResourceDef } from '../../../lib/spec/resources.ts';
import { an } from '../../../lib/spec/resources.ts';
import { judgeAll } from './codes.ts';

/** A form body with `key` sent once per value, in order, then the other fields. */
function repeated(key: string, values: string[], rest: Record<string, string | number>): string {
  const body = new URLSearchParams();
  for (const v of values) body.append(key, v);
  for (const [k, v] of Object.entries(rest)) body.append(k, String(v));
  return body.toString();
}

export function formKeyChecks(r: ResourceDef): void {
  const P = r.plural;
  const N = r.nameField;
  check(
    {
      id: `${P}.fields.form-repeated-key`,
      spec: 'Payload: request parameters (a repeated form key: not shown); docs/requirements.md#request-bodies (should: the last value wins, as PHP reads a form; measured on 6.8.0 and 4.6.8)',
      level: 'should',
      requirements: [req.route('POST', P), req.field(P, N)],
      tags: ['writes'],
    },
    `keeps the last value of ${N} sent twice in a form-encoded create of ${an(r.noun)}`,
    async (t) => {
      const contentType = 'application/x-www-form-urlencoded';
      const judged: Array<{ what: string; res: ApiResponse; bad: string[] }> = [];
      const judge = (what: string, res: ApiResponse, want: string, other: string) => {
        const got = field(res.json, N);
        const bad =
          res.status < 200 || res.status > 299
            ? [`status ${res.status} ${String(field(res.json, 'code') ?? '')}`]
            : sameText(want, got)
              ? []
              : [`${N} ${JSON.stringify(got)}, expected the last value "${want}" (not "${other}")`];
        judged.push({ what, res, bad });
      };
      const [c1, c2] = [t.name('form first'), t.name('form second')];
      const created = await t.api.request({
        method: 'POST',
        path: `/${P}`,
        raw: { body: repeated(N, [c1, c2], r.required(30)), contentType },
      });
      t.trackCreated(P, created);
      judge(`POST /${P} with ${N} twice`, created, c2, c1);
      judgeAll(t, judged);
    },
  );
}
