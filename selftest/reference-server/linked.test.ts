// Venue and organizer edge cases where the reference server follows the newest original:
// a name must be a string, and an update by slug may not name another slug.
import { expect, test } from 'vitest';
import { start } from './helpers.ts';

const api = await start({ variant: 'extended' });

test('a venue or organizer name sent as a JSON number is 400 rest_invalid_param', async () => {
  for (const kind of ['venue', 'organizer']) {
    const res = await api.call('POST', `/${kind}s`, { json: { [kind]: 12345 } });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('rest_invalid_param');
  }
});

test('an update by slug with another body slug is 400 and renames nothing; the same slug updates', async () => {
  for (const kind of ['venue', 'organizer']) {
    const rec = await api.create(`${kind}s`, { [kind]: `Slug probe ${kind}` });
    const refused = await api.call('POST', `/${kind}s/by-slug/${rec.slug}`, {
      json: { slug: `${rec.slug}-renamed`, description: 'changed' },
    });
    expect(refused.status).toBe(400);
    const after = await api.get(`/${kind}s/${rec.id}`);
    expect(after.slug).toBe(rec.slug);
    expect(after.description ?? '').toBe('');
    const applied = await api.call('PATCH', `/${kind}s/by-slug/${rec.slug}`, {
      json: { slug: rec.slug, description: 'changed' },
    });
    expect(applied.status).toBe(200);
    expect(applied.body.description).toBe('changed');
  }
});
