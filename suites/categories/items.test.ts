/** categories item routes (read, update, delete, unknown IDs, anonymous writes): suites/_families/terms/items.ts. */
import { itemChecks } from '../_families/terms/items.ts';
import { CATEGORIES } from '../../lib/spec/resources.ts';

itemChecks(CATEGORIES);
