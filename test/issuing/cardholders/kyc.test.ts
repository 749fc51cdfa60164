import { startTestApp, type TestApp } from '../../support/app';
import type { Client } from '../../support/client';
import { advance } from '../../support/sandbox';
import { createHolder, issuer } from './fixtures';
import { deliveredData } from '../../support/events';

let t: TestApp;
let c: Client;

beforeAll(async () => {
  t = await startTestApp();
  c = await issuer(t, 'KYC');
});
afterAll(() => t.close());

const kycEvents = async (id: string) =>
  (await t.db.prisma.outboxEvent.findMany({ where: { sourceId: id, eventName: 'cardholder.kyc.status_changed' }, orderBy: { createdAt: 'asc' } })).map(
    (e) => deliveredData(e) as Record<string, unknown>,
  );

/** The fields of the official client's CardholderKycStatusChangedPayload (every one is in the event). */
const PAYLOAD_KEYS = ['cardholder_id', 'email', 'first_name', 'last_name', 'date_of_birth', 'country_code', 'nationality', 'phone_number', 'cardholder_status', 'idv_status', 'idv_provider', 'create_time'].sort();

describe('the simulated identity check, THIRD_PARTY (spec 2.8, 3.1)', () => {
  it('starts PENDING and passes on the clock: SUCCESS, review SUCCESS, idv PASSED, with the event payload', async () => {
    const ref = await createHolder(c, { kyc_verification: { method: 'THIRD_PARTY' }, nationality: 'SG' });
    expect(ref).toEqual({ cardholder_id: ref.cardholder_id, cardholder_status: 'PENDING' });
    expect((await c.get(`/v1/issuing/cardholders/${ref.cardholder_id}`)).body).toMatchObject({ cardholder_status: 'PENDING', review_status: 'PENDING', idv_status: 'PENDING' });
    await advance(c, 4);
    expect((await c.get(`/v1/issuing/cardholders/${ref.cardholder_id}`)).body.cardholder_status).toBe('PENDING');
    await advance(c, 1);
    const after = (await c.get(`/v1/issuing/cardholders/${ref.cardholder_id}`)).body;
    expect(after).toMatchObject({ cardholder_status: 'SUCCESS', review_status: 'SUCCESS', idv_status: 'PASSED' });
    const [event, ...more] = await kycEvents(ref.cardholder_id);
    expect(more).toEqual([]);
    // The official client's payload fields are all there, and the rest is the REST object (issue 11).
    expect(Object.keys(event!)).toEqual(expect.arrayContaining(PAYLOAD_KEYS));
    expect(event).toMatchObject({
      cardholder_id: ref.cardholder_id,
      email: after.email,
      first_name: 'Jane',
      last_name: "O'Neil-Smith",
      date_of_birth: '1990-05-17',
      country_code: 'SG',
      nationality: 'SG',
      phone_number: after.phone_number,
      cardholder_status: 'SUCCESS',
      idv_status: 'PASSED',
      idv_provider: '',
      create_time: after.create_time,
    });
    expect(event).toEqual({ ...after, idv_provider: '' });
    const row = await t.db.prisma.outboxEvent.findFirstOrThrow({ where: { sourceId: ref.cardholder_id, eventName: 'cardholder.kyc.status_changed' } });
    expect(row.eventType).toBe('ISSUING');
  });

  it('fails for the sandbox test value kyc_fail in the email', async () => {
    const ref = await createHolder(c, { email: 'ann+kyc_fail@example.com', kyc_verification: { method: 'THIRD_PARTY' } });
    await advance(c, 5);
    expect((await c.get(`/v1/issuing/cardholders/${ref.cardholder_id}`)).body).toMatchObject({ cardholder_status: 'FAILED', review_status: 'FAILED', idv_status: 'FAILED' });
    expect((await kycEvents(ref.cardholder_id)).map((e) => [e.cardholder_status, e.idv_status, e.date_of_birth, e.nationality])).toEqual([['FAILED', 'FAILED', '1990-05-17', '']]);
  });

  it('restarts on an update with kyc_verification: PENDING again (an event), then the new outcome', async () => {
    const ref = await createHolder(c);
    const res = await c.post(`/v1/issuing/cardholders/${ref.cardholder_id}`, { kyc_verification: { method: 'THIRD_PARTY' } });
    expect(res.body).toEqual({ cardholder_id: ref.cardholder_id, cardholder_status: 'PENDING' });
    await advance(c, 5);
    expect((await kycEvents(ref.cardholder_id)).map((e) => e.cardholder_status)).toEqual(['PENDING', 'SUCCESS']);
  });
});

