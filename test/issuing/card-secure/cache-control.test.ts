import { print } from 'graphql';
import { startTestApp, type TestApp } from '../../support/app';
import { CardSecureDetailsDocument, CreateCardPanTokenDocument } from '../../support/graphql.generated';
import type { Client } from '../../support/client';
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

  it('sends it on GraphQL too, for the card details and the PAN token, and not on other operations', async () => {
    const id = await activeCard(c);
    const send = (query: string, variables: Record<string, unknown>) =>
      t.inject({ method: 'POST', url: '/graphql', payload: { query, variables }, headers: { 'x-auth-token': `Bearer ${c.token}` } });
    const secure = await send(print(CardSecureDetailsDocument), { cardId: id });
    const token = await send(print(CreateCardPanTokenDocument), { input: { cardId: id } });
    for (const res of [secure, token]) {
      expect(res.json().errors).toBeUndefined();
      expect([res.statusCode, res.headers['cache-control']]).toEqual([200, 'no-store']);
    }
    expect((await send('{ viewer { id } }', {})).headers['cache-control']).toBeUndefined();
  });
});
