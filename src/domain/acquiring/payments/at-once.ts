import { prepareSettlementAtOnce, type SettlementAtOnce } from '../settlements/contract';
import { settlesAtOnce } from './cards/test-cards';

type Reader = Parameters<typeof prepareSettlementAtOnce>[0];

/**
 * Whether a capture about to be made settles in its own commit, and what that settlement rests on:
 * the sandbox test card whose money is available at once (cards/test-cards.ts), on a sandbox
 * account only. A production account's capture of the same number waits for the daily cut.
 */
export async function settlementAtOnceFor(
  reader: Reader,
  c: { accountId: string; isSandbox: boolean; card: unknown; currency: string; now: Date },
): Promise<SettlementAtOnce | undefined> {
  if (!c.isSandbox || !settlesAtOnce(c.card as { bin?: unknown; last4?: unknown } | null)) return undefined;
  return prepareSettlementAtOnce(reader, { accountId: c.accountId, currency: c.currency, now: c.now });
}
