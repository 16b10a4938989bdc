/** categories ordering (order x orderby) and schemas: suites/_families/terms/order.ts. */
import { orderChecks } from '../_families/terms/order.ts';
import { CATEGORIES } from '../../lib/spec/resources.ts';

orderChecks(CATEGORIES);
