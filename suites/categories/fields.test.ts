/** categories field values refused (an empty name, a parent that is no category): suites/_families/terms/fields.ts. */
import { termFieldChecks } from '../_families/terms/fields.ts';
import { CATEGORIES } from '../../lib/spec/resources.ts';

termFieldChecks(CATEGORIES);
