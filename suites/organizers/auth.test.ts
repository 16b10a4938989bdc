// organizers: auth checks. Declared once for venues and organizers in suites/_families/linked/auth.ts (data-driven twins).
import { ORGANIZERS } from '../../lib/resources.ts';
import { authChecks } from '../_families/linked/auth.ts';

authChecks(ORGANIZERS);
