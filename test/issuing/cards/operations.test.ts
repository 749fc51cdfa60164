import { randomInt } from 'node:crypto';
import { luhnCheckDigit } from '../../../src/domain/issuing/card-data/pan';
import { startTestApp, type TestApp } from '../../support/app';
import type { Client, Json, RestReply } from '../../support/client';
import { advance } from '../../support/sandbox';
import { createHolder, issuer } from '../cardholders/fixtures';
import { createCard } from './fixtures';

let t: TestApp;
let c: Client;

beforeAll(async () => {
  t = await startTestApp();
  c = await issuer(t, 'Card operations');
});
afterAll(() => t.close());

const B = (message: string) => ({ code: 400, message });
const cardError = (code: string, message: string) => ({ type: 'card_error', code, message });

/** A Luhn-valid 16-digit number on `bin`: one of the sandbox's unassigned physical cards. */
const plastic = (bin = '491090') => {
  const body = `${bin}${String(randomInt(0, 1e9)).padStart(9, '0')}`;
  return `${body}${luhnCheckDigit(body)}`;
};

/** An ACTIVE virtual card (its order completed on the clock). */
async function activeCard(over: Json = {}, bin?: string): Promise<string> {
  const { card_id } = await createCard(c, over, bin);
  await advance(c, 3);
  return card_id as string;
}

async function assign(over: Json = {}): Promise<{ res: RestReply; number: string }> {
  const holder = await createHolder(c);
  const number = (over.card_number as string | undefined) ?? plastic();
  const res = await c.post('/v1/issuing/cards/assign', { cardholder_id: holder.cardholder_id, card_number: number, card_currency: 'USD', card_mode: 'SINGLE', ...over });
  return { res, number };
}

