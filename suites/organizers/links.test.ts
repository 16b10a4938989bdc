// organizers: links checks. Declared once for venues and organizers in suites/_families/linked/links.ts (data-driven twins).
import { ORGANIZERS } from '../../lib/spec/resources.ts';
import { linksChecks } from '../_families/linked/links.ts';

linksChecks(ORGANIZERS);
