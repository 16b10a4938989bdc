// venues: update checks. Declared once for venues and organizers in lib/linked/update.ts (data-driven twins).
import { VENUES } from '../../lib/posts.ts';
import { updateChecks } from '../../lib/linked/update.ts';

updateChecks(VENUES);
