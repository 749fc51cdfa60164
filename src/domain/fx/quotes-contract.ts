import type { FxQuote } from '../../generated/prisma/client';
import type { Tx } from '../../db/tx';

/**
 * CONTRACT between the FX area (owner: implements it in src/domain/fx/quotes.ts and re-exports it
 * here) and payouts (caller). Marks the quote used by `use`, in the caller's transaction, with a
 * row lock (SELECT … FOR UPDATE) so two concurrent users of one quote cannot both win. Throws the FX
 * area's DomainErrors: quote not found (unknown, or another account's), expired (validUntil < now),
 * already used.
 */
export type ClaimQuote = (
  tx: Tx,
  args: { accountId: string; quoteId: string; now: Date; use: { type: 'CONVERSION' | 'PAYOUT'; id: string } },
) => Promise<FxQuote>;

export { claimQuote } from './quotes';
