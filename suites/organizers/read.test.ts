// organizers: read checks. Declared once for venues and organizers in lib/linked/read.ts (data-driven twins).
import { ORGANIZERS } from '../../lib/posts.ts';
import { readChecks } from '../../lib/linked/read.ts';

readChecks(ORGANIZERS);
