/** tags list parameters (paging, search, include, exclude, slug, hide_empty, post/event): suites/_families/terms/lists.ts. */
import { listChecks } from '../_families/terms/lists.ts';
import { TAGS } from '../../lib/spec/resources.ts';

listChecks(TAGS);
