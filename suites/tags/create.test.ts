/** Creating tags: the shared term checks of suites/_families/terms/create.ts, declared for tags. */
import { createChecks } from '../_families/terms/create.ts';
import { TAGS } from '../../lib/spec/resources.ts';

createChecks(TAGS);
