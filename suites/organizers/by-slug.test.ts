// organizers: by-slug checks. Declared once for venues and organizers in lib/linked/by-slug.ts (data-driven twins).
import { ORGANIZERS } from '../../lib/posts.ts';
import { bySlugChecks } from '../../lib/linked/by-slug.ts';

bySlugChecks(ORGANIZERS);
