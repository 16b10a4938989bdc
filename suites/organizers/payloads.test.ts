// organizers: payloads checks. Declared once for venues and organizers in suites/_families/linked/payloads.ts (data-driven twins).
import { ORGANIZERS } from '../../lib/spec/resources.ts';
import { payloadChecks } from '../_families/linked/payloads.ts';

payloadChecks(ORGANIZERS);