describe('the simulated identity check, redirect mode (IDV page)', () => {
  const pagePath = (url: string) => new URL(url).pathname;

  it('answers an idv_verification_url on the same origin with its expiry; approve passes the check once', async () => {
    const ref = await createHolder(c, { kyc_verification: { method: 'SUMSUB_REDIRECT' } });
    expect(ref).toEqual({
      cardholder_id: ref.cardholder_id,
      cardholder_status: 'PENDING',
      idv_verification_url: expect.stringMatching(/^http:\/\/localhost(:\d+)?\/issuing\/idv\/[0-9a-f-]{36}\.[A-Za-z0-9_-]{43}$/),
      idv_url_expires_at: expect.any(String),
    });
    // The link lives 24 hours from the cardholder's creation on the tree's clock.
    const created = (await c.get(`/v1/issuing/cardholders/${ref.cardholder_id}`)).body;
    expect(Date.parse(ref.idv_url_expires_at) - Date.parse(`${created.create_time.replace(' ', 'T')}Z`)).toBe(24 * 60 * 60 * 1000);
    expect(created).toMatchObject({ idv_status: 'PENDING', idv_verification_url: ref.idv_verification_url, idv_url_expires_at: ref.idv_url_expires_at });
    const path = pagePath(ref.idv_verification_url);
    const page = await t.inject({ method: 'GET', url: path });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-security-policy']).toContain("default-src 'none'");
    expect(page.body).toContain('Identity verification');
    const approved = await t.inject({ method: 'POST', url: `${path}/approve` });
    expect(approved.statusCode).toBe(200);
    const after = (await c.get(`/v1/issuing/cardholders/${ref.cardholder_id}`)).body;
    expect(after).toMatchObject({ cardholder_status: 'SUCCESS', review_status: 'SUCCESS', idv_status: 'PASSED' });
    expect(after.idv_verification_url).toBeUndefined();
    expect((await kycEvents(ref.cardholder_id)).map((e) => [e.cardholder_status, e.idv_status, e.idv_provider])).toEqual([['SUCCESS', 'PASSED', 'PAYRAIL_SANDBOX']]);
    // Single use: the link is dead now, for viewing and answering alike.
    expect((await t.inject({ method: 'GET', url: path })).statusCode).toBe(400);
    expect((await t.inject({ method: 'POST', url: `${path}/reject` })).statusCode).toBe(400);
    expect((await kycEvents(ref.cardholder_id))).toHaveLength(1);
  });

  it('reject fails the check; forged, foreign and expired links are refused', async () => {
    const ref = await createHolder(c, { kyc_verification: { method: 'IDVPROVIDER_REDIRECT' } });
    const path = pagePath(ref.idv_verification_url);
    const forged = path.slice(0, -3) + (path.endsWith('AAA') ? 'BBB' : 'AAA');
    expect((await t.inject({ method: 'POST', url: `${forged}/approve` })).statusCode).toBe(400);
    expect((await t.inject({ method: 'GET', url: '/issuing/idv/not-a-token' })).statusCode).toBe(400);
    expect((await t.inject({ method: 'POST', url: `${path}/reject` })).statusCode).toBe(200);
    expect((await c.get(`/v1/issuing/cardholders/${ref.cardholder_id}`)).body).toMatchObject({ cardholder_status: 'FAILED', idv_status: 'FAILED' });

    const late = await createHolder(c, { kyc_verification: { method: 'SUMSUB_REDIRECT' } });
    await advance(c, 24 * 60 * 60);
    expect((await t.inject({ method: 'GET', url: pagePath(late.idv_verification_url) })).statusCode).toBe(400);
    expect((await c.get(`/v1/issuing/cardholders/${late.cardholder_id}`)).body.cardholder_status).toBe('PENDING');
  });
});
