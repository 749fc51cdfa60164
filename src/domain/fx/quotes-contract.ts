import type { FxQuote } from '../../generated/prisma/client';
import type { Tx } from '../../db/tx';
import type { WriteSet } from '../writes/write-set';

/**
 * CONTRACT between the FX area (owner: implements it in src/domain/fx/quotes.ts and re-exports it
 * here) and payouts (caller). Reads the quote through `reader` and adds to `writes` the guarded
 * claim that marks it used by `use`, so two concurrent users of one quote cannot both win (`lock`:
 * `reader` is a transaction and the quote is read FOR UPDATE). Throws the FX area's DomainErrors:
 * quote not found (unknown, or another account's), expired (validUntil < now), already used.
 * Answers the quote as it will be once claimed.
 */
export type ClaimQuote = (
  reader: Tx,
  writes: WriteSet,
  args: { accountId: string; quoteId: string; now: Date; use: { type: 'CONVERSION' | 'PAYOUT'; id: string }; lock?: boolean },
) => Promise<FxQuote>;

export { claimQuote } from './quotes';
