import { createHash } from 'node:crypto';
import { startTestApp, type TestApp } from '../../support/app';
import type { Client } from '../../support/client';
import { advance } from '../../support/sandbox';
import { issuer } from '../cardholders/fixtures';
import { activePhysicalCard, createCard } from '../cards/fixtures';
import { activeCard, panOf, revealer } from './fixtures';

let t: TestApp;
let c: Client;
let plain: Client;

const LIMIT = 3;
const WINDOW = 60;

beforeAll(async () => {
  t = await startTestApp({ config: { cardSecretRateLimit: LIMIT, cardSecretRateWindowSeconds: WINDOW } });
  c = await revealer(t);
  plain = await issuer(t, 'No permission');
});
afterAll(() => t.close());

const secure = (cl: Client, id: string) => cl.get(`/v1/issuing/cards/${id}/secure`);
const token = (cl: Client, id: string) => cl.post(`/v1/issuing/cards/${id}/token`, {}, { key: null });
const statusNotSupported = { type: 'card_error', code: 'status_not_supported', message: 'card status or activation status not supported by request' };
const notFound = { type: 'card_error', code: 'card_not_found', message: 'card not found or deactivated' };
const forbidden = { type: 'unauthorized_error', code: 'forbidden', message: 'API key lacks permission' };
const tooFrequent = { code: 429, message: 'Request is too frequent' };

describe('GET /v1/issuing/cards/{id}/secure (CI6)', () => {
  it('answers the full number, a three-digit CVV and the expiry as MM/YY (creation month, 3 years on)', async () => {
    const id = await activeCard(c);
    const res = await secure(c, id);
    expect(res.status).toBe(200);
    const pan = await panOf(t, id);
    // The test app's clock starts at 2026-11-21: the card expires 11/29.
    expect(res.body).toEqual({ card_number: pan, cvv: expect.stringMatching(/^\d{3}$/), expire_date: '11/29' });
    const masked = (await c.get(`/v1/issuing/cards/${id}`)).body.card_number as string;
    expect([masked.slice(0, 6), masked.slice(-4)]).toEqual([pan.slice(0, 6), pan.slice(-4)]);
  });

  it('answers the known CVV of a known card number: 875 for 4910901234567899 expiring 11/29', async () => {
    // The test app's root key (test1, 32 bytes of 0x09) gives the CVV key
    // 79459d62357dedbebc73fe3f91e17e46c5b5bba5542c64cc094d47e5976906b7 (HKDF, pinned in
    // test/issuing/card-data/known-answers.test.ts); then
    //   printf '%s' '4910901234567899|1129' | openssl dgst -sha256 -mac HMAC -macopt hexkey:79459d62...06b7
    // = 70cbbc22...: 0x70cb = 28875, below 65,000, so the CVV is 28875 mod 1000 = 875.
    const id = await activePhysicalCard(c, '246810', '4910901234567899');
    const res = await secure(c, id);
    expect([res.status, res.body]).toEqual([200, { card_number: '4910901234567899', cvv: '875', expire_date: '11/29' }]);
  });

  it('answers the same CVV every time for a card', async () => {
    const id = await activeCard(c);
    const [a, b] = [await secure(c, id), await secure(c, id)];
    expect(a.body.cvv).toMatch(/^\d{3}$/);
    expect(b.body.cvv).toBe(a.body.cvv);
  });

  it('reveals a FROZEN card', async () => {
    const id = await activeCard(c);
    expect((await c.post(`/v1/issuing/cards/${id}/status`, { card_status: 'FROZEN' })).status).toBe(200);
    expect((await secure(c, id)).status).toBe(200);
  });

  it('refuses a key without the permission: 403 envelope A forbidden', async () => {
    const id = await activeCard(plain);
    const res = await secure(plain, id);
    expect([res.status, res.body]).toEqual([403, forbidden]);
  });

  it('answers card_not_found for an unknown, malformed or other tenant\'s card', async () => {
    const other = await activeCard(plain);
    for (const id of ['00000000-0000-4000-8000-000000000000', 'nope', other]) {
      const res = await secure(c, id);
      expect([res.status, res.body]).toEqual([400, notFound]);
    }
  });

  it('answers status_not_supported for a PENDING or a CANCELLED card', async () => {
    const { card_id: pending } = await createCard(c);
    expect([(await secure(c, pending as string)).status, (await secure(c, pending as string)).body]).toEqual([400, statusNotSupported]);
    const cancelled = await activeCard(c);
    await c.post(`/v1/issuing/cards/${cancelled}/status`, { card_status: 'CANCELLED' });
    expect((await secure(c, cancelled)).body).toEqual(statusNotSupported);
  });

  it('answers status_not_supported for a card past its expiry_at whose cancel has not run', async () => {
    const own = await revealer(t, 'Expiry'); // a tree of its own: its clock starts at the process clock
    const id = await activeCard(own, { expiry_at: new Date(t.clock.now().getTime() + 10_000).toISOString() });
    // Hold the expiry cancel back, so the card is still ACTIVE with its expiry_at behind it.
    await t.db.prisma.scheduledTransition.deleteMany({ where: { kind: 'card.expire', subjectId: id } });
    await advance(own, 60);
    expect((await own.get(`/v1/issuing/cards/${id}`)).body.card_status).toBe('ACTIVE');
    expect((await secure(own, id)).body).toEqual(statusNotSupported);
  });

  it('records every reveal in the audit table with the key that asked', async () => {
    const id = await activeCard(c);
    await secure(c, id);
    await token(c, id);
    const rows = await t.db.prisma.cardSecretAccess.findMany({ where: { cardId: id }, orderBy: { createdAt: 'asc' } });
    expect(rows.map((r) => [r.kind, r.channel, typeof r.clientId])).toEqual([
      ['SECURE_DETAILS', 'REST', 'string'],
      ['PAN_TOKEN', 'REST', 'string'],
    ]);
  });

  it('never writes the PAN, the CVV or the token to the logs', async () => {
    const id = await activeCard(c);
    const details = (await secure(c, id)).body;
    const tok = (await token(c, id)).body.token as string;
    await t.inject({ method: 'GET', url: `/iframe/card?token=${tok}&cardId=${id}` });
    const logs = t.rawLogs.join('\n');
    expect(logs).toContain(`/v1/issuing/cards/:id/secure`);
    expect(logs).not.toContain(details.card_number as string);
    expect(logs).not.toContain(`"cvv":"${details.cvv as string}"`);
    expect(logs).not.toContain(tok);
  });
});

