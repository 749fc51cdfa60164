import { startTestApp, type TestApp } from '../support/app';
import type { Client } from '../support/client';
import { DecidedAuthorizationDocument, DecidedCardTransactionDocument } from '../support/graphql.generated';
import { issuer } from '../issuing/cardholders/fixtures';
import { activeCard, authBody, authorize, issuingBalances } from '../issuing/transactions/fixtures';
import { customerKeyPair, startCustomer, type Customer, type KeyPair } from './customer';
import { configure, TRANSACTION_FIELDS } from './fixtures';
import { askPartner } from '../../src/domain/issuing/auth-decisions/call';
import { authDecisionDeps } from '../../src/domain/issuing/auth-decisions/contract';
import { toAuthDecisionTransaction } from '../../src/domain/issuing/auth-decisions/transaction';
import { refusingPort } from '../support/ports';
import { makeMaster } from '../support/tenants';

/**
 * Issue 11, "The call": an authorization payrail's rules approve is put to the account's decision
 * endpoint, a server built as the official client's createHandler (customer.ts). A PGP round trip
 * on a loaded machine can take a second or more, so where the customer answers the deadline
 * (PAYRAIL_AUTH_DECISION_TIMEOUT_MS) is ten times that; where it must not answer in time, its
 * answer waits for the test's release, and a second app with a short deadline keeps those tests fast.
 */
const TIMEOUT_MS = 15_000;
const SHORT_TIMEOUT_MS = 300;
let t: TestApp;
let keys: KeyPair;
let customer: Customer;

beforeAll(async () => {
  [t, keys] = await Promise.all([startTestApp({ config: { authDecisionTimeoutMs: TIMEOUT_MS } }), customerKeyPair()]);
  customer = await startCustomer(keys);
});
afterAll(async () => {
  await customer.close();
  await t.close();
});

/** A fresh issuer with an ACTIVE card and its decisions pointed at the customer. */
async function configured(strategy: 'DECLINE' | 'DELEGATE', issuing = '100.00', app: TestApp = t): Promise<{ me: Client; cardId: string; accountId: string }> {
  const me = await issuer(app);
  const card = await activeCard(app, me, issuing);
  await configure(me, customer, keys, strategy);
  return { me, ...card };
}

/** payrail alone decided: REST shows no decided_by (the spec's answer exactly), GraphQL says PAYRAIL. */
async function expectDecidedByPayrail(c: Client, ...ids: string[]): Promise<void> {
  for (const id of ids) {
    expect((await c.get(`/v1/issuing/transactions/${id}`)).body.decided_by).toBeUndefined();
    expect((await c.gql(DecidedCardTransactionDocument, { id })).data!.cardTransaction).toMatchObject({ decidedBy: 'PAYRAIL', partnerReferenceId: null });
  }
}

const askedAbout = (transactionId: string) => customer.received.filter((r) => r.transaction_id === transactionId);

