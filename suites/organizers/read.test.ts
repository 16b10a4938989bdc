// organizers: read checks. Declared once for venues and organizers in suites/_families/linked/read.ts (data-driven twins).
import { ORGANIZERS } from '../../lib/spec/resources.ts';
import { readChecks } from '../_families/linked/read.ts';

readChecks(ORGANIZERS);
