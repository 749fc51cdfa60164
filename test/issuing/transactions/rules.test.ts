import { decideAuthorization, intervalStart, type AuthorizationFacts } from '../../../src/domain/issuing/transactions/decision';

const facts = (over: Partial<AuthorizationFacts> = {}): AuthorizationFacts => ({
  status: 'ACTIVE',
  usageType: 'NORMAL',
  oneTimeUsed: false,
  modeType: 'SHARE',
  cardLimit: '0',
  consumed: '0',
  authHeld: '0',
  cardBalance: '0',
  issuingAvailable: '100',
  spendingControls: [],
  riskControls: { enable_3ds: 'Y', allow_3ds_transactions: 'Y', allowed_mcc: null, blocked_mcc: [] },
  spent: {},
  expired: false,
  ...over,
});
const ask = { forced: false, billing: '10.00', mcc: '5814', threeDs: false };

describe('decideAuthorization: the documented order', () => {
  it('checks the forced decline first, then status, one-time, currency, controls, MCC, 3DS, room', () => {
    const everything = facts({
      status: 'FROZEN',
      usageType: 'ONE_TIME',
      oneTimeUsed: true,
      spendingControls: [{ amount: 1, interval: 'PER_TRANSACTION' }],
      riskControls: { enable_3ds: 'N', allowed_mcc: ['5411'], blocked_mcc: ['5814'] },
      issuingAvailable: '0',
    });
    const order: string[] = [];
    let f = everything;
    let a = { ...ask, forced: true, billing: null as string | null, threeDs: true };
    for (;;) {
      const r = decideAuthorization(f, a);
      if (r === null) break;
      order.push(r);
      if (r === 'DECLINED_BY_REQUEST') a = { ...a, forced: false };
      if (r === 'CARD_NOT_ACTIVE') f = { ...f, status: 'ACTIVE' };
      if (r === 'ONE_TIME_CARD_USED') f = { ...f, oneTimeUsed: false };
      if (r === 'CURRENCY_NOT_SUPPORTED') a = { ...a, billing: '10.00' };
      if (r === 'SPENDING_CONTROL_EXCEEDED') f = { ...f, spendingControls: [] };
      if (r === 'MCC_NOT_ALLOWED') f = { ...f, riskControls: { ...f.riskControls, allowed_mcc: null } };
      if (r === 'MCC_BLOCKED') f = { ...f, riskControls: { ...f.riskControls, blocked_mcc: [] } };
      if (r === 'THREE_DS_NOT_ALLOWED') a = { ...a, threeDs: false };
      if (r === 'INSUFFICIENT_FUNDS') f = { ...f, issuingAvailable: '10' };
    }
    expect(order).toEqual([
      'DECLINED_BY_REQUEST',
      'CARD_NOT_ACTIVE',
      'ONE_TIME_CARD_USED',
      'CURRENCY_NOT_SUPPORTED',
      'SPENDING_CONTROL_EXCEEDED',
      'MCC_NOT_ALLOWED',
      'MCC_BLOCKED',
      'THREE_DS_NOT_ALLOWED',
      'INSUFFICIENT_FUNDS',
    ]);
  });

  it('counts interval controls with what the interval already spent; exactly the limit approves', () => {
    const f = facts({ spendingControls: [{ amount: 30, interval: 'WEEKLY' }], spent: { WEEKLY: '20.00' } });
    expect(decideAuthorization(f, ask)).toBeNull();
    expect(decideAuthorization(f, { ...ask, billing: '10.01' })).toBe('SPENDING_CONTROL_EXCEEDED');
  });

  it('SHARE with a card_limit: room is limit - consumed - held; SINGLE: the prepaid balance', () => {
    expect(decideAuthorization(facts({ cardLimit: '50', consumed: '30', authHeld: '10' }), ask)).toBeNull();
    expect(decideAuthorization(facts({ cardLimit: '50', consumed: '30', authHeld: '10.01' }), ask)).toBe('CARD_LIMIT_EXCEEDED');
    expect(decideAuthorization(facts({ modeType: 'SINGLE', cardBalance: '9.99', issuingAvailable: '1000' }), ask)).toBe('INSUFFICIENT_FUNDS');
    expect(decideAuthorization(facts({ modeType: 'SINGLE', cardBalance: '10', issuingAvailable: '0' }), ask)).toBeNull();
  });
});

describe('intervalStart (UTC)', () => {
  const now = new Date('2026-11-26T15:30:00Z'); // a Thursday
  it('starts days at midnight UTC, weeks on Monday, months on the 1st; ALL_TIME at the epoch', () => {
    expect(intervalStart('DAILY', now)!.toISOString()).toBe('2026-11-26T00:00:00.000Z');
    expect(intervalStart('WEEKLY', now)!.toISOString()).toBe('2026-11-23T00:00:00.000Z');
    expect(intervalStart('WEEKLY', new Date('2026-11-29T23:59:59Z'))!.toISOString()).toBe('2026-11-23T00:00:00.000Z');
    expect(intervalStart('MONTHLY', now)!.toISOString()).toBe('2026-11-01T00:00:00.000Z');
    expect(intervalStart('ALL_TIME', now)!.toISOString()).toBe('1970-01-01T00:00:00.000Z');
    expect(intervalStart('PER_TRANSACTION', now)).toBeNull();
  });
});