describe('authorization decisions: the call', () => {
  it("approves on 00: the customer decrypts the client's AuthDecisionTransaction JSON; PARTNER and its reference are recorded", async () => {
    const { me, cardId, accountId } = await configured('DECLINE');
    customer.behave({ decide: () => ({ response_code: '00', partner_reference_id: 'ref-approve-1' }) });
    const res = await authorize(me, cardId, { transaction_amount: 12.5, merchant_city: 'Singapore', merchant_country: 'SG' });
    expect(res).toMatchObject({ transaction_status: 'APPROVED', decided_by: 'PARTNER', partner_reference_id: 'ref-approve-1', billing_amount: 12.5 });
    expect(res.failure_reason).toBeUndefined();
    expect(await issuingBalances(t, accountId)).toEqual(['87.5', '12.5', '0']);

    const [asked] = askedAbout(res.transaction_id as string);
    expect(Object.keys(asked!)).toEqual([...TRANSACTION_FIELDS]);
    expect(asked).toMatchObject({
      transaction_id: res.transaction_id,
      transaction_type: 1,
      card_id: cardId,
      processing_code: '000000',
      billing_amount: 12.5,
      transaction_amount: 12.5,
      auth_amount: 12.5,
      billing_currency_code: 'USD',
      transaction_currency_code: 'USD',
      auth_currency_code: 'USD',
      card_balance: 100,
      merchant_name: 'Coffee Corner',
      merchant_category_code: '5814',
      merchant_city: 'Singapore',
      merchant_country: 'SG',
    });
    expect(new Date(asked!.date_of_transaction as string).toISOString()).toBe(res.transaction_time);
    // The body on the wire is an armored PGP message, sent as application/json as the provider does.
    const last = customer.raw[customer.raw.length - 1]!;
    expect(last.body.startsWith('-----BEGIN PGP MESSAGE-----')).toBe(true);
    expect(last.contentType).toBe('application/json');
  });

  it('declines on any other code (51), recording it as the failure reason in the REST and GraphQL views; nothing is held', async () => {
    const { me, cardId, accountId } = await configured('DELEGATE');
    customer.behave({ decide: () => ({ response_code: '51', partner_reference_id: 'ref-nsf' }) });
    const res = await authorize(me, cardId);
    expect(res).toMatchObject({ transaction_status: 'DECLINED', failure_reason: '51', decided_by: 'PARTNER', partner_reference_id: 'ref-nsf' });
    expect(res.authorization_code).toBeUndefined();
    expect(await issuingBalances(t, accountId)).toEqual(['100', '0', '0']);

    const got = await me.get(`/v1/issuing/transactions/${res.transaction_id as string}`);
    expect(got.body).toMatchObject({ transaction_status: 'DECLINED', failure_reason: '51', decided_by: 'PARTNER', partner_reference_id: 'ref-nsf' });
    const gql = await me.gql(DecidedCardTransactionDocument, { id: res.transaction_id as string });
    expect(gql.data!.cardTransaction).toEqual({ id: res.transaction_id, transactionStatus: 'DECLINED', failureReason: '51', decidedBy: 'PARTNER', partnerReferenceId: 'ref-nsf' });
    const events = await t.db.prisma.outboxEvent.findMany({ where: { sourceId: res.transaction_id as string } });
    expect(events.map((e) => e.eventName)).toEqual(['card.authorization.declined']);
  });

  it('GraphQL simulateCardAuthorization asks the same endpoint: a 05 declines with that code', async () => {
    const { me, cardId } = await configured('DELEGATE');
    customer.behave({ decide: () => ({ response_code: '05', partner_reference_id: 'ref-gql' }) });
    const input = { cardId, transactionAmount: '3', transactionCurrency: 'USD', merchantName: 'Kiosk', merchantCategoryCode: '5814', transactionStatus: 'APPROVED' as const };
    const res = await me.gql(DecidedAuthorizationDocument, { input });
    expect(res.errors).toBeUndefined();
    const tx = res.data!.simulateCardAuthorization.cardTransaction!;
    expect(tx).toEqual({ id: expect.any(String), transactionStatus: 'DECLINED', failureReason: '05', decidedBy: 'PARTNER', partnerReferenceId: 'ref-gql' });
    expect(askedAbout(tx.id)).toHaveLength(1);
  });

  it("an answer naming another transaction_id is no valid answer: the timeout strategy applies", async () => {
    const { me, cardId } = await configured('DECLINE');
    customer.behave({
      raw: (_tx, encrypt) => encrypt(JSON.stringify({ transaction_id: '00000000-0000-4000-8000-000000000000', response_code: '00', partner_reference_id: 'x' })),
    });
    const res = await authorize(me, cardId);
    expect(res).toMatchObject({ transaction_status: 'DECLINED', failure_reason: 'AUTH_DECISION_TIMEOUT', decided_by: 'TIMEOUT_STRATEGY' });
  });

  it('garbage answers are no valid answer: plain text, JSON in clear, a message to another key, a bad response_code', async () => {
    const { me, cardId } = await configured('DELEGATE');
    const other = await customerKeyPair('Other');
    const openpgp = await import('openpgp');
    const answers: ((tx: { transaction_id: string }, encrypt: (s: string) => Promise<string>) => Promise<string>)[] = [
      async () => 'approved!',
      async (tx) => JSON.stringify({ transaction_id: tx.transaction_id, response_code: '00' }),
      async (tx) =>
        (await openpgp.encrypt({
          message: await openpgp.createMessage({ text: JSON.stringify({ transaction_id: tx.transaction_id, response_code: '51' }) }),
          encryptionKeys: await openpgp.readKey({ armoredKey: other.publicKey }),
        })) as string,
      (tx, encrypt) => encrypt(JSON.stringify({ transaction_id: tx.transaction_id, response_code: 51 })),
    ];
    for (const raw of answers) {
      customer.behave({ raw });
      // DELEGATE: a decline here could only come from the invalid answer being taken for one.
      const res = await authorize(me, cardId, { transaction_amount: 1 });
      expect(res).toMatchObject({ transaction_status: 'APPROVED', decided_by: 'TIMEOUT_STRATEGY' });
    }
  });

  it("is not asked when payrail's own rules decline (insufficient funds, forced decline): PAYRAIL decided", async () => {
    const { me, cardId } = await configured('DELEGATE', '5.00');
    customer.behave({ decide: () => ({ response_code: '00' }) });
    const before = customer.received.length;
    const poor = await authorize(me, cardId, { transaction_amount: 50 });
    expect(poor).toMatchObject({ transaction_status: 'DECLINED', failure_reason: 'INSUFFICIENT_FUNDS' });
    const forced = await authorize(me, cardId, { transaction_status: 'DECLINED' });
    expect(forced).toMatchObject({ transaction_status: 'DECLINED', failure_reason: 'DECLINED_BY_REQUEST' });
    expect(customer.received.length).toBe(before);
    await expectDecidedByPayrail(me, poor.transaction_id as string, forced.transaction_id as string);
  });

  it('{"enabled": false} turns the call off: payrail decides alone', async () => {
    const { me, cardId } = await configured('DECLINE');
    const off = await me.post('/v1/issuing/auth_decision', { enabled: false });
    expect(off.status).toBe(200);
    expect(off.body).toMatchObject({ enabled: false, url: customer.url, timeout_strategy: 'DECLINE' });
    customer.behave({ decide: () => ({ response_code: '51' }) });
    const before = customer.received.length;
    const res = await authorize(me, cardId);
    expect(res).toMatchObject({ transaction_status: 'APPROVED' });
    expect(customer.received.length).toBe(before);
    await expectDecidedByPayrail(me, res.transaction_id as string);
  });

  it('a retry with the same idempotency key replays the answer without asking the customer again', async () => {
    const { me, cardId } = await configured('DECLINE');
    customer.behave({ decide: () => ({ response_code: '00', partner_reference_id: 'once' }) });
    const key = '7b0d6a39-5d0f-4a63-9d8e-2f61b1f2a001';
    const first = await me.post('/v1/simulation/issuing/authorization', authBody(cardId), { key });
    const again = await me.post('/v1/simulation/issuing/authorization', authBody(cardId), { key });
    expect(first.status).toBe(200);
    expect(again.raw).toBe(first.raw);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(askedAbout(first.body.transaction_id as string)).toHaveLength(1);
  });

  it('holds no row lock, advisory lock or transaction while the customer decides', async () => {
    const { me, cardId, accountId } = await configured('DECLINE');
    const key = 'c4a1d2e3-0b5f-4c6d-8e7f-9a0b1c2d3e4f';
    let probed: string[] = [];
    customer.behave({
      decide: async () => {
        // payrail is waiting on this answer now: every lock the authorization will take must be free.
        const client = await t.db.pool.connect();
        try {
          await client.query('BEGIN');
          await client.query('SET LOCAL lock_timeout = 1');
          await client.query('SELECT 1 FROM cards WHERE id = $1 FOR UPDATE NOWAIT', [cardId]);
          await client.query(`SELECT 1 FROM ledger_accounts WHERE account_id = $1 AND purpose = 'ISSUING_AVAILABLE' FOR UPDATE NOWAIT`, [accountId]);
          const advisory = await client.query<{ ok: boolean }>('SELECT pg_try_advisory_xact_lock(hashtextextended($1, 4242)) AS ok', [key]);
          const open = await client.query<{ n: string }>(
            `SELECT count(*) AS n FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid() AND state LIKE 'idle in transaction%'`,
          );
          probed = [`advisory ${advisory.rows[0]!.ok}`, `open transactions ${open.rows[0]!.n}`];
        } finally {
          await client.query('ROLLBACK');
          client.release();
        }
        return { response_code: '00' };
      },
    });
    const res = await me.post('/v1/simulation/issuing/authorization', authBody(cardId), { key });
    expect(res.body).toMatchObject({ transaction_status: 'APPROVED', decided_by: 'PARTNER' });
    expect(probed).toEqual(['advisory true', 'open transactions 0']);
  });

  it('two authorizations racing for the last room: both asked once; the posting re-check declines the one that no longer fits', async () => {
    const { me, cardId, accountId } = await configured('DELEGATE', '15.00');
    // Both are read (15.00 available) and put to the customer before either commits: the customer
    // answers neither until it has been asked about both.
    const before = customer.received.length;
    let release!: () => void;
    const bothAsked = new Promise<void>((resolve) => (release = resolve));
    customer.behave({
      decide: async () => {
        if (customer.received.length - before >= 2) release();
        await bothAsked;
        return { response_code: '00' };
      },
    });
    const answers = await Promise.all([authorize(me, cardId), authorize(me, cardId)]);
    const approvedOne = answers.filter((a) => a.transaction_status === 'APPROVED');
    const declined = answers.filter((a) => a.transaction_status === 'DECLINED');
    expect(approvedOne).toHaveLength(1);
    expect(approvedOne[0]).toMatchObject({ decided_by: 'PARTNER' });
    expect(declined).toHaveLength(1);
    expect(declined[0]).toMatchObject({ failure_reason: 'INSUFFICIENT_FUNDS' });
    for (const a of answers) expect(askedAbout(a.transaction_id as string)).toHaveLength(1);
    expect(await issuingBalances(t, accountId)).toEqual(['5', '10', '0']);
  });

  it("tenancy: one account's endpoint is never asked about another account's cards", async () => {
    const { me } = await configured('DECLINE');
    const other = await issuer(t);
    const { cardId } = await activeCard(t, other, '100.00');
    customer.behave({ decide: () => ({ response_code: '51' }) });
    const before = customer.received.length;
    const res = await authorize(other, cardId);
    expect(res).toMatchObject({ transaction_status: 'APPROVED' });
    await expectDecidedByPayrail(other, res.transaction_id as string);
    expect(customer.received.length).toBe(before);
    expect((await me.get('/v1/issuing/auth_decision')).body.enabled).toBe(true);
    expect((await other.get('/v1/issuing/auth_decision')).body).toMatchObject({ enabled: false, url: null, public_key: null, timeout_strategy: null });
  });
});

