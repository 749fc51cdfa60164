import { startTestApp, type TestApp } from '../../support/app';
import { freshOwner } from '../../wallet/virtual-accounts/fixtures';
import { applicationBody } from './fixtures';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe('concurrent applications for one slot', () => {
  it('six at once for the same currency and method: one is accepted, the others are refused and create nothing', async () => {
    const { c, accountId } = await freshOwner(t);
    const answers = await Promise.all(Array.from({ length: 6 }, () => c.post('/v1/virtual/accounts', applicationBody())));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 400, 400, 400, 400, 400]);
    for (const a of answers.filter((x) => x.status === 400)) {
      expect(a.body).toEqual({ code: 400, message: 'A SGD virtual account with payment_method LOCAL is already open' });
    }
    expect(await t.db.prisma.virtualAccountApplication.count({ where: { accountId } })).toBe(1);
  });

  it('an application and a direct opening at once: exactly one holds the slot', async () => {
    const { c, accountId } = await freshOwner(t);
    const [viaApplication, direct] = await Promise.all([
      c.post('/v1/virtual/accounts', applicationBody({ country: 'US', currency: 'USD' })),
      c.post('/v1/virtual/accounts', { currency: 'USD' }),
    ]);
    expect([viaApplication.status, direct.status].sort()).toEqual([200, 400]);
    const held =
      (await t.db.prisma.virtualAccountApplication.count({ where: { accountId } })) + (await t.db.prisma.virtualAccount.count({ where: { accountId } }));
    expect(held).toBe(1);
  });
});
