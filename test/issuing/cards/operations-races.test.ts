import { startTestApp, type TestApp } from '../../support/app';
import type { Client } from '../../support/client';
import { lockProbe, type LockProbe } from '../../support/locks';
import { advance } from '../../support/sandbox';
import { luhnCheckDigit } from '../../../src/domain/issuing/card-data/pan';
import { createHolder, issuer } from '../cardholders/fixtures';
import { createCard } from './fixtures';

let t: TestApp;
let c: Client;
let probe: LockProbe;

beforeAll(async () => {
  t = await startTestApp();
  c = await issuer(t, 'Racing card operations');
});
beforeEach(async () => {
  probe = await lockProbe(t.url);
});
afterEach(() => probe.close());
afterAll(() => t.close());

describe('CI4 under concurrency', () => {
  it('a limit change waits for a spend in progress on the card, then judges the spend: below it, refused', async () => {
    const { card_id } = await createCard(c, { card_limit: 100 });
    await advance(c, 3);
    // A spend holding the card row (what an authorization's reserve does under the row lock).
    await probe.holder.query('BEGIN');
    await probe.holder.query('UPDATE cards SET consumed_amount = consumed_amount + 60 WHERE id = $1', [card_id]);
    const update = c.post(`/v1/issuing/cards/${card_id}`, { card_limit: 50 });
    const waiter = await probe.waitingBackend(/FROM cards WHERE id = .* FOR UPDATE/, update);
    expect(waiter).toBeDefined();
    expect(await probe.blockersOf(waiter!)).toEqual([probe.pid]);
    await probe.holder.query('COMMIT');
    expect((await update).body).toEqual({ code: 400, message: 'Update card limit is less than the amount of used card' });
    expect((await c.get(`/v1/issuing/cards/${card_id}`)).body).toMatchObject({ card_limit: 100, consumed_amount: 60 });
  });

  it('two activations of one physical card with its code: exactly one succeeds, the other answers "The card has been activated."', async () => {
    const holder = await createHolder(c);
    const body = '491090777777777';
    const assigned = await c.post('/v1/issuing/cards/assign', { cardholder_id: holder.cardholder_id, card_number: `${body}${luhnCheckDigit(body)}`, card_currency: 'USD', card_mode: 'SINGLE' });
    expect(assigned.status).toBe(200);
    const activate = (pin: string) => c.post('/v1/issuing/cards/activate', { card_id: assigned.body.card_id, activation_code: assigned.body.activation_code, pin });
    const answers = await Promise.all([activate('111111'), activate('222222'), activate('333333')]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 400, 400]);
    for (const a of answers.filter((x) => x.status === 400)) expect(a.body).toEqual({ code: 400, message: 'The card has been activated.' });
  });
});
