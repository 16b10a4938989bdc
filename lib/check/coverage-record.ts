/**
 * A check's record for the coverage map (lib/coverage): per exchange the interface elements its
 * request sent and its answer carried; the exchanges an assertion judged; setup exchanges (never
 * evidence); the first exchange no assertion has judged yet (an assertion naming no answer judges
 * those since); what a shared setup sent for the check. One object per check, shared by its setup view.
 */
import type { ExchangeDetail } from '../run/client.ts';
import { answerElements, sentElements } from '../coverage/traffic.ts';
import type { ApiResponse, Exchange } from '../types.ts';

export class CoverageRecord {
  private readonly traffic = new Map<Exchange, string[]>();
  private readonly judgedExchanges = new Set<Exchange>();
  private readonly setupExchanges = new Set<Exchange>();
  private from = 0;
  private readonly setupSent = new Set<string>();

  constructor(private readonly namespace: string) {}

  /** Notes what one exchange sent and what its answer carried. */
  note(e: Exchange, detail?: ExchangeDetail): void {
    const ids = sentElements({
      method: e.method,
      url: e.url,
      body: detail?.body,
      contentType: e.requestHeaders['content-type'],
      namespace: this.namespace,
    });
    if (e.status !== undefined) for (const id of answerElements(e.url, this.namespace, detail?.json)) ids.push(id);
    this.traffic.set(e, ids);
  }

  /** An exchange of setup: never judged. */
  setup(e: Exchange): void {
    this.setupExchanges.add(e);
  }

  /**
   * Notes what an assertion judged: the answer it names and every answer since the previous
   * assertion (a create judged by its read-back) but setup creations. The setup view's
   * assertions are no evidence: what they read is setup.
   */
  judged(res: ApiResponse | undefined, exchanges: readonly Exchange[], inSetup: boolean): void {
    if (inSetup) {
      if (res?.exchange) this.setupExchanges.add(res.exchange);
      return;
    }
    if (res?.exchange) this.judgedExchanges.add(res.exchange);
    for (const e of exchanges.slice(this.from)) if (!this.setupExchanges.has(e)) this.judgedExchanges.add(e);
    this.from = exchanges.length;
  }

  /** Elements a shared setup (lib/check/shared.ts) sent for this check's records: sent, never judged by it. */
  addSetupTraffic(ids: readonly string[]): void {
    for (const id of ids) this.setupSent.add(id);
  }

  /** The elements this check's requests sent (and its answers carried), and those an assertion judged. */
  result(): { sent: string[]; judged: string[] } {
    const sent = new Set<string>(this.setupSent);
    const judged = new Set<string>();
    for (const [e, ids] of this.traffic) {
      const isJudged = this.judgedExchanges.has(e);
      for (const id of ids) {
        sent.add(id);
        if (isJudged) judged.add(id);
      }
    }
    return { sent: [...sent], judged: [...judged] };
  }
}