describe('the per-card rate limit of CI6 and CI7', () => {
  it(`allows ${LIMIT} reveals of a card per ${WINDOW} seconds across both endpoints, then 429 envelope B`, async () => {
    const id = await activeCard(c);
    expect((await secure(c, id)).status).toBe(200);
    expect((await token(c, id)).status).toBe(200);
    expect((await secure(c, id)).status).toBe(200);
    for (const res of [await secure(c, id), await token(c, id)]) expect([res.status, res.body]).toEqual([429, tooFrequent]);
    // Another card of the same account is not limited by this one.
    expect((await secure(c, await activeCard(c))).status).toBe(200);
  });

  it('counts on the process clock: a sandbox test-clock advance does not reset it, real time does', async () => {
    const id = await activeCard(c);
    for (let i = 0; i < LIMIT; i++) expect((await secure(c, id)).status).toBe(200);
    await advance(c, 3600);
    expect((await secure(c, id)).status).toBe(429);
    t.clock.advance(WINDOW);
    expect((await secure(c, id)).status).toBe(200);
  });

  it('refused calls are not counted and leave no audit row', async () => {
    const id = await activeCard(c);
    for (let i = 0; i < LIMIT + 2; i++) await secure(c, id);
    expect(await t.db.prisma.cardSecretAccess.count({ where: { cardId: id } })).toBe(LIMIT);
  });

  it(`lets exactly ${LIMIT} of 8 concurrent calls through`, async () => {
    const id = await activeCard(c);
    const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => (i % 2 ? secure(c, id) : token(c, id))));
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses).toEqual([...Array(LIMIT).fill(200), ...Array(8 - LIMIT).fill(429)]);
  });
});

describe('POST /v1/issuing/cards/{id}/token (CI7)', () => {
  it('answers {token, expires_in: 60, expires_at} as the official client reads them, 60 s on the process clock', async () => {
    const id = await activeCard(c);
    const res = await token(c, id);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/), expires_in: 60, expires_at: new Date(t.clock.now().getTime() + 60_000).toISOString() });
  });

  it('stores the token only as its SHA-256', async () => {
    const id = await activeCard(c);
    const tok = (await token(c, id)).body.token as string;
    const rows = await t.db.prisma.cardPanToken.findMany({ where: { cardId: id } });
    expect(rows.map((r) => r.tokenHash)).toEqual([createHash('sha256').update(tok).digest('hex')]);
    expect(JSON.stringify(rows)).not.toContain(tok);
  });

  it('needs the same permission as CI6', async () => {
    const id = await activeCard(plain);
    const res = await token(plain, id);
    expect([res.status, res.body]).toEqual([403, forbidden]);
  });

  it('answers status_not_supported for a PENDING card and card_not_found for another tenant\'s', async () => {
    const { card_id } = await createCard(c);
    expect((await token(c, card_id as string)).body).toEqual(statusNotSupported);
    expect((await token(c, await activeCard(plain))).body).toEqual(notFound);
  });

  it('gives a new token on a retry with the same idempotency key: no token is kept in clear for a replay', async () => {
    const id = await activeCard(c);
    const key = crypto.randomUUID();
    const a = await c.post(`/v1/issuing/cards/${id}/token`, {}, { key });
    const b = await c.post(`/v1/issuing/cards/${id}/token`, {}, { key });
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(a.body.token).not.toBe(b.body.token);
  });
});
