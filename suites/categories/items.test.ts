/** categories item routes (read, update, delete, unknown IDs, anonymous writes): lib/term-checks/items.ts. */
import { itemChecks } from '../../lib/term-checks/items.ts';
import { CATEGORIES } from '../../lib/terms.ts';

itemChecks(CATEGORIES);
