/**
 * The outcome of a check, decided once, in the worker, by a pure function: what the check body
 * threw (or that it threw nothing), the exchanges it made and its level give the status, the
 * message, the exchange that explains it and, when the trouble was transport (no HTTP answer),
 * its kind. The runner and certify read these as data; nobody re-derives them from text.
 */
import { parseJson, TRANSIENT_STATUSES, TransportError } from '../run/client.ts';
import type { Exchange, Level, Status, TransportKind, UnjudgedCause } from '../types.ts';
import { RunStopped } from '../run/limiter.ts';

/** Thrown to mark a check not applicable. */
export class NotApplicable extends Error {
  override name = 'NotApplicable';
}
/** Setup through another route failed: the check could not test its behaviour. */
export class Blocked extends Error {
  override name = 'Blocked';
  constructor(
    message: string,
    readonly exchange?: Exchange,
  ) {
    super(message);
  }
}
/** The behaviour under test is wrong. */
export class CheckFailure extends Error {
  override name = 'CheckFailure';
  constructor(
    message: string,
    readonly exchange?: Exchange,
    /** The exchanges that show the failure when not all of the check's do (a property's failing run). */
    readonly exchanges?: readonly Exchange[],
  ) {
    super(message);
  }
}

/**
 * The suite could not judge the behaviour (transient trouble, the run stopped): the check is
 * `error`, never `pass`.
 */
export class CouldNotJudge extends Error {
  override name = 'CouldNotJudge';
  constructor(
    message: string,
    readonly unjudged: UnjudgedCause,
  ) {
    super(message);
  }
}

type CheckStatus = 'pass' | 'fail' | 'warn' | 'n/a' | 'blocked' | 'error';

interface Outcome {
  status: CheckStatus & Status;
  message?: string;
  /** The exchange that explains a status other than pass / n/a. */
  exchange?: Exchange;
  /** The exchanges that show the failure, when not all of the check's (a property's failing run). */
  exchanges?: readonly Exchange[];
  /** The kind of transport trouble (no HTTP answer) behind the status, if that was the cause. */
  transport?: TransportKind;
  /** With status `error`: the suite could not judge (transient trouble, the run's deadline), it did not break. */
  unjudged?: UnjudgedCause;
}

/** An answer that says "try again later" rather than anything about conformance: 502/503/504, or a reset. */
function transientTrouble(e: Exchange): string | null {
  if (e.status !== undefined && TRANSIENT_STATUSES.includes(e.status))
    return `${e.method} ${e.url} answered ${e.status}${e.retries ? ` (also after ${e.retries} retry)` : ''}`;
  if (e.error && e.transport === 'reset') return `${e.method} ${e.url} got no answer: ${e.error}`;
  return null;
}

/** Why the answer of an exchange cannot be used as JSON (transport error, 5xx, a body that is not JSON), or null. */
function unusableAnswer(e: Exchange | undefined): string | null {
  if (!e) return null;
  if (e.error) return `${e.method} ${e.url} got no answer: ${e.error}`;
  const body = e.responseExcerpt ?? '';
  if (e.status !== undefined && e.status >= 500) return `${e.method} ${e.url} answered ${e.status}`;
  // The excerpt is cut at 2000 characters: only a shorter one proves the body is not JSON.
  if (body.length < 2000) {
    const parsed = parseJson(body);
    if (parsed.error)
      return `${e.method} ${e.url} answered ${e.status} with a body that is not usable JSON (${parsed.error}; content-type ${e.responseHeaders?.['content-type'] ?? '(none)'})`;
  }
  return null;
}

/**
 * Classify a finished check. `thrown` is null when the body returned normally, else
 * `{ error }` with what it threw. Pure.
 */
export function classifyOutcome(
  thrown: { error: unknown } | null,
  exchanges: readonly Exchange[],
  level: Level,
  /**
   * Judgements the check made on the answers to its own requests (CheckContext.assertions: setup
   * reads and the readers' bookkeeping are not counted); undefined: not counted.
   */
  judgements?: number,
): Outcome {
  // A pass needs evidence: a body that returned without judging anything (an empty loop, a
  // comparison it skipped, only setup reads) has shown nothing; when the data rule the behaviour
  // out the check says so with t.na(reason).
  if (!thrown && judgements === 0)
    return {
      status: 'error',
      message:
        "the suite could not judge: the check ended without a judgement (no assertion on an answer to a request of its own; setup reads and the list/record readers' bookkeeping are no evidence). A pass needs evidence; a check whose data rule the behaviour out must say n/a with a reason",
      unjudged: 'no-evidence',
    };
  if (!thrown) return { status: 'pass' };
  const e = thrown.error;
  if (e instanceof NotApplicable) return { status: 'n/a', message: e.message };
  if (e instanceof CouldNotJudge) return { status: 'error', message: e.message, unjudged: e.unjudged };
  if (e instanceof RunStopped)
    return {
      status: 'error',
      message: 'the suite could not judge: the run was interrupted before the check ended',
      unjudged: 'interrupted',
    };
  const err = e as (Error & { exchange?: Exchange; exchanges?: readonly Exchange[] }) | undefined;
  const failed = level === 'should' ? 'warn' : 'fail';
  let status: Outcome['status'] =
    e instanceof Blocked
      ? 'blocked'
      : e instanceof CheckFailure || e instanceof TransportError || err?.name === 'AssertionError'
        ? failed
        : 'error';
  let message = status === 'error' ? `the check itself broke: ${err?.stack ?? String(e)}` : err?.message;
  // A check that trips over an unusable answer (not JSON, cut short, no answer) is failed by
  // the server, not broken: a hostile target must never look like a crash of the suite.
  const unusable = status === 'error' ? unusableAnswer(exchanges.at(-1)) : null;
  if (unusable) {
    status = failed;
    message = `${unusable}; the check could not go on (${err?.name ?? 'Error'}: ${err?.message ?? String(e)})`;
  }
  // Transient trouble is not non-conformance: a check that met a 502/503/504 or a reset (after
  // the client's one retry of a read, or on a write) and did not pass could not be judged.
  for (const x of exchanges) {
    const transient = transientTrouble(x);
    if (transient)
      return {
        status: 'error',
        message: `the suite could not judge: transient trouble, ${transient}; the check then ended with: ${err?.message ?? String(e)}`,
        exchange: x,
        unjudged: 'transient',
        ...(x.error && x.transport ? { transport: x.transport } : {}),
      };
  }
  const exchange = err?.exchange ?? exchanges.at(-1);
  const transport = e instanceof TransportError ? e.kind : exchange?.error ? exchange.transport : undefined;
  return {
    status,
    ...(message !== undefined ? { message } : {}),
    ...(exchange ? { exchange } : {}),
    ...(err?.exchanges?.length ? { exchanges: err.exchanges } : {}),
    ...(transport ? { transport } : {}),
  };
}

/** A record a check set aside (results.json `checks[].setAside`). */
export interface SetAside {
  plural: string;
  id: number;
  /** The judge's rule that set it aside. */
  rule: string;
  why: string;
  /** Whether it counts against the run's bound (a motion or a child; a refusal proven by a property does not). */
  counts: boolean;
}

/** What a property's predicate returns: false fails the value; nothing (or true) passes it, as in fast-check. */
// biome-ignore lint/suspicious/noConfusingVoidType: fast-check's own predicate type; a predicate that asserts returns nothing
export type PropertyOutcome = boolean | void;
