// organizers: auth checks. Declared once for venues and organizers in lib/linked/auth.ts (data-driven twins).
import { ORGANIZERS } from '../../lib/posts.ts';
import { authChecks } from '../../lib/linked/auth.ts';

authChecks(ORGANIZERS);
