// organizers: by-slug edges (empty slug, another kind's slug, a draft, the same full record). Declared once for venues and organizers in suites/_families/linked/by-slug-edges.ts.
import { ORGANIZERS } from '../../lib/spec/resources.ts';
import { bySlugEdgeChecks } from '../_families/linked/by-slug-edges.ts';

bySlugEdgeChecks(ORGANIZERS);
