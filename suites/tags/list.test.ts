/** tags list parameters (paging, search, include, exclude, slug, hide_empty, post/event): lib/term-checks/lists.ts. */
import { listChecks } from '../../lib/term-checks/lists.ts';
import { TAGS } from '../../lib/terms.ts';

listChecks(TAGS);
