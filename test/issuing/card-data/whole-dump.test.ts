import { randomInt } from 'node:crypto';
import { luhnCheckDigit } from '../../../src/domain/issuing/card-data/pan';
import { startTestApp, type TestApp } from '../../support/app';
import { advance } from '../../support/sandbox';
import { createHolder } from '../cardholders/fixtures';
import { panOf, revealer } from '../card-secure/fixtures';
import { cardBody } from '../cards/fixtures';
import { activeCard, authorize } from '../transactions/fixtures';
import { holdsNumber } from '../../support/digits';

/**
 * The "Done when": the PAN is unreadable in a database dump. Every flow that meets a full
 * number runs first (create, one-step create, assign with a PAN in the body, secure details, a PAN
 * token and its iframe view, an authorization, a report), then every row of every table of the
 * schema is read as text, as pg_dump would write it.
 */
let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

async function wholeDump(): Promise<string> {
  const tables = await t.db.pool.query<{ name: string }>(`SELECT quote_ident(table_name) AS name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE'`);
  const parts: string[] = [];
  for (const { name } of tables.rows) {
    const { rows } = await t.db.pool.query<{ dump: string | null }>(`SELECT string_agg(x::text, E'\\n') AS dump FROM ${name} x`);
    parts.push(rows[0]!.dump ?? '');
  }
  return parts.join('\n');
}

describe('a dump of the whole database', () => {
  it('holds no PAN, no account digits of one, no CVV next to it, after every flow that handles one', async () => {
    const c = await revealer(t, 'Dump');
    const pans: string[] = [];

    const { cardId } = await activeCard(t, c, '100.00');
    pans.push(await panOf(t, cardId));
    const details = (await c.get(`/v1/issuing/cards/${cardId}/secure`)).body;
    expect(details.card_number).toBe(pans[0]);
    const token = (await c.post(`/v1/issuing/cards/${cardId}/token`, {})).body.token as string;
    expect((await t.inject({ method: 'GET', url: `/iframe/card?token=${encodeURIComponent(token)}&cardId=${cardId}` })).body).toContain(pans[0]);
    await authorize(c, cardId, { transaction_amount: 5 });

    const { cardholder_id: _existing, ...traditional } = await cardBody(c);
    const oneStep = await c.post('/v1/issuing/cards', {
      ...traditional,
      cardholder_required_fields: { email: 'dump.one.step@example.com', first_name: 'Dee', last_name: 'Ump', country_code: 'SG', phone_number: '+6590001111' },
    });
    expect([oneStep.status, oneStep.body.cardholder_created]).toEqual([200, true]);
    pans.push(await panOf(t, oneStep.body.card_id as string));

    const body = `491090${String(randomInt(0, 1e9)).padStart(9, '0')}`;
    const plastic = `${body}${luhnCheckDigit(body)}`;
    const holder = await createHolder(c);
    const assigned = await c.post('/v1/issuing/cards/assign', { cardholder_id: holder.cardholder_id, card_number: plastic, card_currency: 'USD', card_mode: 'SINGLE' });
    expect(assigned.status).toBe(200);
    pans.push(plastic);
    await advance(c, 3);
    await c.post('/v1/issuing/reports', { report_type: 'TRANSACTION', start_time: '2026-01-01T00:00:00Z', end_time: '2026-12-31T00:00:00Z' });

    const dump = await wholeDump();
    expect(dump.length).toBeGreaterThan(10_000);
    for (const pan of pans) {
      expect(dump).not.toContain(pan);
      // The digits between the shown 6 and 4: what masking hides.
      expect(holdsNumber(dump, pan.slice(6, 12))).toBe(false);
    }
    expect(dump).not.toContain(`"cvv":"${details.cvv as string}"`);
  });
});