describe('POST /v1/issuing/cards/{id} (CI4 update card)', () => {
  it('changes limit, no-PIN amount, controls and metadata, answers a CardCreateResult, and writes card.update.succeeded', async () => {
    const id = await activeCard();
    const res = await c.post(`/v1/issuing/cards/${id}`, {
      card_limit: 500,
      no_pin_payment_amount: 100,
      spending_controls: [{ amount: 50, interval: 'PER_TRANSACTION' }],
      risk_controls: { enable_3ds: 'N', blocked_mcc: ['7995'] },
      metadata: { team: 'ops' },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ card_id: id, card_status: 'ACTIVE', risk_controls: { enable_3ds: 'N', allow_3ds_transactions: 'Y', blocked_mcc: ['7995'] } });
    const got = (await c.get(`/v1/issuing/cards/${id}`)).body;
    expect(got).toMatchObject({ card_limit: 500, spending_controls: [{ amount: 50, interval: 'PER_TRANSACTION' }], metadata: { team: 'ops' } });
    const row = (await t.db.prisma.card.findUnique({ where: { id } }))!;
    expect(row.noPinPaymentAmount?.toFixed(2)).toBe('100.00');
    const events = await t.db.prisma.outboxEvent.findMany({ where: { sourceId: id, eventName: 'card.update.succeeded' } });
    expect(events.map((e) => e.eventType)).toEqual(['ISSUING']);
  });

  it('refuses a limit below what the card has used (consumed + held)', async () => {
    const id = await activeCard();
    // What a clearing leaves on a card (the clearing itself is another slice's operation).
    await t.db.prisma.card.update({ where: { id }, data: { consumedAmount: '40.00' } });
    expect((await c.post(`/v1/issuing/cards/${id}`, { card_limit: 39.99 })).body).toEqual(B('Update card limit is less than the amount of used card'));
    expect((await c.post(`/v1/issuing/cards/${id}`, { card_limit: 40 })).status).toBe(200);
  });

  it.each([
    [{ card_limit: 0 }, 'Failed Update. Card Limit should be greater than 0'],
    [{ card_limit: -5 }, 'Failed Update. Card Limit should be greater than 0'],
    [{ card_limit: 10.001 }, 'Card limit is illegal'],
    [{ spending_controls: [{ amount: 0, interval: 'DAILY' }] }, 'Failed Update. Your transaction limit should be greater than 0'],
    [{ spending_controls: [{ amount: 5, interval: 'HOURLY' }] }, 'Spending controls is error'],
    [{ spending_controls: 'daily' }, 'Spending controls is error'],
    [{ card_limit: 10, spending_controls: [{ amount: 20, interval: 'PER_TRANSACTION' }] }, 'Failed Update. Card Limit should be greater than Per transaction'],
    [{ metadata: { nested: { a: 1 } } }, 'Metadata is invalid'],
    [{ metadata: { n: 1 } }, 'Metadata is invalid'],
    [{ metadata: ['x'] }, 'Metadata is invalid'],
    [{ risk_controls: { enable_3ds: 'maybe' } }, 'Restrict config error'],
    [{ risk_controls: { allow_contactless: true } }, 'Restrict config error'],
    [{ risk_controls: { allowed_mcc: ['5411'], blocked_mcc: ['5411'] } }, 'risk control setting is not allowed'],
    [{ no_pin_payment_amount: -1 }, 'no pin payment amount failed.'],
    [{ no_pin_payment_amount: 1.005 }, 'no pin payment amount failed.'],
    [{ no_pin_payment_amount: 150.01 }, 'invalid no pin payment amount for the current currency.'],
  ])('refuses %j: %s', async (body, message) => {
    const id = await activeCard();
    const res = await c.post(`/v1/issuing/cards/${id}`, body);
    expect(res.status).toBe(400);
    expect(res.body).toEqual(B(message));
  });

  it('refuses 3-D Secure settings on a MASTERCARD BIN (risk controls per BIN, as at creation)', async () => {
    const id = await activeCard({ card_limit: 10 }, '527735');
    expect((await c.post(`/v1/issuing/cards/${id}`, { risk_controls: { enable_3ds: 'Y' } })).body).toEqual(B('risk control setting is not allowed'));
    expect((await c.post(`/v1/issuing/cards/${id}`, { risk_controls: { blocked_mcc: ['7995'] } })).status).toBe(200);
  });

  it('refuses a limit change on a SINGLE card: its money moves by recharge and withdraw', async () => {
    const id = await activeCard({}, '491090');
    expect((await c.post(`/v1/issuing/cards/${id}`, { card_limit: 10 })).body).toEqual(B('The single card not support changing card limits'));
    expect((await c.post(`/v1/issuing/cards/${id}`, { metadata: { a: 'b' } })).status).toBe(200);
  });

  it('refuses a card that is not ACTIVE, a ONE_TIME card and an expired card', async () => {
    const { card_id: pending } = await createCard(c);
    expect((await c.post(`/v1/issuing/cards/${pending}`, { metadata: {} })).body).toEqual(B('The card is not active.'));
    const frozen = await activeCard();
    await c.post(`/v1/issuing/cards/${frozen}/status`, { card_status: 'FROZEN' });
    expect((await c.post(`/v1/issuing/cards/${frozen}`, { metadata: {} })).body).toEqual(B('The card is not active.'));
    const once = await activeCard({ usage_type: 'ONE_TIME', auto_cancel_trigger: 'ON_AUTH' });
    expect((await c.post(`/v1/issuing/cards/${once}`, { card_limit: 5 })).body).toEqual(B('This operation cannot be performed on One-Time Card.'));
    const soon = await activeCard();
    // expiry_at in the past without its cancel having run: the update itself refuses.
    await t.db.prisma.card.update({ where: { id: soon }, data: { expiryAt: new Date('2020-01-01T00:00:00Z') } });
    expect((await c.post(`/v1/issuing/cards/${soon}`, { metadata: {} })).body).toEqual(B('The card has expired'));
  });

  it("answers card_not_found for an unknown or another tenant's card", async () => {
    const id = await activeCard();
    const other = await issuer(t, 'Other issuer');
    expect((await other.post(`/v1/issuing/cards/${id}`, { metadata: {} })).body).toEqual(cardError('card_not_found', 'card not found or deactivated'));
    expect((await c.post('/v1/issuing/cards/not-a-uuid', { metadata: {} })).body).toEqual(cardError('card_not_found', 'card not found or deactivated'));
  });
});

