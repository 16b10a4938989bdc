/** organizers: the generic resource family (suites/_families/generic/), declared once for all five resources. */
import { resource } from '../../lib/resources.ts';
import { missingChecks } from '../_families/generic/missing.ts';

missingChecks(resource('organizers'));
