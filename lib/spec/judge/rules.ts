/**
 * The judge of read-only verdicts (issue 38): THE table of rules by which an observation check
 * (suites/observe/) may set a difference aside, leave a sample, or read again. A check body holds
 * queries and expectations only; every excuse is decided by a pure function of this folder, named
 * by its row here with its reason and the measurement on the original that justifies it. A rule
 * point 3 of the issue asked for names the reference fault that proves it (a read-only run with
 * the fault on is never certified); the unit table selftest/unit/judge.test.ts has cases for every
 * row.
 *
 * The room: fields.ts (what holds still, what a read shows), snapshot.ts (the crawl read twice,
 * the bound), motion.ts (a difference against the snapshot, proven or not), count.ts (a list
 * against its size), partition.ts (pages against the list, ties, the quiet window), child.ts,
 * refusal.ts (with the fixtures file's declared protected events), collation.ts, totals.ts (where
 * the crawl's list ends).
 */

export interface Rule {
  rule: string;
  /** What the rule decides, and why. */
  reason: string;
  /** The measurement on the original (6.8.0, 4.6.8) or the reasoning on a live site that justifies it. */
  measured: string;
  /** The reference fault a read-only run must not certify because of this rule (absent: no fault needed). */
  fault?: string;
}

export const RULES = [
  {
    rule: 'snapshot',
    reason:
      "A read-only run judges one snapshot: the crawl read twice. A record is in it only when both readings hold it and agree on every field that holds still; a record that differs is out of every sample, on both sides (must list, must not list), and counted against the run's bound; one in the second reading only arrived between them and is no snapshot record.",
    measured:
      'Twin runs on the populated 6.8.0 and 4.6.8 (2026-11-28): a neighbour writing events, tags and organizers changed the lists between a crawl and the checks that judged them on it (two false alarms, README "Measured on the original").',
  },
  {
    rule: 'holds-still',
    reason:
      'What holds still of a record: its name, text, dates, status, slug, featured, links (by ID), a term parent and count; never `modified` or `modified_utc`.',
    measured:
      'WordPress rewrites `modified` whenever a post is saved, and sites whose plugins touch posts on views move it on reads (the reference busy mode reproduces it); two reads of an unchanged record on 6.8.0 and 4.6.8 answer the same other fields.',
  },
  {
    rule: 'moved',
    reason:
      "A difference between a check's reading and the snapshot fails, unless a fresh reading of the snapshot (the record by ID and the crawl's own list read again, never an include or a name search standing in for it) proves the record changed since, and the change explains the difference (no longer a match; trashed or unpublished for a refused slug; a new slug read again). The record then leaves the snapshot. The list is read after the read by ID: a list the check read earlier that still holds the record as it was, while the read by ID shows it changed or gone, is read again first (listOlderThanItem).",
    measured:
      "4.6.8, a neighbour's event trashed after the crawl (2026-11-28): by ID 200 `status: trash`, by slug 400, gone from the events list. A 4xx by ID while the list still shows the record proves nothing (issue 38: a missing record was excused that way).",
    fault: 'featured-missing-404-by-id',
  },
  {
    rule: 'flaky',
    reason:
      "A wrong reading followed by a right one, with no motion proven against the snapshot, is a failure at must: the list is read again only when the crawl's list read again holds other records, each proven by its read by ID, and then once, between two equal counts. A reading of one answer wrong at every count the proven motion allows (the snapshot's less those that left, and up: records may arrive and leave again between two readings, seen by neither) fails at once: no motion between answers explains it; one right only at a larger count is read again. A reading of several answers is held so to what one of them shows alone (the defaults check: the page without per_page holds min(10, n) whatever the page=1&per_page=10 answer says).",
    measured:
      'Issue 38: a server answering a wrong page size on every other read was certified because the re-read was right while the count never moved; the original answers the same page twice when nothing is written (every certification of it, 2026-11-28).',
    fault: 'list-size-flaky',
  },
  {
    rule: 'all-set-aside',
    reason:
      'A judgement whose every candidate on a side (every record that must be listed, or every one that must not) was set aside, or a partition whose every record is excused, judged nothing: `error`, never a pass.',
    measured:
      'Issue 38: a search answering nothing passed when every expected record had been set aside. No measurement makes a judgement of nothing a pass (CONTRACT.md: a check that judged nothing is never pass).',
    fault: 'linked-search-touches-matches',
  },
  {
    rule: 'bound',
    reason:
      'Set-asides are bounded per run: 5% of the snapshot (at least 1), at most 10 records. Past the bound the run is `inconclusive` ("site changing too fast"), never certified; a must-check that fails still makes it not certified. A record proven deleted (gone by ID and from the crawl\'s list, or `status: trash` by ID and no longer listed) leaves the snapshot without counting: a deletion hides nothing the server still serves. Edits, unpublished records and records the two readings of the crawl disagree on count.',
    measured:
      'The busy reference (one write every 60 ms, two of the crawled events updated) and the twin runs on the original move a few records per run; a site moving more cannot be judged read-only. A full certification beside a neighbour that creates and deletes its own records (selftest/safety/neighbours.test.ts, one write every 100 ms) sets aside 8 of 123 records, 7 of them deleted (bound 6). Delete: 200 `status: trash` (posts), terms gone (LEVELS.md).',
  },
  {
    rule: 'child',
    reason:
      "A listed record refused by its slug alone is a child only when its own parent's path serves it: the parent named by the record (`parent`, `post_parent`) or the fixtures file, or found by reading the candidate parent's family (extended: `post_parent=<candidate>` lists it); a path through no parent must not serve it. Children are set-asides like any other, bounded.",
    measured:
      "6.8.0 and 4.6.8, populated site (2026-11-28): the fixtures child answers 400 by its slug, 200 by `<parent-slug>%2F<slug>`, 400 by another event's slug as parent; its record names no parent.",
    fault: 'by-slug-listed-parent-path',
  },
  {
    rule: 'refusal',
    reason:
      "A refusal (401/403) of a listed record is excused only by a property the suite read itself: the fixtures file names the event password-protected (`passwordEvent`, or `protectedEvents` for a site's others: rules `declared-bound`, `declared-opens`), or with credentials its record shows a password. Never by the refusal's own text. A refused event that nothing read tells apart from a password-protected one (no fixture, no password shown) is unjudged (`error`: the run is incomplete, never certified); any other refused record fails.",
    measured:
      "6.8.0 (2026-11-28) refuses a password-protected event by ID with 403 `event-password-protected`, to the administrator too, and lists it; its records show no password, to the administrator either (its list copy, read as admin, has no `password` field): without a fixture no reading proves an event protected or not. Every other listed record is readable by whoever it is listed to. The populated 6.8.0 (2026-11-29, wp-populate.php: a second password event, not the fixtures') refused it a visitor by ID, its list copy like any other: the fixtures file names it in `protectedEvents`.",
    fault: 'item-refused-password-text',
  },
  {
    rule: 'declared-bound',
    reason:
      "The events a fixtures file declares password-protected beyond its one `passwordEvent` (`protectedEvents`) are out of every sample on the vendor's word (the sampled reads, a visitor's search) and their refusal is excused: each counts as a set-aside toward the run's bound, whether or not a check met it. A file declaring more than the bound makes the run `inconclusive`, never certified.",
    measured:
      "The populated 6.8.0 (2026-11-29) holds one password event besides the fixtures' (wp-populate.php); nothing the original answers tells it apart (its records show no password, to an administrator either), so only a declaration names it, and a declaration is no measurement: bounded like any set-aside (issue 38: 5% of the snapshot, at most 10).",
    // A fixtures case, not a fault: selftest/cli/protected-declared.test.ts declares 11 events.
  },
  {
    rule: 'declared-opens',
    reason:
      'Each event of `protectedEvents` is read by ID with its declared password (observe.events-read.protected-declared): it must be served as itself. A declaration the password does not bear out fails, and so the refusals it excused are not certified.',
    measured:
      "6.8.0 (2026-11-26, events.read.password on the fixtures' event): a password-protected event is refused without its password and served with it (`?password=`), to a visitor; 4.6.8 guards no event route (served either way).",
    fault: 'protected-declared-refused',
  },
  {
    rule: 'empty-slug',
    reason:
      'A published record with `slug: ""` is a record like any other: judged, never dropped from the by-slug sample (its slug is read by ID or from its permalink, or the check fails). Drafts and pending records leave the sample by their status (`sluggable`), not by their slug.',
    measured:
      'WordPress keeps no slug for a draft: it reads `slug: ""` on both versions (2026-11-26); a pending event too, a private one its slug (6.8.0, populated, 2026-11-29: a twin run with credentials failed on the pending one); a published post always has one.',
    fault: 'published-slug-empty',
  },
  {
    rule: 'na-on-snapshot',
    reason:
      'A check is n/a only when the snapshot holds no record of the kind it needs; a sample emptied by set-asides or by a filter of the check is unjudged (`error`), never n/a.',
    measured:
      'CONTRACT.md: n/a when variant, feature, fixture or read-only mode rules the check out; no measurement needed.',
    fault: 'published-slug-empty',
  },
  {
    rule: 'totals',
    reason:
      'The crawl believes `total`, `total_pages` and `next_rest_url`: a short page they contradict is a should finding (observe.<plural>-list.totals) and the crawl reads on, then again at the page size the server served; a crawl that learned fewer records than `total` says so in the header.',
    measured:
      '6.8.0 and 4.6.8 give `total` and `total_pages` consistent with the records on every list (every certification of the original, 2026-11-28); a short page ends their lists only on the last page.',
    fault: 'per-page-cap-30',
  },
  {
    rule: 'collation',
    reason:
      'Term names sorted by name are judged under the measured collation (ASCII letters, digits and spaces, case-insensitive); other names are left out and named, never making the check n/a.',
    measured: 'LEVELS.md term order/orderby, measured on both versions: alpha, Bravo, Charlie, delta.',
    fault: 'term-orderby-name-by-id-accented',
  },
  {
    rule: 'shown-judged',
    reason:
      'Every record a list shows is judged: a record the snapshot does not hold is read by ID and judged on that copy (a new record that matches passes; one that no read finds, or that is no match, fails). Date checks too.',
    measured:
      'A record created since the snapshot is readable by ID on the original; a listed record is readable by whoever it is listed to (6.8.0, 4.6.8, 2026-11-28).',
    fault: 'date-lists-leak-unlearned',
  },
  {
    rule: 'shifted',
    reason:
      "A snapshot record a paged reading misses, unchanged by ID and still in the crawl's list, was skipped by the list moving between two pages only when the crawl's list read again proves the site moving and a second reading of the same query lists it next to a record that ended a page of the first reading or began the next (a record before it left, so it moved up onto a page already read). It is then judged on the second reading; missing there too, or listed away from every page boundary, it fails. A second reading incoherent in its turn is read once more; when none is whole, the record is unjudged (`error`, never a pass). Likewise the crawl's list read again (motionOf): a record it no longer lists, unchanged by ID, that the earlier reading places at one of its page boundaries while other records arrived, left or passed, was skipped, not gone.",
    measured:
      "Measured on 6.8.0 (2026-11-29): a visitor's read by ID of a trashed, draft, pending or private event answers 403 `event-not-accessible`; lists are ordered (events by start date), so a record deleted before a page boundary moves the next one onto the page already read. The busy reference (a neighbour deleting one record every second) skipped a record at the page-50 boundary of `GET /events` in 2 of 20 read-only runs (seeds 1-10). Recorded (2026-11-29, observe.events-filter.status alone, credentials, 96 runs): 17 boundary misses, every one listed at the boundary by a second reading; once, at load 17, that second reading was itself incoherent and the third was whole (notes: ro6-shifted s83).",
    // No reference fault: a record a server leaves out misses the second reading too, or sits
    // away from the boundaries (unit rows); the busy matrix keeps the catches of every fault.
  },
  {
    rule: 'ties',
    reason:
      'Records that share a post date may trade places between pages: their repeats and absences are excused in a partition; a list whose every record is tied judged nothing.',
    measured: 'LEVELS.md pages: equal post dates overlap on the original (venues and organizers, measured).',
    fault: 'linked-dates-tied-pages-overlap',
  },
] as const satisfies readonly Rule[];

export type RuleId = (typeof RULES)[number]['rule'];