describe('POST /v1/issuing/cards/assign (CI11) and /activate (CI10)', () => {
  it('assigns a physical card PENDING with its activation code; the order completes but the card waits for activation', async () => {
    const { res, number } = await assign();
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ card_status: 'PENDING', order_status: 'PENDING', cardholder_status: 'SUCCESS', activation_code: expect.stringMatching(/^\d{8}$/) });
    expect(res.body.cardholder_created).toBeUndefined();
    await advance(c, 3);
    const got = (await c.get(`/v1/issuing/cards/${res.body.card_id}`)).body;
    expect(got).toMatchObject({ card_status: 'PENDING', order_status: 'SUCCESS', form_factor: 'PHY', mode_type: 'SINGLE', card_number: `${number.slice(0, 6)}******${number.slice(-4)}` });
  });

  it.each([
    [{ card_number: '4910901234567890' }, 'card number not exist'],
    [{ card_number: '49109012345' }, 'card number not exist'],
    [{ card_number: plastic('428852') }, 'card bin not config'],
    [{ card_number: plastic('123456') }, 'card bin not config'],
    [{ card_mode: 'SHARE' }, 'card bin not config'],
  ])('refuses %j: %s', async (over, message) => {
    const { res } = await assign(over);
    expect(res.status).toBe(400);
    expect(res.body).toEqual(B(message));
  });

  it('refuses a number already assigned: it is no longer in the stock', async () => {
    const { number } = await assign();
    expect((await assign({ card_number: number })).res.body).toEqual(B('card number not exist'));
  });

  it('activates with the code, stores the PIN only as an scrypt hash, and refuses a second activation', async () => {
    const { res } = await assign();
    const id = res.body.card_id as string;
    await advance(c, 3);
    const bad = await c.post('/v1/issuing/cards/activate', { card_id: id, activation_code: '00000000', pin: '123456' });
    expect(bad.body).toEqual(B('Invalid activation code.'));
    const ok = await c.post('/v1/issuing/cards/activate', { card_id: id, activation_code: res.body.activation_code, pin: '482915', no_pin_payment_amount: 80 });
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({ request_status: 'SUCCESS' });
    expect((await c.get(`/v1/issuing/cards/${id}`)).body.card_status).toBe('ACTIVE');
    const row = (await t.db.prisma.card.findUnique({ where: { id } }))!;
    expect(row.pinHash).toMatch(/^scrypt\$16384\$8\$1\$/);
    expect(row.pinHash).not.toContain('482915');
    expect(row.noPinPaymentAmount?.toFixed(2)).toBe('80.00');
    expect(t.rawLogs.join('\n')).not.toContain('482915');
    const again = await c.post('/v1/issuing/cards/activate', { card_id: id, activation_code: res.body.activation_code, pin: '111111' });
    expect(again.body).toEqual(B('The card has been activated.'));
  });

  it('activated before its order completes, the card turns ACTIVE when the order does', async () => {
    const { res } = await assign();
    const id = res.body.card_id as string;
    expect((await c.post('/v1/issuing/cards/activate', { card_id: id, activation_code: res.body.activation_code, pin: '123456' })).status).toBe(200);
    expect((await c.get(`/v1/issuing/cards/${id}`)).body.card_status).toBe('PENDING');
    await advance(c, 3);
    expect((await c.get(`/v1/issuing/cards/${id}`)).body.card_status).toBe('ACTIVE');
  });

  it('answers a virtual card "The card has been activated." and checks the no-PIN amount', async () => {
    const id = await activeCard();
    expect((await c.post('/v1/issuing/cards/activate', { card_id: id, activation_code: '12345678', pin: '123456' })).body).toEqual(B('The card has been activated.'));
    const { res } = await assign();
    const code = res.body.activation_code;
    const body = { card_id: res.body.card_id, activation_code: code, pin: '123456' };
    expect((await c.post('/v1/issuing/cards/activate', { ...body, no_pin_payment_amount: -1 })).body).toEqual(B('Negative no pin payment amount.'));
    expect((await c.post('/v1/issuing/cards/activate', { ...body, no_pin_payment_amount: 1.234 })).body).toEqual(B('Invalid no pin payment amount precision.'));
    expect((await c.post('/v1/issuing/cards/activate', { ...body, no_pin_payment_amount: 151 })).body).toEqual(B('invalid no pin payment amount for the current currency.'));
    expect((await c.post('/v1/issuing/cards/activate', { ...body, pin: '12ab' })).status).toBe(400);
  });
});

