import { startTestApp, type TestApp } from '../../support/app';
import { holderBody, issuer } from './fixtures';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe('cardholder uniqueness under concurrency', () => {
  it('of 8 concurrent creates with one email, exactly one succeeds and the others answer email_duplicated', async () => {
    const c = await issuer(t, 'Racer');
    const answers = await Promise.all(Array.from({ length: 8 }, () => c.post('/v1/issuing/cardholders', holderBody({ email: 'race@example.com' }))));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    for (const a of answers.filter((x) => x.status !== 200)) {
      expect([a.status, a.body]).toEqual([400, { type: 'cardholder_error', code: 'email_duplicated', message: 'email already used by another cardholder under account' }]);
    }
    expect((await c.get('/v1/issuing/cardholders')).body.total_items).toBe(1);
  });

  it('of 8 concurrent creates with one phone number, exactly one succeeds', async () => {
    const c = await issuer(t, 'Phone racer');
    const answers = await Promise.all(Array.from({ length: 8 }, () => c.post('/v1/issuing/cardholders', holderBody({ phone_number: '+6588887777' }))));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 400, 400, 400, 400, 400, 400, 400]);
    expect(answers.filter((a) => a.status === 400).every((a) => a.body.code === 'phone_number_duplicated')).toBe(true);
  });
});
