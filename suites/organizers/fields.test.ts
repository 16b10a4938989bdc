// Entry point: field x operation coverage of organizers (suites/_families/linked/fields.ts).
import { ORGANIZERS } from '../../lib/spec/resources.ts';
import { linkedFieldChecks } from '../_families/linked/fields.ts';

linkedFieldChecks(ORGANIZERS);
