/** Creating categories: the shared term checks of lib/term-checks/create.ts, declared for categories. */
import { createChecks } from '../../lib/term-checks/create.ts';
import { CATEGORIES } from '../../lib/terms.ts';

createChecks(CATEGORIES);
