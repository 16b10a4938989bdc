// organizers: list-paging checks. Declared once for venues and organizers in suites/_families/linked/list-paging.ts (data-driven twins).
import { ORGANIZERS } from '../../lib/spec/resources.ts';
import { listPagingChecks } from '../_families/linked/list-paging.ts';

listPagingChecks(ORGANIZERS);
