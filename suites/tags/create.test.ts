/** Creating tags: the shared term checks of lib/term-checks/create.ts, declared for tags. */
import { createChecks } from '../../lib/term-checks/create.ts';
import { TAGS } from '../../lib/terms.ts';

createChecks(TAGS);
