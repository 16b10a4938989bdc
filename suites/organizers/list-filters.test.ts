// organizers: list-filters checks. Declared once for venues and organizers in lib/linked/list-filters.ts (data-driven twins).
import { ORGANIZERS } from '../../lib/posts.ts';
import { listFilterChecks } from '../../lib/linked/list-filters.ts';

listFilterChecks(ORGANIZERS);
