// venues: list-filters checks. Declared once for venues and organizers in suites/_families/linked/list-filters.ts (data-driven twins).
import { VENUES } from '../../lib/spec/resources.ts';
import { listFilterChecks } from '../_families/linked/list-filters.ts';

listFilterChecks(VENUES);
