/**
 * A venue or organizer with a post password (WordPress's: the interface stores none, so it comes
 * from the fixtures file, `passwordVenue` / `passwordOrganizer`; scripts/wp-fixtures.php makes
 * them). Measured on 6.8.0 and 4.6.8 (2026-11-28): such a record is read by ID and listed, to an
 * administrator and to a visitor alike, in full, without any password (the spec has no password on
 * these routes; 6.15.3 and later blank its fields for visitors, from reading the code). Must: it
 * is a published record like any other, read by ID and found by its name. Should: it is served in
 * full to a visitor, as the measured originals serve it. n/a without the fixture.
 */
import { check, type CheckContext } from '../../../lib/check/index.ts';
import { field, readList, req, showIds } from '../../../lib/spec/contract.ts';
import { sameText } from '../../../lib/spec/normalise.ts';
import { an, type LinkedDef } from '../../../lib/spec/resources.ts';

export function passwordChecks(d: LinkedDef): void {
  const P = d.plural;
  const key = d.kind === 'venue' ? 'passwordVenue' : 'passwordOrganizer';
  const fixture = (t: CheckContext) => t.fixture(key);
  const requirements = [req.route('GET', P, '/{id}'), req.route('GET', P), req.param(P, 'search')];

  check(
    {
      id: `${P}.read.password-protected`,
      spec: `Endpoints: GET /${P}/{id}, GET /${P} (no password parameter on these routes); docs/requirements.md#read-by-id (must: returns the record); docs/requirements.md#fixture-only (a post password is set outside the interface; measured on 6.8.0 and 4.6.8)`,
      level: 'must',
      requirements,
      tags: ['fixture'],
    },
    `${an(d.kind)} with a post password is read by its ID and listed by a search for its name, as any published ${d.kind}`,
    async (t) => {
      const fx = fixture(t);
      const res = await t.api.get(`/${P}/${fx.id}`);
      const rec = t.record(res, `GET /${P}/${fx.id} (the fixture's password-protected ${d.kind})`);
      t.assert(rec.id === fx.id, `GET /${P}/${fx.id} answered the record ${JSON.stringify(rec.id)}`, res);
      const listRes = await t.api.get(`/${P}`, { search: fx.name, per_page: 50 });
      const list = readList(t, listRes, P, { what: `the ${P} searched for ${JSON.stringify(fx.name)}` });
      t.assert(
        list.ids.includes(fx.id),
        `the ${P} searched for the name of the password-protected ${d.kind} ${fx.id} (${JSON.stringify(fx.name)}) are ${showIds(list.ids)}`,
        listRes,
      );
    },
  );

  check(
    {
      id: `${P}.read.password-protected-values`,
      spec: `Endpoints: GET /${P}/{id}, GET /${P}; docs/requirements.md#fixture-only (should: served in full to a visitor without a password, as 6.8.0 and 4.6.8 serve it; 6.15.3 and later blank its fields)`,
      level: 'should',
      requirements,
      tags: ['fixture', 'anonymous'],
    },
    `a visitor reads ${an(d.kind)} with a post password in full, by its ID and in a list: its name`,
    async (t) => {
      const fx = fixture(t);
      const res = await t.anon.get(`/${P}/${fx.id}`);
      t.expectStatus(res, 200, `a visitor's GET /${P}/${fx.id} (password-protected)`);
      const name = field(res.json, d.nameField);
      t.assert(
        sameText(fx.name, name),
        `a visitor's GET /${P}/${fx.id} shows ${d.nameField} ${JSON.stringify(name)}, expected ${JSON.stringify(fx.name)}`,
        res,
      );
      const listRes = await t.anon.get(`/${P}`, { search: fx.name, per_page: 50 });
      const list = readList(t, listRes, P, { what: `a visitor's ${P} searched for ${JSON.stringify(fx.name)}` });
      const listed = list.records.find((r) => r.id === fx.id);
      t.assert(
        listed !== undefined && sameText(fx.name, listed[d.nameField]),
        `a visitor's ${P} searched for ${JSON.stringify(fx.name)} show ${listed ? `${d.nameField} ${JSON.stringify(listed[d.nameField])}` : `no record ${fx.id}`}, expected its name`,
        listRes,
      );
    },
  );
}
