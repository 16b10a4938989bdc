/** tags list parameter edges (invalid values, event over post, no match, totals, order edges): suites/_families/terms/list-edges.ts. */
import { listEdgeChecks } from '../_families/terms/list-edges.ts';
import { TAGS } from '../../lib/spec/resources.ts';

listEdgeChecks(TAGS);
