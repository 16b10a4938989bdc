// venues: by-slug checks. Declared once for venues and organizers in suites/_families/linked/by-slug.ts (data-driven twins).
import { VENUES, resource } from '../../lib/spec/resources.ts';
import { bySlugChecks } from '../_families/linked/by-slug.ts';
import { bySlugFieldsCheck } from '../_families/generic/by-slug-fields.ts';

bySlugChecks(VENUES);
bySlugFieldsCheck(resource('venues'), { extended: true });
