// organizers: list-filters checks. Declared once for venues and organizers in suites/_families/linked/list-filters.ts (data-driven twins).
import { ORGANIZERS } from '../../lib/spec/resources.ts';
import { listFilterChecks } from '../_families/linked/list-filters.ts';

listFilterChecks(ORGANIZERS);
