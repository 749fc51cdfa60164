import { newId } from '../../src/platform/ids/ids';
import { postJournalEntry } from '../../src/platform/ledger/posting';
import { money } from '../../src/platform/money/amount';
import type { AppServices } from '../../src/services';

/**
 * Puts money in an account's payment balance for tests that need one before captures and
 * settlements exist, with real balanced postings as those will post them: a capture-like entry
 * (CARD_CLEARING -amount, PAYMENT_PENDING +amount) and, unless `pending`, a settlement-like one
 * (PAYMENT_PENDING -amount, PAYMENT_AVAILABLE +amount), so the ledger check stays clean. Real
 * captures and settlements replace it where a test needs them.
 */
export async function fundPaymentBalance(
  services: AppServices,
  accountId: string,
  currency: string,
  amount: string,
  opts: { pending?: boolean } = {},
): Promise<void> {
  const value = money(amount);
  const at = services.clock.now();
  const line = (purpose: 'CARD_CLEARING' | 'PAYMENT_PENDING' | 'PAYMENT_AVAILABLE', signed: typeof value) => ({ accountId, currency, purpose, amount: signed });
  await services.db.prisma.$transaction(async (tx) => {
    const paymentIntentId = newId();
    await postJournalEntry(tx, {
      accountId,
      kind: 'PAYMENT_CAPTURE',
      referenceType: 'PAYMENT_INTENT',
      referenceId: paymentIntentId,
      at,
      lines: [line('CARD_CLEARING', value.neg()), line('PAYMENT_PENDING', value)],
    });
    if (opts.pending) return;
    await postJournalEntry(tx, {
      accountId,
      kind: 'SETTLEMENT',
      referenceType: 'SETTLEMENT',
      referenceId: newId(),
      at,
      lines: [line('PAYMENT_PENDING', value.neg()), line('PAYMENT_AVAILABLE', value)],
    });
  });
}
