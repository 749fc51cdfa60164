import { addJournalEntry } from '../../src/domain/ledger/posting';
import { newId } from '../../src/domain/ids/ids';
import { money } from '../../src/domain/money/amount';
import { applyInTransaction } from '../../src/domain/writes/apply';
import { WriteSet } from '../../src/domain/writes/write-set';
import type { TestApp } from '../support/app';
import type { Client, Json } from '../support/client';
import { ledgerBalance } from '../support/ledger';
import { advance } from '../support/sandbox';
import { createCard } from '../cards/fixtures';

/**
 * Credits an account's issuing balance (ISSUING_AVAILABLE) from BANK_CLEARING with a real balanced
 * posting. The one place tests fund cards until the issuing-balance endpoints land; swap it then.
 */
export async function fundIssuing(t: TestApp, accountId: string, currency: string, amount: string): Promise<void> {
  const writes = new WriteSet();
  addJournalEntry(writes, {
    accountId,
    kind: 'ISSUING_TRANSFER',
    referenceType: 'ISSUING_TRANSFER',
    referenceId: newId(),
    at: t.services.clock.now(),
    lines: [
      { accountId, currency, purpose: 'ISSUING_AVAILABLE', amount: money(amount) },
      { accountId, currency, purpose: 'BANK_CLEARING', amount: money(amount).neg() },
    ],
  });
  await t.db.prisma.$transaction((tx) => applyInTransaction(tx, writes));
}

/** An ACTIVE SHARE card (VISA 428852, USD unless `over` says otherwise) whose account's issuing balance holds `issuing`. */
export async function activeCard(t: TestApp, c: Client, issuing: string, over: Json = {}, bin?: string): Promise<{ cardId: string; accountId: string }> {
  const { card_id } = await createCard(c, over, bin);
  await advance(c, 3);
  const row = (await t.db.prisma.card.findUnique({ where: { id: card_id as string } }))!;
  if (row.status !== 'ACTIVE') throw new Error(`card not active: ${row.status}`);
  if (money(issuing).gt(0)) await fundIssuing(t, row.accountId, row.cardCurrency, issuing);
  return { cardId: row.id, accountId: row.accountId };
}

/** An SI2 body for the card; `over` replaces fields. */
export const authBody = (cardId: string, over: Json = {}): Json => ({
  card_id: cardId,
  transaction_amount: 10,
  transaction_currency: 'USD',
  merchant_name: 'Coffee Corner',
  merchant_category_code: '5814',
  transaction_status: 'APPROVED',
  ...over,
});

export async function authorize(c: Client, cardId: string, over: Json = {}): Promise<Json> {
  const res = await c.post('/v1/simulation/issuing/authorization', authBody(cardId, over));
  if (res.status !== 200) throw new Error(`authorization failed: ${res.status} ${res.raw}`);
  return res.body;
}

/** ISSUING_AVAILABLE, ISSUING_AUTH_HOLD, ISSUING_CLEARING of one currency, in that order, as decimal strings. */
export const issuingBalances = (t: TestApp, accountId: string, currency = 'USD') =>
  Promise.all(['ISSUING_AVAILABLE', 'ISSUING_AUTH_HOLD', 'ISSUING_CLEARING'].map((p) => ledgerBalance(t.services, accountId, currency, p)));