describe('authorization decisions: no answer within the deadline', () => {
  let quick: TestApp;
  beforeAll(async () => {
    quick = await startTestApp({ config: { authDecisionTimeoutMs: SHORT_TIMEOUT_MS } });
  });
  afterAll(() => quick.close());

  /** Runs `call` while the customer holds its answer (`code`), and lets it answer only after payrail has decided without it. */
  async function answeredLate<T>(code: string, call: () => Promise<T>): Promise<T> {
    let answer!: () => void;
    const released = new Promise<void>((resolve) => (answer = resolve));
    customer.behave({ decide: () => released.then(() => ({ response_code: code })) });
    try {
      return await call();
    } finally {
      answer();
    }
  }

  it('no answer within the deadline with DECLINE: declined as AUTH_DECISION_TIMEOUT by TIMEOUT_STRATEGY', async () => {
    const { me, cardId, accountId } = await configured('DECLINE', '100.00', quick);
    const res = await answeredLate('00', () => authorize(me, cardId));
    expect(res).toMatchObject({ transaction_status: 'DECLINED', failure_reason: 'AUTH_DECISION_TIMEOUT', decided_by: 'TIMEOUT_STRATEGY' });
    expect(res.partner_reference_id).toBeUndefined();
    expect(askedAbout(res.transaction_id as string)).toHaveLength(1);
    expect(await issuingBalances(quick, accountId)).toEqual(['100', '0', '0']);
  });

  it("no answer within the deadline with DELEGATE: payrail's own rules decide, and they approved", async () => {
    const { me, cardId, accountId } = await configured('DELEGATE', '100.00', quick);
    const res = await answeredLate('05', () => authorize(me, cardId));
    expect(res).toMatchObject({ transaction_status: 'APPROVED', decided_by: 'TIMEOUT_STRATEGY' });
    expect(res.failure_reason).toBeUndefined();
    expect(await issuingBalances(quick, accountId)).toEqual(['90', '10', '0']);
  });
});

