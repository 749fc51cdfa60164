import { startTestApp, type TestApp } from '../support/app';
import type { Client } from '../support/client';
import { createHolder } from '../cardholders/fixtures';
import { plastic } from '../cards/fixtures';
import { activeCard, revealer } from './fixtures';

let t: TestApp;
let c: Client;

beforeAll(async () => {
  t = await startTestApp();
  c = await revealer(t, 'Cache control');
});
afterAll(() => t.close());

describe('answers that carry a secret are never stored by a cache', () => {
  it('sends Cache-Control: no-store with the card number and CVV (CI6), a PAN token (CI7) and an activation code (CI11)', async () => {
    const id = await activeCard(c);
    const secure = await c.get(`/v1/issuing/cards/${id}/secure`);
    const token = await c.post(`/v1/issuing/cards/${id}/token`, {});
    const holder = await createHolder(c);
    const assigned = await c.post('/v1/issuing/cards/assign', { cardholder_id: holder.cardholder_id, card_number: plastic(), card_currency: 'USD', card_mode: 'SINGLE' });
    for (const res of [secure, token, assigned]) expect([res.status, res.headers['cache-control']]).toEqual([200, 'no-store']);
    expect((await c.get(`/v1/issuing/cards/${id}`)).headers['cache-control']).toBeUndefined();
  });
});
