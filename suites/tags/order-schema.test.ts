/** tags ordering (order x orderby) and schemas: suites/_families/terms/order.ts. */
import { orderChecks } from '../_families/terms/order.ts';
import { TAGS } from '../../lib/spec/resources.ts';

orderChecks(TAGS);
