import { revealPan } from '../../../src/domain/issuing/card-data/store';
import { startTestApp, type TestApp } from '../../support/app';
import type { Client } from '../../support/client';
import { advance } from '../../support/sandbox';
import { issuer } from '../cardholders/fixtures';
import { cardBody, createCard, productOf } from './fixtures';
import { fundIssuing, issuingTenant } from '../balances/fixtures';
import { holdsNumber } from '../../support/digits';
import { deliveredData } from '../../support/events';

let t: TestApp;
let c: Client;

beforeAll(async () => {
  t = await startTestApp();
  c = await issuer(t);
});
afterAll(() => t.close());

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const cardError = (code: string, message: string) => ({ type: 'card_error', code, message });
const B = (message: string) => ({ code: 400, message });
const invalid = { type: 'invalid_request_error', code: 'invalid_request_error' };

describe('POST /v1/issuing/cards (CI1, spec 4.4, 2.7)', () => {
  it('creates a card: PENDING order, the product default risk controls, the cardholder', async () => {
    const body = await cardBody(c);
    const res = await c.post('/v1/issuing/cards', body);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      card_id: expect.stringMatching(UUID),
      card_order_id: expect.stringMatching(UUID),
      create_time: '2026-11-21 10:00:00',
      card_status: 'PENDING',
      order_status: 'PENDING',
      risk_controls: { enable_3ds: 'Y', allow_3ds_transactions: 'Y', allowed_mcc: null, blocked_mcc: [] },
      cardholder_id: body.cardholder_id,
      cardholder_status: 'SUCCESS',
      kyc_method: 'THIRD_PARTY',
      verification_status: 'VERIFIED',
    });
  });

  it('moves the order PENDING -> PROCESSING -> SUCCESS on the clock, the card then ACTIVE, with ISSUING events', async () => {
    const { card_id } = await createCard(c);
    await advance(c, 1);
    expect((await c.get(`/v1/issuing/cards/${card_id}`)).body).toMatchObject({ order_status: 'PROCESSING', card_status: 'PENDING' });
    await advance(c, 2);
    expect((await c.get(`/v1/issuing/cards/${card_id}`)).body).toMatchObject({ order_status: 'SUCCESS', card_status: 'ACTIVE' });
    const events = await t.db.prisma.outboxEvent.findMany({ where: { sourceId: card_id }, orderBy: { createdAt: 'asc' } });
    expect(events.map((e) => [e.eventType, e.eventName])).toEqual([
      ['ISSUING', 'card.create.processing'],
      ['ISSUING', 'card.create.succeeded'],
    ]);
  });

  it('echoes the risk controls it was sent', async () => {
    const rc = { enable_3ds: 'N', allow_3ds_transactions: 'N', allowed_mcc: ['5411'], blocked_mcc: ['7995'] };
    expect((await c.post('/v1/issuing/cards', await cardBody(c, { risk_controls: rc }))).body.risk_controls).toEqual(rc);
  });

  it('never answers or logs the PAN; only the masked number', async () => {
    const { card_id } = await createCard(c);
    const secret = (await t.db.prisma.cardSecret.findUnique({ where: { cardId: card_id } }))!;
    const pan = (await revealPan(t.services, { accountId: secret.accountId, cardId: card_id }))!;
    expect(pan).toMatch(/^428852\d{10}$/);
    const got = await c.get(`/v1/issuing/cards/${card_id}`);
    expect(got.body.card_number).toBe(`${pan.slice(0, 6)}******${pan.slice(-4)}`);
    const list = await c.get('/v1/issuing/cards', { page_size: 100, page_number: 1 });
    const all = [got.raw, list.raw, t.rawLogs.join('\n')].join('\n');
    expect(all).not.toContain(pan);
    expect(holdsNumber(all, pan.slice(6, 12))).toBe(false);
  });

  describe('body rules, each with its spec 7.2 error', () => {
    it.each([['EUR'], ['usd'], ['']])('refuses card_currency %p: currency_not_allowed', async (cur) => {
      const res = await c.post('/v1/issuing/cards', await cardBody(c, { card_currency: cur }));
      expect(res.status).toBe(400);
      expect(res.body).toEqual(cardError('currency_not_allowed', 'card currency is not allowed'));
    });

    it.each(['SGD', 'USD', 'XUSD'])('takes card_currency %s', async (cur) => {
      expect((await c.post('/v1/issuing/cards', await cardBody(c, { card_currency: cur }))).status).toBe(200);
    });

    it.each([[-1], [10.123], [0.001]])('refuses card_limit %p: Card limit is illegal', async (limit) => {
      const res = await c.post('/v1/issuing/cards', await cardBody(c, { card_limit: limit }));
      expect(res.status).toBe(400);
      expect(res.body).toEqual(B('Card limit is illegal'));
    });

    it.each(['527735', '555071', '555243'])('requires card_limit >= 0.01 on BIN %s: limit_out_of_range', async (bin) => {
      for (const over of [{}, { card_limit: 0 }]) {
        const res = await c.post('/v1/issuing/cards', await cardBody(c, over, bin));
        expect(res.status).toBe(400);
        expect(res.body).toEqual(cardError('limit_out_of_range', 'card limit is below the minimum or above the maximum of the product'));
      }
      // 555243 is a SINGLE product: its card_limit is funded from the issuing balance (CI1, issuing money).
      const funded = await issuingTenant(t);
      await fundIssuing(funded.c, 1);
      expect((await funded.c.post('/v1/issuing/cards', await cardBody(funded.c, { card_limit: 0.01 }, bin))).status).toBe(200);
    });

    it('takes no card_limit (default 0) on other BINs, and shows it as a number', async () => {
      const { card_id } = await createCard(c, {}, '491090');
      expect((await c.get(`/v1/issuing/cards/${card_id}`)).body).toMatchObject({ card_limit: 0, available_balance: 0 });
      // A SHARE card's available_balance is the issuing balance, capped by its limit (CI1, issuing money).
      const funded = await issuingTenant(t);
      await fundIssuing(funded.c, 300);
      const other = await createCard(funded.c, { card_limit: 250.5 });
      expect((await funded.c.get(`/v1/issuing/cards/${other.card_id}`)).body).toMatchObject({ card_limit: 250.5, available_balance: 250.5 });
    });

    it('limits name_on_card to 26 characters and defaults it to the cardholder name', async () => {
      expect((await c.post('/v1/issuing/cards', await cardBody(c, { name_on_card: 'A'.repeat(26) }))).status).toBe(200);
      const res = await c.post('/v1/issuing/cards', await cardBody(c, { name_on_card: 'A'.repeat(27) }));
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject(invalid);
      expect(res.body.message).toContain('name_on_card');
      const { card_id } = await createCard(c);
      expect((await c.get(`/v1/issuing/cards/${card_id}`)).body.card_name).toBe("Jane O'Neil-Smith");
    });

    it('limits metadata to 3,200 bytes of a JSON object', async () => {
      const fits = { k: 'x'.repeat(3200 - '{"k":""}'.length) };
      expect((await c.post('/v1/issuing/cards', await cardBody(c, { metadata: fits }))).status).toBe(200);
      for (const metadata of [{ k: 'x'.repeat(3200) }, 'not an object', [1]]) {
        const res = await c.post('/v1/issuing/cards', await cardBody(c, { metadata }));
        expect(res.status).toBe(400);
        expect(res.body).toMatchObject(invalid);
        expect(res.body.message).toContain('metadata');
      }
    });

    it('requires auto_cancel_trigger for a ONE_TIME card, with the raw texts as codes', async () => {
      const a = await c.post('/v1/issuing/cards', await cardBody(c, { usage_type: 'ONE_TIME' }));
      expect(a.status).toBe(400);
      expect(a.body).toEqual(cardError('auto_cancel_trigger cannot be empty', 'auto_cancel_trigger cannot be empty'));
      const b = await c.post('/v1/issuing/cards', await cardBody(c, { usage_type: 'ONE_TIME', auto_cancel_trigger: 'ON_SETTLE' }));
      expect(b.body).toEqual(cardError('invalid auto_cancel_trigger', 'invalid auto_cancel_trigger'));
      const ok = await createCard(c, { usage_type: 'ONE_TIME', auto_cancel_trigger: 'ON_AUTH' });
      expect((await c.get(`/v1/issuing/cards/${ok.card_id}`)).body).toMatchObject({ usage_type: 'ONE_TIME', auto_cancel_trigger: 'ON_AUTH' });
    });

    it('refuses an unknown usage_type', async () => {
      const res = await c.post('/v1/issuing/cards', await cardBody(c, { usage_type: 'TWICE' }));
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject(invalid);
    });

    it.each([
      ['', 'expiry_at cannot be empty'],
      ['tomorrow', 'invalid expiry_at'],
      ['2026-11-22', 'invalid expiry_at'],
      ['2026-11-20T10:00:00Z', 'invalid expiry_at'],
    ])('refuses expiry_at %p: %s', async (expiry, code) => {
      const res = await c.post('/v1/issuing/cards', await cardBody(c, { expiry_at: expiry }));
      expect(res.status).toBe(400);
      expect(res.body).toEqual(cardError(code, code));
    });

    it('cancels the card when expiry_at is reached', async () => {
      const me = await issuer(t, 'Expiring');
      const created = await createCard(me);
      const expiry = new Date(new Date(`${created.create_time.replace(' ', 'T')}Z`).getTime() + 10_000).toISOString();
      const { card_id } = await createCard(me, { expiry_at: expiry });
      await advance(me, 9);
      expect((await me.get(`/v1/issuing/cards/${card_id}`)).body.card_status).toBe('ACTIVE');
      await advance(me, 1);
      expect((await me.get(`/v1/issuing/cards/${card_id}`)).body).toMatchObject({ card_status: 'CANCELLED', expiry_at: expiry });
      const ev = await t.db.prisma.outboxEvent.findMany({ where: { sourceId: card_id, eventName: 'card.status.updated' } });
      expect(ev).toHaveLength(1);
    });

    it('checks spending_controls shapes', async () => {
      const sc = [{ amount: 100, interval: 'PER_TRANSACTION' }, { amount: 1000.5, interval: 'MONTHLY' }];
      const { card_id } = await createCard(c, { spending_controls: sc });
      expect((await c.get(`/v1/issuing/cards/${card_id}`)).body.spending_controls).toEqual(sc);
      for (const bad of [[{ amount: 0, interval: 'DAILY' }], [{ amount: 1, interval: 'HOURLY' }], [{ amount: 1.001, interval: 'DAILY' }], [{ amount: 1, interval: 'DAILY' }, { amount: 2, interval: 'DAILY' }]]) {
        const res = await c.post('/v1/issuing/cards', await cardBody(c, { spending_controls: bad }));
        expect(res.status).toBe(400);
        expect(res.body).toMatchObject(invalid);
      }
    });

    it('refuses 3DS risk controls on a MASTERCARD BIN, and an MCC both allowed and blocked: risk_control_not_allowed', async () => {
      const err = cardError('risk_control_not_allowed', 'risk control setting is not allowed');
      const mc = await c.post('/v1/issuing/cards', await cardBody(c, { card_limit: 10, risk_controls: { enable_3ds: 'N' } }, '527735'));
      expect(mc.body).toEqual(err);
      const both = await c.post('/v1/issuing/cards', await cardBody(c, { risk_controls: { allowed_mcc: ['5411'], blocked_mcc: ['5411'] } }));
      expect(both.body).toEqual(err);
      const ok = await c.post('/v1/issuing/cards', await cardBody(c, { card_limit: 10, risk_controls: { blocked_mcc: ['7995'] } }, '527735'));
      expect(ok.body.risk_controls).toEqual({ allowed_mcc: null, blocked_mcc: ['7995'] });
      const shape = await c.post('/v1/issuing/cards', await cardBody(c, { risk_controls: { enable_3ds: 'yes' } }));
      expect(shape.body).toMatchObject(invalid);
    });

    it('answers product_not_found for an unknown or another tree\'s product', async () => {
      const other = await issuer(t, 'Other');
      for (const pid of ['00000000-0000-4000-8000-000000000000', await productOf(other, '428852')]) {
        const res = await c.post('/v1/issuing/cards', await cardBody(c, { card_product_id: pid }));
        expect(res.status).toBe(400);
        expect(res.body).toEqual({ type: 'account_error', code: 'product_not_found', message: 'product not found or inactive' });
      }
    });

    it('answers Card holder not exists or is illegal for an unknown or another tenant\'s cardholder', async () => {
      const other = await issuer(t, 'Other2');
      const theirs = (await cardBody(other)).cardholder_id;
      for (const id of ['00000000-0000-4000-8000-000000000000', 'nope', theirs]) {
        const res = await c.post('/v1/issuing/cards', await cardBody(c, { cardholder_id: id }));
        expect(res.status).toBe(400);
        expect(res.body).toEqual(B('Card holder not exists or is illegal'));
      }
    });
  });
});

