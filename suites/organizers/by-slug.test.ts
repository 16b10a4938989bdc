// organizers: by-slug checks. Declared once for venues and organizers in suites/_families/linked/by-slug.ts (data-driven twins).
import { ORGANIZERS } from '../../lib/spec/resources.ts';
import { bySlugChecks } from '../_families/linked/by-slug.ts';

bySlugChecks(ORGANIZERS);
