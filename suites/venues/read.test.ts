// venues: read checks. Declared once for venues and organizers in lib/linked/read.ts (data-driven twins).
import { VENUES } from '../../lib/posts.ts';
import { readChecks } from '../../lib/linked/read.ts';

readChecks(VENUES);