describe('GET /v1/issuing/cards and /{id} (CI2, CI3)', () => {
  it('retrieves only the acting account\'s card; others answer card_not_found', async () => {
    const other = await issuer(t, 'Other3');
    const { card_id } = await createCard(other);
    for (const id of [card_id, '00000000-0000-4000-8000-000000000000', 'nope']) {
      const res = await c.get(`/v1/issuing/cards/${id}`);
      expect(res.status).toBe(400);
      expect(res.body).toEqual(cardError('card_not_found', 'card not found or deactivated'));
    }
  });

  it('lists newest first, filtered by cardholder and by status', async () => {
    const me = await issuer(t, 'Lister');
    const first = await createCard(me);
    const holder = first.cardholder_id;
    const body = await cardBody(me);
    const second = (await me.post('/v1/issuing/cards', { ...body, cardholder_id: holder })).body;
    const third = await createCard(me);
    await me.post(`/v1/issuing/cards/${third.card_id}/status`, { card_status: 'CANCELLED' });
    const all = await me.get('/v1/issuing/cards', { page_size: 10, page_number: 1 });
    expect(all.body.total_items).toBe(3);
    expect(all.body.data.map((x: { card_id: string }) => x.card_id).sort()).toEqual([first.card_id, second.card_id, third.card_id].sort());
    const byHolder = await me.get('/v1/issuing/cards', { page_size: 10, page_number: 1, cardholder_id: holder });
    expect(byHolder.body.data.map((x: { card_id: string }) => x.card_id).sort()).toEqual([first.card_id, second.card_id].sort());
    const cancelled = await me.get('/v1/issuing/cards', { page_size: 10, page_number: 1, card_status: 'CANCELLED' });
    expect(cancelled.body.data.map((x: { card_id: string }) => x.card_id)).toEqual([third.card_id]);
    const unknown = await me.get('/v1/issuing/cards', { page_size: 10, page_number: 1, cardholder_id: '00000000-0000-4000-8000-000000000000' });
    expect(unknown.body).toEqual(B('Cardholder not found or deactivated'));
  });
});

