// organizers: create checks. Declared once for venues and organizers in suites/_families/linked/create.ts (data-driven twins).
import { ORGANIZERS } from '../../lib/spec/resources.ts';
import { createChecks } from '../_families/linked/create.ts';

createChecks(ORGANIZERS);
