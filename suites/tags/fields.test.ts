/** tags field values refused (an empty name): suites/_families/terms/fields.ts. */
import { termFieldChecks } from '../_families/terms/fields.ts';
import { TAGS } from '../../lib/spec/resources.ts';

termFieldChecks(TAGS);
