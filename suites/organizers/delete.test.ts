// organizers: delete checks. Declared once for venues and organizers in lib/linked/delete.ts (data-driven twins).
import { ORGANIZERS } from '../../lib/posts.ts';
import { deleteChecks } from '../../lib/linked/delete.ts';

deleteChecks(ORGANIZERS);