describe('POST /v1/issuing/cards/{id}/status (CI5)', () => {
  it('freezes, unfreezes and cancels; CANCELLED is final', async () => {
    const { card_id, card_order_id } = await createCard(c);
    await advance(c, 3);
    const frozen = await c.post(`/v1/issuing/cards/${card_id}/status`, { card_status: 'FROZEN', update_reason: 'lost wallet' });
    expect(frozen.status).toBe(200);
    expect(frozen.body).toEqual({ card_id, card_order_id, order_status: 'SUCCESS', update_reason: 'lost wallet' });
    expect((await c.get(`/v1/issuing/cards/${card_id}`)).body).toMatchObject({ card_status: 'FROZEN', update_reason: 'lost wallet' });
    expect((await c.post(`/v1/issuing/cards/${card_id}/status`, { card_status: 'ACTIVE' })).status).toBe(200);
    expect((await c.post(`/v1/issuing/cards/${card_id}/status`, { card_status: 'CANCELLED' })).status).toBe(200);
    for (const status of ['ACTIVE', 'FROZEN', 'CANCELLED']) {
      const res = await c.post(`/v1/issuing/cards/${card_id}/status`, { card_status: status });
      expect(res.status).toBe(400);
      expect(res.body).toEqual(B('Card status is invalid'));
    }
    const events = await t.db.prisma.outboxEvent.findMany({ where: { sourceId: card_id, eventName: 'card.status.updated' } });
    expect(events.map((e) => (deliveredData(e) as { card_status: string }).card_status).sort()).toEqual(['ACTIVE', 'CANCELLED', 'FROZEN']);
  });

  it('refuses to unfreeze an active card or freeze a frozen one', async () => {
    const { card_id } = await createCard(c);
    await advance(c, 3);
    expect((await c.post(`/v1/issuing/cards/${card_id}/status`, { card_status: 'ACTIVE' })).body).toEqual(B('Card status is invalid'));
    await c.post(`/v1/issuing/cards/${card_id}/status`, { card_status: 'FROZEN' });
    expect((await c.post(`/v1/issuing/cards/${card_id}/status`, { card_status: 'FROZEN' })).body).toEqual(B('Card status is invalid'));
  });

  it('reads the specification\'s `status` and `reason` as card_status and update_reason (both may be sent when they agree)', async () => {
    const { card_id, card_order_id } = await createCard(c);
    await advance(c, 3);
    const frozen = await c.post(`/v1/issuing/cards/${card_id}/status`, { status: 'FROZEN', reason: 'lost wallet' });
    expect(frozen.body).toEqual({ card_id, card_order_id, order_status: 'SUCCESS', update_reason: 'lost wallet' });
    expect((await c.get(`/v1/issuing/cards/${card_id}`)).body).toMatchObject({ card_status: 'FROZEN', update_reason: 'lost wallet' });
    expect((await c.post(`/v1/issuing/cards/${card_id}/status`, { status: 'ACTIVE', card_status: 'ACTIVE' })).status).toBe(200);
    const both = await c.post(`/v1/issuing/cards/${card_id}/status`, { status: 'FROZEN', card_status: 'CANCELLED' });
    expect([both.status, both.body.message]).toEqual([400, "Invalid value for field 'status': send it or card_status, not both with different values"]);
    const tooLong = await c.post(`/v1/issuing/cards/${card_id}/status`, { status: 'CANCELLED', reason: 'x'.repeat(256) });
    expect(tooLong.body).toEqual(B('Update reason is too long'));
    expect((await c.get(`/v1/issuing/cards/${card_id}`)).body).toMatchObject({ card_status: 'ACTIVE' });
  });

  it('answers Update reason is too long past 255 characters, and card_not_found for another tenant\'s card', async () => {
    const { card_id } = await createCard(c);
    const res = await c.post(`/v1/issuing/cards/${card_id}/status`, { card_status: 'CANCELLED', update_reason: 'x'.repeat(256) });
    expect(res.body).toEqual(B('Update reason is too long'));
    const other = await issuer(t, 'Other4');
    expect((await other.post(`/v1/issuing/cards/${card_id}/status`, { card_status: 'CANCELLED' })).body).toEqual(
      cardError('card_not_found', 'card not found or deactivated'),
    );
  });
});
