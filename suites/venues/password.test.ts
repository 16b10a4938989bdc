// venues: a venue with a post password (fixture). Declared once for venues and organizers in suites/_families/linked/password.ts.
import { VENUES } from '../../lib/spec/resources.ts';
import { passwordChecks } from '../_families/linked/password.ts';

passwordChecks(VENUES);
