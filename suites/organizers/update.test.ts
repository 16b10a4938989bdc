// organizers: update checks. Declared once for venues and organizers in suites/_families/linked/update.ts (data-driven twins).
import { ORGANIZERS } from '../../lib/resources.ts';
import { updateChecks } from '../_families/linked/update.ts';

updateChecks(ORGANIZERS);
