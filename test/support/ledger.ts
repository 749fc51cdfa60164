import { money } from '../../src/platform/money/amount';
import { postJournalEntry } from '../../src/platform/ledger/posting';
import { newId } from '../../src/platform/ids/ids';
import type { AppServices } from '../../src/services';

/**
 * Funds an account's wallet in tests with a real balanced posting (WALLET +amount, BANK_CLEARING
 * -amount), exactly as a completed deposit posts it, without going through the deposits area.
 */
export async function fundWallet(services: AppServices, accountId: string, currency: string, amount: string): Promise<void> {
  await services.db.prisma.$transaction((tx) =>
    postJournalEntry(tx, {
      accountId,
      kind: 'DEPOSIT',
      referenceType: 'DEPOSIT',
      referenceId: newId(),
      at: services.clock.now(),
      lines: [
        { accountId, currency, purpose: 'WALLET', amount: money(amount) },
        { accountId, currency, purpose: 'BANK_CLEARING', amount: money(amount).neg() },
      ],
    }),
  );
}

/** The wallet balance as a decimal string ("0" when the wallet does not exist yet). */
export async function walletBalance(services: AppServices, accountId: string, currency: string): Promise<string> {
  const row = await services.db.prisma.ledgerAccount.findUnique({
    where: { accountId_currency_purpose: { accountId, currency, purpose: 'WALLET' } },
  });
  return row ? money(row.balance).toFixed() : '0';
}

/** A ledger account's balance as a decimal string ("0" when it does not exist yet). */
export async function ledgerBalance(services: AppServices, accountId: string, currency: string, purpose: string): Promise<string> {
  const row = await services.db.prisma.ledgerAccount.findUnique({ where: { accountId_currency_purpose: { accountId, currency, purpose } } });
  return row ? money(row.balance).toFixed() : '0';
}

/** WALLET, PAYOUT_IN_FLIGHT, FEES, BANK_CLEARING and FX_CLEARING of one currency, in that order. */
export const balancesOf = (services: AppServices, accountId: string, currency: string) =>
  Promise.all(['WALLET', 'PAYOUT_IN_FLIGHT', 'FEES', 'BANK_CLEARING', 'FX_CLEARING'].map((p) => ledgerBalance(services, accountId, currency, p)));