describe('authorization decisions without the loopback opt-in (production mode)', () => {
  let prod: TestApp;
  beforeAll(async () => {
    prod = await startTestApp({ config: { mode: 'production', outbound: { allowLoopback: false }, authDecisionTimeoutMs: TIMEOUT_MS } });
  });
  afterAll(() => prod.close());

  it('a loopback decision URL is accepted as configuration, but never called: the timeout strategy decides', async () => {
    const me = await issuer(prod);
    const { cardId, accountId } = await activeCard(prod, me, '100.00');
    await configure(me, customer, keys, 'DECLINE');
    customer.behave({ decide: () => ({ response_code: '00' }) });
    const before = customer.raw.length;
    const res = await authorize(me, cardId);
    expect(res).toMatchObject({ transaction_status: 'DECLINED', failure_reason: 'AUTH_DECISION_TIMEOUT', decided_by: 'TIMEOUT_STRATEGY' });
    expect(customer.raw.length).toBe(before);
    expect(await issuingBalances(prod, accountId)).toEqual(['100', '0', '0']);
  });
});

describe('what a failed decision call says', () => {
  it("its class only, never the socket's words: a closed port is 'refused'", async () => {
    const closed = await refusingPort();
    const port = closed.port;
    const tenant = await makeMaster(t.services, { name: 'Closed decisions' });
    const now = t.clock.now();
    const transaction = toAuthDecisionTransaction({
      transactionId: '00000000-0000-4000-8000-000000000001', cardId: '00000000-0000-4000-8000-000000000002', transactionAmount: '1.00', transactionCurrency: 'USD',
      billingAmount: '1.00', billingCurrency: 'USD', cardBalance: '10.00', merchantName: 'M', merchantCategoryCode: '5999', merchantCity: 'C', merchantCountry: 'SG', at: now,
    });
    const endpoint = { url: `http://127.0.0.1:${port}/decide`, publicKey: keys.publicKey, timeoutStrategy: 'DECLINE' as const };
    const outcome = await askPartner(t.db, authDecisionDeps(t.services), tenant.account.id, now, endpoint, transaction).finally(() => closed.release());
    expect(outcome).toEqual({ answered: false, why: 'refused: the connection was refused' });
  });
});
