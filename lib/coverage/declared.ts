/**
 * Declared against measured (issue 32): a check that cites a requirement its requests never sent
 * is mislabelled (lib/coverage/map.ts `mislabelledOf`), unless it is one of the justified
 * exceptions below, each a kind of check whose behaviour is about what it does not send, or whose
 * requests another part of the run made. selftest/coverage-map.test.ts fails on any other.
 * Pure data and one filter.
 */

export interface Excuse {
  /** The check IDs it covers. */
  check: RegExp;
  /** The requirements it covers. */
  requirement: RegExp;
  why: string;
}

export const EXCUSED: readonly Excuse[] = [
  {
    check: /\.create\.(missing-[a-z-]+-400|requires-[a-z_-]+)$/,
    requirement: /^field:/,
    why: 'a missing-field check cites the required field it leaves out',
  },
  {
    check: /^events\.create\.empty-defaults$/,
    requirement: /^field:events\.(website|venue|organizer|categories|tags)$/,
    why: 'it judges the defaults of the fields it leaves out (null defaults, LEVELS.md)',
  },
  {
    check: /^events\.list\.(default-window(-[a-z]+)?|page-defaults)$/,
    requirement: /^param:events\.(start_date|end_date|per_page|page)$/,
    why: 'it judges the defaults of the parameters it leaves out',
  },
  {
    check: /^errors\.routes\.(non-digit-id(-404)?|unknown-404)$/,
    requirement: /^route:GET /,
    why: 'it sends paths beside the route (a non-digit {id}, an unknown route) to judge that only the table is served',
  },
  {
    check: /^events\.create\.inline-linked-image$/,
    requirement: /^field:(venues|organizers)\.image$/,
    why: 'it sends the venue and organizer image inside the inline data of an event create, not on their own routes',
  },
  {
    check: /^events\.model\./,
    requirement: /^route:(POST|PUT|PATCH) /,
    why: 'the model draws its commands from the seed: a run sends the update methods its sequences drew',
  },
  {
    check: /^events\.list\.(empty-filter-answer|unknown-member-400)$/,
    requirement: /^param:events\.(categories|tags)$/,
    why: 'it filters by a term on extended only (the base interface cannot link terms to events)',
  },
  {
    check: /^events\.payload\.invalid-values-rejected$/,
    requirement: /^field:events\.(venue|organizer|start_date|end_date)$/,
    why: 'a property: which invalid field each payload carries is drawn from the seed',
  },
  {
    check: /^(categories|tags)\.fields\.invalid-refused$/,
    requirement: /^route:(POST|PUT|PATCH) /,
    why: 'it rotates the update methods over its invalid values from the seed (tags have two values, so two of the three methods a run)',
  },
  {
    check: /^observe\./,
    requirement:
      /^(route:GET \/cal\/events\/v1\/(events|venues|organizers|categories|tags)|param:(categories|tags)\.hide_empty)$/,
    why: "an observation check judges the run's crawl of the lists (lib/run/crawl.ts), which read them once before the checks",
  },
];

/** The justified exception of a (check, requirement) pair, or undefined. Pure. */
export function excuseOf(
  m: { check: string; requirement: string },
  excused: readonly Excuse[] = EXCUSED,
): string | undefined {
  return excused.find((x) => x.check.test(m.check) && x.requirement.test(m.requirement))?.why;
}

/** The mislabelled (check, requirement) pairs no exception covers. Pure. */
export function unexcused(
  mislabelled: ReadonlyArray<{ check: string; requirement: string }>,
  excused: readonly Excuse[] = EXCUSED,
): Array<{ check: string; requirement: string }> {
  return mislabelled.filter((m) => !excused.some((x) => x.check.test(m.check) && x.requirement.test(m.requirement)));
}
