import { randomUUID } from 'node:crypto';
import { call } from './fixtures';

/**
 * Card authorizations (issue 9) in the bench: BENCH_CARDS ACTIVE SHARE cards (VISA 428852, USD, no
 * card limit) of the bench account, made through payrail's API, and the account's issuing balance
 * funded through it too (a deposit, then transfer_in). Every authorization is 1.00 USD and approves.
 */
export const BENCH_CARDS = 50;
export const ISSUING_FUNDING_USD = '100000000';

export interface CardFixtures {
  cardIds: string[];
}

export async function makeCardFixtures(base: string, auth: Record<string, string>): Promise<CardFixtures> {
  const once = () => ({ ...auth, 'x-idempotency-key': randomUUID() });
  const products = await call(base, 'GET', '/api/v1/issuing/products?page_size=100&page_number=1', auth);
  const product = (products.data as { card_bin: string; product_id: string }[]).find((p) => p.card_bin === '428852')!;
  const holder = await call(base, 'POST', '/api/v1/issuing/cardholders', once(), {
    email: 'bench.holder@example.com', first_name: 'Bench', last_name: 'Holder', country_code: 'SG', phone_number: '+6581234567', date_of_birth: '1990-05-17',
  });
  const cardIds: string[] = [];
  for (let i = 0; i < BENCH_CARDS; i++) {
    const card = await call(base, 'POST', '/api/v1/issuing/cards', once(), { card_currency: 'USD', card_product_id: product.product_id, cardholder_id: holder.cardholder_id });
    cardIds.push(String(card.card_id));
  }
  // The orders complete on the bench tree's frozen clock: ACTIVE after 3 seconds.
  await call(base, 'POST', '/api/v1/simulation/clock/advance', auth, { seconds: 3 });
  // The issuing balance is funded as a user funds it: a deposit to the wallet, then transfer_in.
  await call(base, 'POST', '/api/v1/simulation/deposit', once(), { amount: Number(ISSUING_FUNDING_USD), currency: 'USD', sender_swift_code: 'DBSSSGSGXXX' });
  await call(base, 'POST', '/api/v1/issuing/balances/transfer_in', once(), { amount: Number(ISSUING_FUNDING_USD), currency: 'USD' });
  return { cardIds };
}

export const authorizationBody = (cardId: string) => ({
  card_id: cardId, transaction_amount: 1, transaction_currency: 'USD', merchant_name: 'Bench Merchant', merchant_category_code: '5814', transaction_status: 'APPROVED',
});

/** Round-robin over the cards: each request authorizes on the next card. */
export const nextCard = (cardIds: string[]) => {
  let i = 0;
  return () => cardIds[i++ % cardIds.length]!;
};

/** An authorization answered APPROVED (a decline is a 2xx too; the bench counts it as failed). */
export const approved = (body: string): boolean => body.includes('"transaction_status":"APPROVED"');
