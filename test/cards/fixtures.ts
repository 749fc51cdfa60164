import type { Client, Json } from '../support/client';
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
