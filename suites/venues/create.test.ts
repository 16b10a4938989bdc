// venues: create checks. Declared once for venues and organizers in lib/linked/create.ts (data-driven twins).
import { VENUES } from '../../lib/posts.ts';
import { createChecks } from '../../lib/linked/create.ts';

createChecks(VENUES);
