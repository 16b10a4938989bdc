// organizers: a organizer with a post password (fixture). Declared once for venues and organizers in suites/_families/linked/password.ts.
import { ORGANIZERS } from '../../lib/spec/resources.ts';
import { passwordChecks } from '../_families/linked/password.ts';

passwordChecks(ORGANIZERS);
