// venues: list-paging checks. Declared once for venues and organizers in lib/linked/list-paging.ts (data-driven twins).
import { VENUES } from '../../lib/posts.ts';
import { listPagingChecks } from '../../lib/linked/list-paging.ts';

listPagingChecks(VENUES);
