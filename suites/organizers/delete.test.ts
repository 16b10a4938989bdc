// organizers: delete checks. Declared once for venues and organizers in suites/_families/linked/delete.ts (data-driven twins).
import { ORGANIZERS } from '../../lib/resources.ts';
import { deleteChecks } from '../_families/linked/delete.ts';

deleteChecks(ORGANIZERS);
