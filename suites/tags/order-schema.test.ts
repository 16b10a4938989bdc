/** tags ordering (order x orderby) and schemas: lib/term-checks/order.ts. */
import { orderChecks } from '../../lib/term-checks/order.ts';
import { TAGS } from '../../lib/terms.ts';

orderChecks(TAGS);
