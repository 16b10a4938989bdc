/** Creating categories: the shared term checks of suites/_families/terms/create.ts, declared for categories. */
import { createChecks } from '../_families/terms/create.ts';
import { CATEGORIES } from '../../lib/spec/resources.ts';

createChecks(CATEGORIES);
