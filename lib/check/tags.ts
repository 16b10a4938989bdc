/**
 * The closed tag vocabulary of checks (vitest `tags` with `strictTags`). Variant and capability
 * tags are positive: a check tagged `extended` applies only to extended targets, and so on.
 */
export const TAG_DEFINITIONS = [
  { name: 'extended', description: 'applies to the extended variant only' },
  { name: 'base', description: 'applies to the base variant only' },
  { name: 'premium', description: 'needs the premium extension (geolocation filters)' },
  { name: 'tickets', description: 'needs ticketing (the ticketed filter)' },
  { name: 'fixture', description: 'needs a record from the fixtures file; n/a without it' },
  { name: 'writes', description: 'creates, updates or deletes records; n/a in read-only runs' },
  { name: 'auth', description: 'needs credentials' },
  { name: 'security', description: 'authentication and authorisation behaviour' },
  { name: 'property', description: 'property-based (fast-check); bounded by --num-runs' },
  { name: 'model', description: 'model-based command sequences (fast-check)' },
  { name: 'anonymous', description: 'sends requests without credentials' },
  {
    name: 'observe',
    description: "checks the target's own data, learned by a bounded crawl; never writes (runs in read-only runs)",
  },
] as const;

export type Tag = (typeof TAG_DEFINITIONS)[number]['name'];
export const TAGS: readonly Tag[] = TAG_DEFINITIONS.map((t) => t.name);
