import { decodeJwt } from 'jose';
import { money } from '../../../src/platform/money/amount';
import type { TestApp } from '../../support/app';
import type { Client, Json } from '../../support/client';
import { fundWallet, ledgerBalance } from '../../support/ledger';
import { advance } from '../../support/sandbox';
import { createCard } from '../cards/fixtures';

/**
 * Puts `amount` on the acting account's issuing balance the way a user does: a wallet deposit, then
 * the funding extension (`POST /v1/issuing/balances/transfer_in`).
 */
export async function fundIssuing(t: TestApp, c: Client, accountId: string, currency: string, amount: string): Promise<void> {
  await fundWallet(t.services, accountId, currency, amount);
  const res = await c.post('/v1/issuing/balances/transfer_in', { currency, amount: Number(amount) });
  if (res.status !== 200) throw new Error(`transfer_in failed: ${res.status} ${res.raw}`);
}

/**
 * An ACTIVE card (a SHARE VISA 428852 in USD unless `bin` and `over` say otherwise) whose account's
 * issuing balance was given `issuing` before the card was made (a SINGLE card's card_limit comes from it).
 */
export async function activeCard(t: TestApp, c: Client, issuing: string, over: Json = {}, bin?: string): Promise<{ cardId: string; accountId: string }> {
  const accountId = c.opts.onBehalfOf ?? decodeJwt(c.token!).entity_id as string;
  const currency = typeof over.card_currency === 'string' ? over.card_currency : 'USD';
  if (money(issuing).gt(0)) await fundIssuing(t, c, accountId, currency, issuing);
  const { card_id } = await createCard(c, over, bin);
  await advance(c, 3);
  const row = (await t.db.prisma.card.findUnique({ where: { id: card_id as string } }))!;
  if (row.status !== 'ACTIVE') throw new Error(`card not active: ${row.status}`);
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
