import { QuotePool } from '../../bench/fixtures';
import { startTestApp, type TestApp } from '../support/app';
import { conversionBody, quote, treasury, type RestQuote } from '../wallet/fx/fixtures';
import type { Client } from '../support/client';

let t: TestApp;
let c: Client;
let template: RestQuote;

beforeAll(async () => {
  t = await startTestApp();
  ({ c } = await treasury(t, 'Bench treasury', { USD: '1000.00' }));
  template = await quote(c, { sell_amount: '1.00' });
});
afterAll(() => t.close());

describe('the bench quote pool (conversion scenario)', () => {
  it('copies the quote made through the API into unused quotes that differ only by id', async () => {
    const pool = new QuotePool(t.url, template.quote_id);
    await pool.ensure(3);
    const ids = [pool.take(), pool.take(), pool.take()];
    expect(new Set([...ids, template.quote_id]).size).toBe(4);
    const rows = await t.db.pool.query(`SELECT * FROM fx_quotes WHERE id = ANY($1::uuid[]) ORDER BY id`, [[template.quote_id, ...ids]]);
    const withoutId = rows.rows.map(({ id: _id, ...rest }: Record<string, unknown>) => rest);
    expect(withoutId).toEqual(Array(4).fill(withoutId[0]));
    expect(withoutId[0]).toMatchObject({ used_at: null });
  });

  it('gives quotes that payrail converts once each, and counts draws from an empty pool', async () => {
    const pool = new QuotePool(t.url, template.quote_id);
    await pool.ensure(2);
    await pool.ensure(2); // already full: adds nothing
    const first = pool.take();
    const second = pool.take();
    expect(pool.take()).toBe(template.quote_id);
    expect(pool.misses).toBe(1);
    for (const id of [first, second]) {
      expect((await c.post('/v1/conversion', conversionBody({ ...template, quote_id: id }))).status).toBe(200);
    }
    const again = await c.post('/v1/conversion', conversionBody({ ...template, quote_id: first }));
    expect({ status: again.status, message: again.body.message }).toEqual({ status: 400, message: 'Quote has already been used' });
  });
});
