// venues: has_events, event and only_with_upcoming over records with only past, only draft and mixed events. Declared once for venues and organizers in suites/_families/linked/list-filter-edges.ts.
import { VENUES } from '../../lib/spec/resources.ts';
import { listFilterEdgeChecks } from '../_families/linked/list-filter-edges.ts';

listFilterEdgeChecks(VENUES);