describe('POST /v1/issuing/cards/pin (CI13 reset PIN, the official client\'s path)', () => {
  async function activated(): Promise<string> {
    const { res } = await assign();
    await advance(c, 3);
    await c.post('/v1/issuing/cards/activate', { card_id: res.body.card_id, activation_code: res.body.activation_code, pin: '123456' });
    return res.body.card_id as string;
  }

  it('sets a new PIN hash on an activated physical card', async () => {
    const id = await activated();
    const before = (await t.db.prisma.card.findUnique({ where: { id } }))!.pinHash;
    const res = await c.post('/v1/issuing/cards/pin', { card_id: id, pin: '654321' });
    expect(res.body).toEqual({ request_status: 'SUCCESS' });
    const after = (await t.db.prisma.card.findUnique({ where: { id } }))!.pinHash;
    expect(after).toMatch(/^scrypt\$/);
    expect(after).not.toBe(before);
  });

  it('refuses a virtual card, a card not activated or cancelled, and an expired card with their envelope A codes', async () => {
    const virtual = await activeCard();
    expect((await c.post('/v1/issuing/cards/pin', { card_id: virtual, pin: '654321' })).body).toEqual(cardError('virtual_card_pin_error', 'virtual cards do not allow pin settings'));
    const { res } = await assign();
    expect((await c.post('/v1/issuing/cards/pin', { card_id: res.body.card_id, pin: '654321' })).body).toEqual(
      cardError('status_not_supported', 'card status or activation status not supported by request'),
    );
    const cancelled = await activated();
    await c.post(`/v1/issuing/cards/${cancelled}/status`, { card_status: 'CANCELLED' });
    expect((await c.post('/v1/issuing/cards/pin', { card_id: cancelled, pin: '654321' })).body).toMatchObject({ code: 'status_not_supported' });
    const old = await activated();
    await t.db.prisma.card.update({ where: { id: old }, data: { expiryAt: new Date('2020-01-01T00:00:00Z') } });
    expect((await c.post('/v1/issuing/cards/pin', { card_id: old, pin: '654321' })).body).toEqual(cardError('card_expired_error', 'card has expired'));
  });
});

describe('number_of_cards (spec 2.8): cards of the holder in any status', () => {
  it('counts every card of the holder, cancelled ones too, in the list and the retrieve', async () => {
    const me = await issuer(t, 'Counter');
    const a = await createCard(me);
    await createCard(me, { cardholder_id: a.cardholder_id });
    const third = await createCard(me, { cardholder_id: a.cardholder_id });
    await advance(me, 3);
    await me.post(`/v1/issuing/cards/${third.card_id}/status`, { card_status: 'CANCELLED' });
    const empty = await createHolder(me);
    expect((await me.get(`/v1/issuing/cardholders/${a.cardholder_id}`)).body.number_of_cards).toBe(3);
    const list = (await me.get('/v1/issuing/cardholders', { page_size: 10, page_number: 1 })).body.data as Json[];
    // (The fixture makes a spare holder for each card body; they hold no cards.)
    const counts = Object.fromEntries(list.map((h) => [h.cardholder_id, h.number_of_cards]));
    expect(counts[a.cardholder_id as string]).toBe(3);
    expect(counts[empty.cardholder_id as string]).toBe(0);
    expect(Object.values(counts).reduce((x, y) => (x as number) + (y as number), 0)).toBe(3);
  });
});
