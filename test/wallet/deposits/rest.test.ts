import { randomUUID } from 'node:crypto';
import { createMasterAccount } from '../../../src/domain/onboarding/accounts/service';
import pino from 'pino';
import { runDueTransitions } from '../../../src/platform/scheduler/run';
import { Worker } from '../../../src/jobs/worker';
import { startTestApp, type TestApp } from '../../support/app';
import { clientOf } from '../../support/client';
import { walletBalance } from '../../support/ledger';
import { advance } from '../../support/sandbox';
import { makeMaster, makeSub } from '../../support/tenants';
import { depositBody, depositor, simulateDeposit, type RestDeposit } from './fixtures';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

/** A fresh master of its own, so balances and lists start empty. */
const freshCaller = (name = 'Depositor') => depositor(t, name);

const NOW = '2026-11-21T10:00:00.000Z';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('POST /v1/simulation/deposit (SI1, spec 4.5, 2.10)', () => {
  it('answers a COMPLETED deposit, already credited, with every field of 2.10 and the catalogue', async () => {
    const { c } = await freshCaller();
    const res = await c.post('/v1/simulation/deposit', depositBody());
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      deposit_id: expect.stringMatching(UUID),
      short_reference_id: expect.stringMatching(/^DP[2-9A-HJ-NP-Z]{6}$/),
      amount: '100.00',
      currency: 'USD',
      deposit_fee: '0.00',
      deposit_status: 'COMPLETED',
      deposit_reference: expect.stringMatching(/^SIM/),
      create_time: NOW,
      complete_time: NOW,
      receiver_account_number: 'ACC123456',
      sender: {
        sender_name: 'Acme Ltd',
        sender_country: 'HK',
        sender_account_number: '123456789',
        sender_swift_code: 'HSBCHKHH',
        sender_address: null,
      },
    });
  });

  it('needs only amount, currency and sender_swift_code; the receiver defaults to the account reference', async () => {
    const { c, accountId } = await freshCaller();
    const master = await t.db.prisma.account.findUniqueOrThrow({ where: { id: accountId } });
    const res = await c.post('/v1/simulation/deposit', { amount: 5, currency: 'JPY', sender_swift_code: 'MHCBJPJT' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      amount: '5',
      currency: 'JPY',
      receiver_account_number: master.shortReferenceId,
      sender: { sender_name: null, sender_country: null, sender_account_number: null, sender_swift_code: 'MHCBJPJT' },
    });
  });

  it.each([
    ['a KWD amount with three decimals', { amount: 1.234, currency: 'KWD' }, '1.234'],
    ['a USD amount with two decimals', { amount: 0.01 }, '0.01'],
    ['a whole JPY amount', { amount: 1500, currency: 'JPY' }, '1500'],
  ])('accepts %s', async (_name, over, amount) => {
    const res = await (await freshCaller()).c.post('/v1/simulation/deposit', depositBody(over));
    expect([res.status, res.body.amount]).toEqual([200, amount]);
  });

  it.each([
    ['a missing amount', { amount: undefined }, "Field 'amount' is required"],
    ['an amount sent as a string', { amount: '100.00' }, "Invalid type for field 'amount'"],
    ['a zero amount', { amount: 0 }, "Invalid value for field 'amount': must be greater than 0"],
    ['a negative amount', { amount: -5 }, "Invalid value for field 'amount': must be a positive decimal amount"],
    ['a JPY amount with decimals', { amount: 100.5, currency: 'JPY' }, "Invalid value for field 'amount': JPY amounts have no decimals"],
    ['a USD amount with three decimals', { amount: 1.234 }, "Invalid value for field 'amount': USD amounts have at most 2 decimals"],
    ['a float that is not the decimal it looks like', { amount: 0.1 + 0.2 }, "Invalid value for field 'amount': must have at most 15 significant digits"],
    ['a missing currency', { currency: undefined }, "Field 'currency' is required"],
    ['a currency of two letters', { currency: 'US' }, "Invalid value for field 'currency': must be a three-letter ISO 4217 code"],
    ['a lower-case currency', { currency: 'usd' }, "Invalid value for field 'currency': must be a three-letter ISO 4217 code"],
    ['an unsupported currency', { currency: 'XYZ' }, "Invalid value for field 'currency': currency is not supported"],
    ['a currency that is not a string', { currency: 840 }, "Invalid type for field 'currency'"],
    ['a missing sender_swift_code', { sender_swift_code: undefined }, "Field 'sender_swift_code' is required"],
    ['an empty sender_swift_code', { sender_swift_code: '' }, "Invalid value for field 'sender_swift_code': must not be empty"],
    ['a sender_swift_code of 31 characters', { sender_swift_code: 'A'.repeat(31) }, "Invalid value for field 'sender_swift_code': must be at most 30 characters"],
    ['a receiver_account_number with a dash', { receiver_account_number: 'ACC-123' }, "Invalid value for field 'receiver_account_number': must contain only letters and digits"],
    ['a receiver_account_number with a space', { receiver_account_number: 'ACC 123' }, "Invalid value for field 'receiver_account_number': must contain only letters and digits"],
    ['a receiver_account_number of 61 characters', { receiver_account_number: '1'.repeat(61) }, "Invalid value for field 'receiver_account_number': must be at most 60 characters"],
    ['a sender_name that is not a string', { sender_name: 42 }, "Invalid type for field 'sender_name'"],
  ])('refuses %s with a 400 naming the field', async (_name, over, message) => {
    const res = await (await freshCaller()).c.post('/v1/simulation/deposit', depositBody(over));
    expect([res.status, res.body]).toEqual([400, { code: 400, message }]);
  });

  it('accepts a sender_swift_code of 30 characters and a receiver_account_number of 60 letters and digits', async () => {
    const res = await (await freshCaller()).c.post('/v1/simulation/deposit', depositBody({ sender_swift_code: 'S'.repeat(30), receiver_account_number: 'a1'.repeat(30) }));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ receiver_account_number: 'a1'.repeat(30), sender: { sender_swift_code: 'S'.repeat(30) } });
  });

  it.each([
    ['a string', 'SG'],
    ['a number', 702],
    ['an object', { code: 'SG', name: 'Singapore' }],
    ['an array', ['SG']],
    ['a boolean', true],
  ])('takes sender_country of any JSON type: %s', async (_name, country) => {
    const { c } = await freshCaller();
    const res = await c.post('/v1/simulation/deposit', depositBody({ sender_country: country }));
    expect(res.status).toBe(200);
    expect(res.body.sender.sender_country).toEqual(country);
    expect((await c.get(`/v1/deposit/${res.body.deposit_id}`)).body.sender.sender_country).toEqual(country);
  });

  it('requires an idempotency key and replays a retry with the same key as one deposit', async () => {
    const { c, accountId } = await freshCaller();
    const missing = await c.post('/v1/simulation/deposit', depositBody(), { key: null });
    expect([missing.status, missing.body]).toEqual([400, { code: 400, message: 'Idempotency key error' }]);
    const key = randomUUID();
    const first = await c.post('/v1/simulation/deposit', depositBody(), { key });
    const again = await c.post('/v1/simulation/deposit', depositBody(), { key });
    expect(again.raw).toBe(first.raw);
    expect(await t.db.prisma.deposit.count({ where: { accountId } })).toBe(1);
  });

  it('is a sandbox simulation: a production account is refused', async () => {
    const { key } = await createMasterAccount(t.services, { name: 'Live Co', isSandbox: false });
    const live = await clientOf(t, key);
    const res = await live.post('/v1/simulation/deposit', depositBody());
    expect([res.status, res.body]).toEqual([400, { code: 400, message: 'Simulations are only available for sandbox accounts' }]);
  });
});

