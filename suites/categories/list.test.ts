/** categories list parameters (paging, search, include, exclude, slug, hide_empty, post/event): lib/term-checks/lists.ts. */
import { listChecks } from '../../lib/term-checks/lists.ts';
import { CATEGORIES } from '../../lib/terms.ts';

listChecks(CATEGORIES);
