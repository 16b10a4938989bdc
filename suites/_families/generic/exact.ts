/**
 * A missing record answered exactly as the target's own version answers it (issue 40), declared
 * once for the five resources. docs/requirements.md#missing-record lets a server answer 400
 * rest_invalid_param naming the parameter or 404 (the must is any 4xx: <resource>.read.missing-4xx
 * and its twins; the should any answer an original gives: <resource>.read.missing-code and its
 * twins). This should pins the one answer of the version the run judges (lib/spec/versions.ts:
 * the version the namespace root names, else the variant's measured original, 6.8.0 or 4.6.8,
 * which answer 400 rest_invalid_param naming id, or slug, on every resource, measured 2026-11-28).
 */
import { check, type CheckContext } from '../../../lib/check/index.ts';
import { MISSING_ID, recordId, req } from '../../../lib/spec/contract.ts';
import { an, type ResourceDef } from '../../../lib/spec/resources.ts';
import { exactWrong, missingAnswer, pinnedVersion, showAnswer } from '../../../lib/spec/versions.ts';
import type { ApiResponse } from '../../../lib/types.ts';

export function exactChecks(r: ResourceDef): void {
  const P = r.plural;
  const method = r.missing.update404;
  // By slug: events in both variants, venues and organizers in the extended one, terms never.
  const bySlug = (t: CheckContext) => P === 'events' || ((P === 'venues' || P === 'organizers') && t.extended);

  check(
    {
      id: `${P}.missing.exact-version`,
      spec: `Endpoints: GET, ${method}, DELETE /${P}/{id}${P === 'events' || P === 'venues' || P === 'organizers' ? `, GET /${P}/by-slug/{slug}` : ''}; docs/requirements.md#missing-record (should: the answer of the target's own version: the one its namespace root names, else the variant's measured original, 6.8.0 or 4.6.8: 400 rest_invalid_param naming id or slug, measured 2026-11-28)`,
      level: 'should',
      requirements: [req.route('GET', P, '/{id}'), req.route(method, P, '/{id}'), req.route('DELETE', P, '/{id}')],
      tags: ['writes'],
    },
    `answers a read, an update and a delete of ${an(r.noun)} ID that does not exist, and of ID 0, exactly as the original of its version does (6.8.0 and 4.6.8: 400 rest_invalid_param naming id)`,
    async (t) => {
      const pinned = pinnedVersion(t.variant, t.config.rootVersion);
      const bad: string[] = [];
      let last: ApiResponse | undefined;
      const judge = (what: string, res: ApiResponse, param: 'id' | 'slug') => {
        last = res;
        const wrong = exactWrong(res, missingAnswer(pinned.version, r.record, param), pinned);
        if (wrong) bad.push(`${what} ${wrong}`);
      };
      judge(`GET /${P}/${MISSING_ID}`, await t.api.get(`/${P}/${MISSING_ID}`), 'id');
      judge(`GET /${P}/0`, await t.api.get(`/${P}/0`), 'id');
      const update = await t.api.request({
        method,
        path: `/${P}/${MISSING_ID}`,
        json: r.ghostUpdate((l) => t.name(l), t.scope),
      });
      const made = recordId(update);
      if (update.status < 300 && made !== undefined && made !== MISSING_ID) t.track(P, made);
      judge(`${method} /${P}/${MISSING_ID}`, update, 'id');
      judge(`DELETE /${P}/${MISSING_ID}`, await t.api.delete(`/${P}/${MISSING_ID}`), 'id');
      if (bySlug(t)) {
        const slug = `${t.scope}-no-such-slug`.toLowerCase();
        judge(`GET /${P}/by-slug/${slug}`, await t.api.get(`/${P}/by-slug/${slug}`), 'slug');
      }
      t.assert(
        bad.length === 0,
        `a missing ${r.noun}, judged against ${pinned.version} (${showAnswer(missingAnswer(pinned.version, r.record, 'id'))}): ${bad.join('; ')}`,
        last,
      );
    },
  );
}