describe('deposit lifecycle: COMPLETED by the time SI1 answers; test values FAIL… and PEND…', () => {
  it('completes in the request itself: status, wallet credit, posting and events commit with it', async () => {
    const { c, accountId } = await freshCaller();
    const d = await simulateDeposit(c, { amount: 250.5 });
    expect(d).toMatchObject({ deposit_status: 'COMPLETED', complete_time: NOW, amount: '250.50' });
    expect(await walletBalance(t.services, accountId, 'USD')).toBe('250.5');
    expect((await c.get(`/v1/deposit/${d.deposit_id}`)).body).toMatchObject({ deposit_status: 'COMPLETED', complete_time: NOW });
    const events = await t.db.prisma.outboxEvent.findMany({ where: { sourceId: d.deposit_id } });
    expect(events.map((e) => [e.eventType, e.eventName]).sort()).toEqual([
      ['DEPOSIT', 'deposit.complete.succeeded'],
      ['DEPOSIT', 'deposit.create.succeeded'],
    ]);
    const entry = await t.db.prisma.journalEntry.findFirstOrThrow({ where: { referenceId: d.deposit_id }, include: { lines: true } });
    expect([entry.kind, entry.referenceType]).toEqual(['DEPOSIT', 'DEPOSIT']);
    expect(entry.lines.map((l) => l.amount.toString()).sort()).toEqual(['-250.5', '250.5']);
    // Nothing is left for the worker to do.
    expect(await t.db.prisma.scheduledTransition.count({ where: { subjectId: d.deposit_id } })).toBe(0);
  });

  it('fails at once with the test value sender_swift_code FAIL… and credits nothing', async () => {
    const { c, accountId } = await freshCaller();
    const d = await simulateDeposit(c, { sender_swift_code: 'FAILGB2L' });
    expect(d).toMatchObject({ deposit_status: 'FAILED', complete_time: NOW });
    expect(await walletBalance(t.services, accountId, 'USD')).toBe('0');
    expect(await t.db.prisma.journalEntry.count({ where: { referenceId: d.deposit_id } })).toBe(0);
    const names = (await t.db.prisma.outboxEvent.findMany({ where: { sourceId: d.deposit_id } })).map((e) => e.eventName);
    expect(names.sort()).toEqual(['deposit.complete.failed', 'deposit.create.succeeded']);
  });

  it('stays PENDING with the test value sender_swift_code PEND…, and completes through the worker on the real clock', async () => {
    const { c, accountId } = await freshCaller();
    const d = await simulateDeposit(c, { amount: 40, sender_swift_code: 'PENDGB2L' });
    expect(d).toMatchObject({ deposit_status: 'PENDING', complete_time: null });
    expect(await walletBalance(t.services, accountId, 'USD')).toBe('0');
    expect(await runDueTransitions(t.services, { realClock: true })).toBeGreaterThanOrEqual(1);
    expect((await c.get(`/v1/deposit/${d.deposit_id}`)).body).toMatchObject({ deposit_status: 'COMPLETED', complete_time: NOW });
    expect(await walletBalance(t.services, accountId, 'USD')).toBe('40');
    const names = (await t.db.prisma.outboxEvent.findMany({ where: { sourceId: d.deposit_id } })).map((e) => e.eventName);
    expect(names.sort()).toEqual(['deposit.complete.succeeded', 'deposit.create.succeeded']);
  });

  it('a PENDING deposit is completed by the in-process worker with no one asking', async () => {
    const { c, accountId } = await freshCaller();
    const d = await simulateDeposit(c, { amount: 3, sender_swift_code: 'PENDXXXX' });
    const worker = new Worker(t.services, pino({ level: 'silent' }));
    worker.start();
    try {
      let status = d.deposit_status as string;
      for (let i = 0; i < 200 && status === 'PENDING'; i++) {
        await new Promise((r) => setTimeout(r, 50));
        status = (await c.get(`/v1/deposit/${d.deposit_id}`)).body.deposit_status;
      }
      expect(status).toBe('COMPLETED');
    } finally {
      await worker.stop();
    }
    expect(await walletBalance(t.services, accountId, 'USD')).toBe('3');
  });

  it('a PENDING deposit waits for the next advance of a frozen test clock, and completes at its due time', async () => {
    const { c, accountId } = await freshCaller();
    await advance(c, 60); // freezes the tree's time at 10:01:00
    const d = await simulateDeposit(c, { amount: 10, sender_swift_code: 'PENDGB2L' });
    expect(d.create_time).toBe('2026-11-21T10:01:00.000Z');
    await runDueTransitions(t.services, { realClock: true });
    expect((await c.get(`/v1/deposit/${d.deposit_id}`)).body.deposit_status).toBe('PENDING');
    const adv = await c.post('/v1/simulation/clock/advance', { seconds: 1 }, { key: null });
    expect(adv.body.transitions_run).toBe(1);
    expect((await c.get(`/v1/deposit/${d.deposit_id}`)).body).toMatchObject({
      deposit_status: 'COMPLETED',
      complete_time: '2026-11-21T10:01:00.000Z',
    });
    expect(await walletBalance(t.services, accountId, 'USD')).toBe('10');
  });

  it('under a frozen test clock the default deposit completes at once, at the frozen time', async () => {
    const { c, accountId } = await freshCaller();
    await advance(c, 120);
    const d = await simulateDeposit(c, { amount: 5 });
    expect(d).toMatchObject({ deposit_status: 'COMPLETED', create_time: '2026-11-21T10:02:00.000Z', complete_time: '2026-11-21T10:02:00.000Z' });
    expect(await walletBalance(t.services, accountId, 'USD')).toBe('5');
  });

  it("lands in the sub-account's wallet with x-on-behalf-of, not the master's", async () => {
    const master = await makeMaster(t.services, { name: 'Parent' });
    const sub = await makeSub(t.services, master, 'Child');
    const asMaster = await clientOf(t, master);
    const asSub = asMaster.as(sub.id);
    const d = await simulateDeposit(asSub, { amount: 42 });
    expect(await walletBalance(t.services, sub.id, 'USD')).toBe('42');
    expect(await walletBalance(t.services, master.account.id, 'USD')).toBe('0');
    expect((await asSub.get(`/v1/deposit/${d.deposit_id}`)).body.deposit_status).toBe('COMPLETED');
    expect((await asMaster.get(`/v1/deposit/${d.deposit_id}`)).body).toEqual({ code: 400, message: 'entity not found' });
    expect((await asMaster.get('/v1/deposit', { page_number: 1, page_size: 10 })).body.total_items).toBe(0);
  });
});

