// organizers: payloads checks. Declared once for venues and organizers in lib/linked/payloads.ts (data-driven twins).
import { ORGANIZERS } from '../../lib/posts.ts';
import { payloadChecks } from '../../lib/linked/payloads.ts';

payloadChecks(ORGANIZERS);
