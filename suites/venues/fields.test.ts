// Entry point: field x operation coverage of venues (suites/_families/linked/fields.ts).
import { VENUES } from '../../lib/spec/resources.ts';
import { linkedFieldChecks } from '../_families/linked/fields.ts';

linkedFieldChecks(VENUES);