describe('GET /v1/deposit and /v1/deposit/{id} (BT4, BT5)', () => {
  it('lists newest first with page_number / page_size and the Page envelope', async () => {
    const { c } = await freshCaller();
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      ids.push((await simulateDeposit(c, { amount: i + 1 })).deposit_id);
      t.clock.advance(60);
    }
    const p1 = await c.get('/v1/deposit', { page_number: 1, page_size: 2 });
    expect(p1.status).toBe(200);
    expect(p1.body).toMatchObject({ total_pages: 2, total_items: 3 });
    expect(p1.body.data.map((d: RestDeposit) => d.deposit_id)).toEqual([ids[2], ids[1]]);
    const p2 = await c.get('/v1/deposit', { page_number: 2, page_size: 2 });
    expect(p2.body.data.map((d: RestDeposit) => d.deposit_id)).toEqual([ids[0]]);
  });

  it('filters by status and by an inclusive start_time / end_time', async () => {
    const { c } = await freshCaller();
    const start = t.clock.now();
    const early = await simulateDeposit(c, { amount: 1 });
    t.clock.advance(300);
    const failing = await simulateDeposit(c, { amount: 2, sender_swift_code: 'FAILXXXX' });
    t.clock.advance(300);
    const late = await simulateDeposit(c, { amount: 3 });
    t.clock.advance(300);
    const pending = await simulateDeposit(c, { amount: 4, sender_swift_code: 'PENDXXXX' });
    const ids = async (query: Record<string, string>) =>
      (await c.get<{ data: RestDeposit[] }>('/v1/deposit', query)).body.data.map((d) => d.deposit_id);
    expect(await ids({ status: 'FAILED' })).toEqual([failing.deposit_id]);
    expect(await ids({ status: 'COMPLETED' })).toEqual([late.deposit_id, early.deposit_id]);
    expect(await ids({ status: 'pending' })).toEqual([pending.deposit_id]);
    const mid = new Date(start.getTime() + 300_000).toISOString();
    expect(await ids({ start_time: mid, end_time: mid })).toEqual([failing.deposit_id]);
    expect(await ids({ end_time: mid })).toEqual([failing.deposit_id, early.deposit_id]);
  });

  it.each([
    ['an unknown status', 'status=DONE', "Invalid value for field 'status': must be one of PENDING, COMPLETED, FAILED"],
    ['a start_time that is no time', 'start_time=yesterday', "Invalid value for field 'start_time': must be an RFC 3339 date-time or a YYYY-MM-DD date"],
    ['an end_time before the start_time', 'start_time=2026-11-21&end_time=2026-11-20', "Invalid value for field 'end_time': must not be before 'start_time'"],
    ['a page_size of 0', 'page_size=0', "Invalid value for field 'page_size': must be an integer from 1 to 100"],
    ['a page_number of 0', 'page_number=0', `Invalid value for field 'page_number': must be an integer from 1 to ${Number.MAX_SAFE_INTEGER}`],
  ])('refuses %s', async (_name, query, message) => {
    const res = await (await freshCaller()).c.get(`/v1/deposit?${query}`);
    expect([res.status, res.body]).toEqual([400, { code: 400, message }]);
  });

  it("answers an unknown, malformed or another tenant's id alike: 400 entity not found", async () => {
    const { c: owner } = await freshCaller('Owner');
    const d = await simulateDeposit(owner);
    expect((await owner.get(`/v1/deposit/${d.deposit_id}`)).body).toMatchObject({ deposit_id: d.deposit_id, amount: '100.00' });
    const { c: stranger } = await freshCaller('Stranger');
    for (const id of [d.deposit_id, randomUUID(), 'not-a-uuid']) {
      const res = await stranger.get(`/v1/deposit/${id}`);
      expect([res.status, res.raw]).toEqual([400, JSON.stringify({ code: 400, message: 'entity not found' })]);
    }
  });
});
