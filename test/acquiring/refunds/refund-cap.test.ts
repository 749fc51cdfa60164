import { money } from '../../../src/platform/money/amount';
import { REFUND_CAP_GUARD, refundableOf, refundFits } from '../../../src/domain/acquiring/payments/refund-cap';
import { startTestApp, type TestApp } from '../../support/app';

/**
 * The refund cap is one rule in two places: refundFits, which answers a refund before anything is
 * written, and REFUND_CAP_GUARD, the WHERE clause of the statement that raises an attempt's refunded
 * amount (payments/store.ts addRefundedAmount). Both are evaluated here on the same cases, the guard
 * in PostgreSQL as the write set runs it: they must answer alike at every boundary.
 */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

async function guardAnswers(captured: string, refunded: string, amount: string): Promise<boolean> {
  const { rows } = await t.db.pool.query<{ fits: boolean }>(
    `SELECT (${REFUND_CAP_GUARD}) AS fits FROM (VALUES ($2::numeric(38, 18), $3::numeric(38, 18))) AS a(captured_amount, refunded_amount)`,
    [JSON.stringify({ amount }), captured, refunded],
  );
  return rows[0]!.fits;
}

const tsAnswers = (captured: string, refunded: string, amount: string): boolean =>
  refundFits({ captured: money(captured), refunded: money(refunded), amount: money(amount) });

// [captured, already refunded, refund amount, fits]
const CASES: [string, string, string, boolean][] = [
  ['100.00', '0', '100.00', true], // a refund of the whole capture
  ['100.00', '0', '100.01', false], // one minor unit over
  ['100.00', '0', '0.01', true],
  ['100.00', '60.00', '40.00', true], // partial refunds adding up to the capture
  ['100.00', '60.00', '40.01', false],
  ['100.00', '100.00', '0.01', false], // nothing left
  ['100.00', '99.99', '0.01', true],
  ['100', '99', '1', true], // a currency without minor units
  ['100', '99', '2', false],
  ['100.00', '40.00', '-40.00', true], // a failed refund giving its money back
  ['12345678901234567890.12', '0', '12345678901234567890.12', true], // beyond 20 significant digits
  ['12345678901234567890.12', '0', '12345678901234567890.13', false],
];

test.each(CASES)('captured %s, refunded %s, a refund of %s: fits is %s in TypeScript and in the guard', async (captured, refunded, amount, fits) => {
  expect(tsAnswers(captured, refunded, amount)).toBe(fits);
  expect(await guardAnswers(captured, refunded, amount)).toBe(fits);
});

test('refunds one after another stop at the capture, in both', async () => {
  let refunded = money(0);
  const answers: [string, boolean, boolean][] = [];
  for (const amount of ['30.00', '30.00', '30.00', '10.01', '10.00', '0.01']) {
    const ts = tsAnswers('100.00', refunded.toFixed(), amount);
    answers.push([amount, ts, await guardAnswers('100.00', refunded.toFixed(), amount)]);
    if (ts) refunded = refunded.plus(amount);
  }
  expect(answers).toEqual([
    ['30.00', true, true],
    ['30.00', true, true],
    ['30.00', true, true],
    ['10.01', false, false],
    ['10.00', true, true],
    ['0.01', false, false],
  ]);
  expect(refundableOf({ captured: money('100.00'), refunded }).toFixed()).toBe('0');
});
