import type { FxQuote } from '../../../generated/prisma/client';
import type { ReadScope } from '../../../platform/db/reads';
import type { WriteSet } from '../../../platform/writes/write-set';

/**
 * CONTRACT between the FX area (owner: implements it in src/domain/wallet/fx/quotes.ts and re-exports it
 * here) and payouts (caller). Reads the quote (in `scope.tx` when the caller has a transaction open,
 * where it is read FOR UPDATE) and adds to `writes` the guarded claim that marks it used by `use`,
 * so two concurrent users of one quote cannot both win. Throws the FX area's DomainErrors:
 * quote not found (unknown, or another account's), expired (validUntil < now), already used.
 * Answers the quote as it will be once claimed.
 */
export type ClaimQuote = (
  scope: ReadScope,
  writes: WriteSet,
  args: { accountId: string; quoteId: string; now: Date; use: { type: 'CONVERSION' | 'PAYOUT'; id: string } },
) => Promise<FxQuote>;

export { claimQuote } from './quotes';
