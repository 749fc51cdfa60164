import { randomInt } from 'node:crypto';
import { luhnCheckDigit } from '../../../src/domain/issuing/card-data/pan';
import type { Client, Json } from '../../support/client';
import { advance } from '../../support/sandbox';
import { createHolder } from '../cardholders/fixtures';

/** The tree's product id for a BIN (the seeded catalogue of CI18). */
export async function productOf(c: Client, bin: string): Promise<string> {
  const res = await c.get('/v1/issuing/products', { page_size: 100, page_number: 1 });
  const p = (res.body.data as Json[]).find((x) => x.card_bin === bin);
  if (!p) throw new Error(`no product for BIN ${bin}: ${res.raw}`);
  return p.product_id as string;
}

/** A CI1 body for a fresh cardholder on the VISA 428852 product; `over` replaces or (undefined) drops fields. */
export async function cardBody(c: Client, over: Json = {}, bin = '428852'): Promise<Json> {
  const holder = await createHolder(c);
  const body: Json = { card_currency: 'USD', card_product_id: await productOf(c, bin), cardholder_id: holder.cardholder_id, ...over };
  for (const k of Object.keys(body)) if (body[k] === undefined) delete body[k];
  return body;
}

export async function createCard(c: Client, over: Json = {}, bin?: string): Promise<Json> {
  const res = await c.post('/v1/issuing/cards', await cardBody(c, over, bin));
  if (res.status !== 200) throw new Error(`card failed: ${res.status} ${res.raw}`);
  return res.body;
}

/** A Luhn-valid 16-digit number on `bin`: one of the sandbox's unassigned physical cards (CI11). */
export function plastic(bin = '491090'): string {
  const body = `${bin}${String(randomInt(0, 1e9)).padStart(9, '0')}`;
  return `${body}${luhnCheckDigit(body)}`;
}

/** An assigned (CI11, the plastic `cardNumber`), activated (CI10, with `pin`) physical card, ACTIVE once its order completed on the clock. */
export async function activePhysicalCard(c: Client, pin = '246810', cardNumber = plastic()): Promise<string> {
  const holder = await createHolder(c);
  const assigned = await c.post('/v1/issuing/cards/assign', { cardholder_id: holder.cardholder_id, card_number: cardNumber, card_currency: 'USD', card_mode: 'SINGLE' });
  if (assigned.status !== 200) throw new Error(`assign failed: ${assigned.status} ${assigned.raw}`);
  const cardId = assigned.body.card_id as string;
  const activated = await c.post('/v1/issuing/cards/activate', { card_id: cardId, activation_code: assigned.body.activation_code, pin });
  if (activated.status !== 200) throw new Error(`activate failed: ${activated.status} ${activated.raw}`);
  await advance(c, 3);
  return cardId;
}
