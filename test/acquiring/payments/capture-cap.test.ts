import { money } from '../../../src/platform/money/amount';
import { CAPTURE_CAP_GUARD, captureFits } from '../../../src/domain/acquiring/payments/capture-cap';
import { startTestApp, type TestApp } from '../../support/app';

/**
 * The capture cap is one rule in two places: captureFits, which answers a capture before anything
 * is written, and CAPTURE_CAP_GUARD, the condition of the statement that writes the captured attempt
 * (payments/store.ts replaceCapturedAttempt). Both are evaluated here on the same cases, the guard
 * in PostgreSQL over the columns' own type: they must answer alike at every boundary.
 */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

async function guardAnswers(authorized: string, amount: string): Promise<boolean> {
  const { rows } = await t.db.pool.query<{ fits: boolean }>(
    `SELECT (${CAPTURE_CAP_GUARD}) AS fits FROM (VALUES ($1::numeric(38, 18))) AS t(amount), (VALUES ($2::numeric(38, 18))) AS r(captured_amount)`,
    [authorized, amount],
  );
  return rows[0]!.fits;
}

// [authorized, capture amount, fits]
const CASES: [string, string, boolean][] = [
  ['100.00', '100.00', true], // the whole authorization
  ['100.00', '100.01', false], // one minor unit over
  ['100.00', '99.99', true], // a partial capture, one minor unit below
  ['100.00', '0.01', true],
  ['100', '100', true], // a currency without minor units
  ['100', '101', false],
  ['100.000', '100.001', false], // three minor units
  ['12345678901234567890.12', '12345678901234567890.12', true], // beyond 20 significant digits
  ['12345678901234567890.12', '12345678901234567890.13', false],
];

test.each(CASES)('authorized %s, a capture of %s: fits is %s in TypeScript and in the guard', async (authorized, amount, fits) => {
  expect(captureFits({ authorized: money(authorized), amount: money(amount) })).toBe(fits);
  expect(await guardAnswers(authorized, amount)).toBe(fits);
});

test('the guard is the one the captured attempt is written under', async () => {
  // The statement as the capture writes it: the guard applies to the stored row and the written one.
  const { rows } = await t.db.pool.query<{ fits: boolean }>(
    `SELECT (${CAPTURE_CAP_GUARD}) AS fits FROM jsonb_populate_record(NULL::payment_attempts, $1::jsonb) t, jsonb_populate_record(NULL::payment_attempts, $2::jsonb) r`,
    [JSON.stringify({ amount: '50.00' }), JSON.stringify({ captured_amount: '50.01' })],
  );
  expect(rows[0]!.fits).toBe(false);
});
