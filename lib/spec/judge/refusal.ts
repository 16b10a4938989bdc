/**
 * A refusal (401/403) of a record its caller was shown in a list (rule `refusal`:
 * lib/spec/judge/rules.ts). The spec allows one: a password-protected event (Event item routes:
 * optional password; 6.8.0 answers 403 `event-password-protected`, to the administrator too, and
 * lists the event, measured 2026-11-28). It is excused only by a property the suite read itself:
 * the fixtures file names the event as the password-protected one, or, with credentials, the
 * record as the suite read it shows a password. Never by the refusal's own text (a server that
 * answers every read with a "password" error would be excused on its word). A listed record refused
 * to the caller who saw it listed fails, except an event nothing the suite read tells apart from a
 * password-protected one: the original's event records show no password, to the administrator
 * either (6.8.0 at :8883, 2026-11-28: the list copy of its fixture password event, read as admin,
 * has no `password` field), so "its record shows none" proves nothing. Nor does the authenticated
 * caller's read by ID: 6.8.0 refuses a protected event to the administrator too, the spec's reading
 * (the reference) serves it to an administrator. Such an event is unjudged
 * (`error`, the run incomplete, never a pass nor a fail): the fixtures file's `passwordEvent` and
 * `protectedEvents` (CONTRACT.md: records the interface cannot create) make it judgeable. Pure.
 */
import type { ApiRecord } from '../contract.ts';

/** The fixtures file's password-protected events, as the two functions below read them (absent: none). */
type PasswordDeclarations =
  | { passwordEvent?: { id: number }; protectedEvents?: readonly { id: number; password?: string }[] }
  | null
  | undefined;

/**
 * The events the fixtures file names password-protected: `passwordEvent` and `protectedEvents` (a
 * site may hold several: measured on the populated 6.8.0, 2026-11-29, a second password event,
 * not the fixtures', refused a visitor by ID and made observe.events-read.by-id-agrees unjudged).
 * A vendor's declaration, so bounded and verified (rules `declared-bound`, `declared-opens`):
 * each of `protectedEvents` counts as a set-aside (declaredSetAsides), and
 * observe.events-read.protected-declared reads each with its password.
 */
export function passwordFixtures(fx: PasswordDeclarations): number[] {
  return [...(fx?.passwordEvent ? [fx.passwordEvent.id] : []), ...(fx?.protectedEvents ?? []).map((e) => e.id)];
}

/**
 * The set-asides the fixtures file declares (rule `declared-bound`): every event of
 * `protectedEvents`, whether or not a check met it, is out of the samples on the vendor's word and
 * counts toward the run's bound. `passwordEvent` does not, also when `protectedEvents` names it
 * again (the reference's seeded file does): one record, the contract's fixture, whose password
 * events.read.password proves.
 */
export function declaredSetAsides(fx: PasswordDeclarations): { plural: 'events'; id: number }[] {
  const ids = new Set((fx?.protectedEvents ?? []).map((e) => e.id));
  if (fx?.passwordEvent) ids.delete(fx.passwordEvent.id);
  return [...ids].map((id) => ({ plural: 'events', id }));
}

/**
 * Rule `declared-opens`: a read by ID of a declared protected event with its declared password
 * (`status`, `id` as answered) either serves it (the declaration borne out by what the suite read)
 * or the declaration is false: the event it excused is refused or served as another record. Pure.
 */
export function declaredOpened(id: number, status: number, answeredId: unknown): { opened: boolean; why: string } {
  if (status >= 200 && status < 300 && answeredId === id)
    return { opened: true, why: `served with its declared password` };
  return {
    opened: false,
    why:
      status >= 200 && status < 300
        ? `read with its declared password it answered id ${JSON.stringify(answeredId)}`
        : `read with its declared password it answered ${status}: the fixtures file's declaration (protectedEvents) is not borne out, and the refusals it excuses stand unexcused`,
  };
}

/** Whether a record as read shows a password (`password` or `post_password`, a non-empty string). */
function showsPassword(r: ApiRecord | undefined): boolean {
  return ['password', 'post_password'].some((k) => typeof r?.[k] === 'string' && (r[k] as string) !== '');
}

export function refusalExcused(o: {
  plural: string;
  id: number;
  /** The record as the suite read it with credentials (the snapshot's authenticated copy), if any. */
  authenticatedCopy?: ApiRecord;
  /** The events the fixtures file names password-protected (passwordFixtures()). */
  passwordFixtures?: readonly number[];
}): { excused: boolean; unjudged?: true; why: string } {
  if (o.plural !== 'events')
    return { excused: false, why: `no ${o.plural} record may be refused to whom it is listed` };
  if (o.passwordFixtures?.includes(o.id))
    return { excused: true, why: 'the fixtures file names it password-protected' };
  if (showsPassword(o.authenticatedCopy))
    return { excused: true, why: 'password-protected: its record, read with credentials, shows a password' };
  return {
    excused: false,
    unjudged: true,
    why: `the spec lets a password-protected event be refused, and nothing the suite read says whether this one is (${o.authenticatedCopy ? "its record, read with credentials, shows no password, as the original's never does, and" : 'no credentials, and'} no fixture names it; the refusal's own text is no evidence): name the site's password-protected events in the fixtures file (passwordEvent, protectedEvents) to judge it`,
  };
}
