import { randomInt } from 'node:crypto';
import { luhnCheckDigit } from '../../../src/domain/issuing/card-data/pan';
import { startTestApp, type TestApp } from '../../support/app';
import type { Client } from '../../support/client';
import { eventData } from '../../support/events';
import { advance } from '../../support/sandbox';
import { createHolder } from '../cardholders/fixtures';
import { fundIssuing, issuingTenant } from '../balances/fixtures';
import { createCard } from './fixtures';

/**
 * Issue 11: a card event's `data` is the card as GET /v1/issuing/cards/{id} (CI3) answers it at the
 * step that wrote the event. The test clock only moves when the test advances it, so nothing
 * changes between the event and the GET.
 */
let t: TestApp;
let c: Client;

beforeAll(async () => {
  t = await startTestApp();
  ({ c } = await issuingTenant(t, '1000.00', 'Card events'));
  await fundIssuing(c, 100);
});
afterAll(() => t.close());

async function expectEventIsGet(id: string, eventName: string) {
  const got = await c.get(`/v1/issuing/cards/${id}`);
  expect(got.status).toBe(200);
  expect(await eventData(t, id, eventName)).toEqual(got.body);
}

describe('card events carry the card as CI3 answers it (issue 11)', () => {
  it('a SHARE card through its order, an update, freeze, unfreeze and cancel (available_balance read from the issuing balance)', async () => {
    const { card_id } = await createCard(c);
    const id = card_id as string;
    await advance(c, 1);
    await expectEventIsGet(id, 'card.create.processing');
    await advance(c, 2);
    await expectEventIsGet(id, 'card.create.succeeded');
    expect((await c.get(`/v1/issuing/cards/${id}`)).body).toMatchObject({ card_status: 'ACTIVE', available_balance: 100 });
    expect((await c.post(`/v1/issuing/cards/${id}`, { metadata: { team: 'ops' } })).status).toBe(200);
    await expectEventIsGet(id, 'card.update.succeeded');
    for (const status of ['FROZEN', 'ACTIVE', 'CANCELLED']) {
      expect((await c.post(`/v1/issuing/cards/${id}/status`, { card_status: status, update_reason: `to ${status}` })).status).toBe(200);
      await expectEventIsGet(id, 'card.status.updated');
    }
  });

  it('a SINGLE card cancelled when its expiry_at is reached: the event shows it after its balance went back', async () => {
    const created = await createCard(c, { card_limit: 10 }, '491090');
    const expiry = new Date(new Date(`${(created.create_time as string).replace(' ', 'T')}Z`).getTime() + 10_000).toISOString();
    const { card_id } = await createCard(c, { card_limit: 10, expiry_at: expiry }, '491090');
    await advance(c, 10);
    expect((await c.get(`/v1/issuing/cards/${card_id}`)).body).toMatchObject({ card_status: 'CANCELLED', available_balance: 0 });
    await expectEventIsGet(card_id as string, 'card.status.updated');
  });

  it('a physical card activated with its code (CI10)', async () => {
    const holder = await createHolder(c);
    const body = `491090${String(randomInt(0, 1e9)).padStart(9, '0')}`;
    const assigned = await c.post('/v1/issuing/cards/assign', {
      cardholder_id: holder.cardholder_id,
      card_number: `${body}${luhnCheckDigit(body)}`,
      card_currency: 'USD',
      card_mode: 'SINGLE',
    });
    expect(assigned.status).toBe(200);
    const id = assigned.body.card_id as string;
    await advance(c, 3);
    const ok = await c.post('/v1/issuing/cards/activate', { card_id: id, activation_code: assigned.body.activation_code, pin: '482915' });
    expect(ok.status).toBe(200);
    await expectEventIsGet(id, 'card.status.updated');
  });

  // The cancel is prepared with the authorization or clearing that triggers it, before that write
  // set applies: the event must still show the hold, consumed amount and issuing balance it leaves.
  it.each([
    ['SINGLE', 'ON_AUTH', '491090', { card_limit: 20 }],
    ['SHARE', 'ON_AUTH', undefined, {}],
    ['SHARE with a card_limit', 'ON_AUTH', undefined, { card_limit: 20 }],
    ['SINGLE', 'ON_CAPTURE', '491090', { card_limit: 20 }],
    ['SHARE', 'ON_CAPTURE', undefined, {}],
    ['SHARE with a card_limit', 'ON_CAPTURE', undefined, { card_limit: 20 }],
  ])('a ONE_TIME %s card cancelled by its trigger %s', async (_mode, trigger, bin, over) => {
    const { card_id } = await createCard(c, { ...over, usage_type: 'ONE_TIME', auto_cancel_trigger: trigger }, bin);
    await advance(c, 3);
    const auth = await c.post('/v1/simulation/issuing/authorization', {
      card_id,
      transaction_amount: 5,
      transaction_currency: 'USD',
      merchant_name: 'Coffee Corner',
      merchant_category_code: '5814',
      transaction_status: 'APPROVED',
    });
    expect(auth.body.transaction_status).toBe('APPROVED');
    if (trigger === 'ON_CAPTURE') expect((await c.post('/v1/simulation/issuing/clearing', { transaction_id: auth.body.transaction_id, amount: 4 })).status).toBe(200);
    expect((await c.get(`/v1/issuing/cards/${card_id}`)).body.card_status).toBe('CANCELLED');
    await expectEventIsGet(card_id as string, 'card.status.updated');
  });
});
