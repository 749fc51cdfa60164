import { startTestApp, type TestApp } from '../../support/app';
import type { Client } from '../../support/client';
import { CardDocument, CardsDocument, CreateCardDocument, UpdateCardStatusDocument } from '../../support/graphql.generated';
import { advance } from '../../support/sandbox';
import { issuer } from '../cardholders/fixtures';
import { cardBody, createCard } from './fixtures';

let t: TestApp;
let c: Client;

beforeAll(async () => {
  t = await startTestApp();
  c = await issuer(t, 'GraphQL card issuer');
});
afterAll(() => t.close());

/** The CI1 REST body as the GraphQL input. */
async function input(over: Record<string, unknown> = {}, bin?: string) {
  const b = await cardBody(c, {}, bin);
  return { cardCurrency: b.card_currency, cardProductId: b.card_product_id, cardholderId: b.cardholder_id, ...over };
}

describe('GraphQL createCard (CI1)', () => {
  it('issues a card the REST door retrieves, with the masked number and metadata keys as sent', async () => {
    const res = await c.gql(CreateCardDocument, {
      input: await input({
        cardLimit: '99.5',
        metadata: { costCentre: 'R&D' },
        riskControls: { enable3ds: false, blockedMcc: ['7995'] },
        spendingControls: [{ amount: '10', interval: 'PER_TRANSACTION' }],
      }),
    });
    expect(res.errors).toBeUndefined();
    const card = res.data!.createCard.card!;
    expect(card).toMatchObject({
      status: 'PENDING',
      orderStatus: 'PENDING',
      cardLimit: '99.50',
      metadata: { costCentre: 'R&D' },
      riskControls: { enable3ds: false, allow3dsTransactions: true, allowedMcc: null, blockedMcc: ['7995'] },
      spendingControls: [{ amount: '10', interval: 'PER_TRANSACTION' }],
    });
    expect(card.cardNumber).toMatch(/^428852\*{6}\d{4}$/);
    const rest = await c.get(`/v1/issuing/cards/${card.id}`);
    expect(rest.body).toMatchObject({ card_id: card.id, card_number: card.cardNumber, card_limit: 99.5, metadata: { costCentre: 'R&D' } });
  });

  it('answers the same 7.2 errors with their codes and GraphQL field names', async () => {
    const cur = await c.gql(CreateCardDocument, { input: await input({ cardCurrency: 'EUR' }) });
    expect(cur.data!.createCard.userErrors[0]!.message).toBe('card currency is not allowed');
    expect(cur.data!.createCard.userErrors[0]).toMatchObject({ code: 'CURRENCY_NOT_ALLOWED' });
    const limit = await c.gql(CreateCardDocument, { input: await input({}, '555071') });
    expect(limit.data!.createCard.userErrors[0]).toMatchObject({ code: 'LIMIT_OUT_OF_RANGE', field: ['input', 'cardLimit'] });
    const once = await c.gql(CreateCardDocument, { input: await input({ usageType: 'ONE_TIME' }) });
    expect(once.data!.createCard.userErrors[0]).toMatchObject({ code: 'AUTO_CANCEL_TRIGGER_CANNOT_BE_EMPTY' });
    const name = await c.gql(CreateCardDocument, { input: await input({ nameOnCard: 'x'.repeat(27) }) });
    expect(name.data!.createCard.userErrors[0]).toMatchObject({ code: 'VALIDATION_FAILED', field: ['input', 'nameOnCard'] });
  });
});

describe('GraphQL card, cards and updateCardStatus (CI2, CI3, CI5)', () => {
  it('filters by cardholder and status, and keeps CANCELLED final', async () => {
    const me = await issuer(t, 'GraphQL lister');
    const a = await createCard(me);
    const b = await createCard(me);
    await advance(me, 3);
    const byHolder = await me.gql(CardsDocument, { first: 10, filter: { cardholderId: a.cardholder_id } });
    expect(byHolder.data!.cards.edges.map((e) => e.node.id)).toEqual([a.card_id]);
    const cancel = await me.gql(UpdateCardStatusDocument, { input: { id: b.card_id, status: 'CANCELLED', updateReason: 'closed' } });
    expect(cancel.data!.updateCardStatus.card!).toMatchObject({ status: 'CANCELLED', updateReason: 'closed', orderStatus: 'SUCCESS' });
    const again = await me.gql(UpdateCardStatusDocument, { input: { id: b.card_id, status: 'ACTIVE' } });
    expect(again.data!.updateCardStatus.userErrors[0]!.message).toBe('Card status is invalid');
    const active = await me.gql(CardsDocument, { first: 10, filter: { status: 'ACTIVE' } });
    expect(active.data!.cards.edges.map((e) => e.node.id)).toEqual([a.card_id]);
    expect(active.data!.cards.totalCount).toBe(1);
    const one = await me.gql(CardDocument, { id: a.card_id });
    expect(one.data!.card).toMatchObject({ id: a.card_id, status: 'ACTIVE' });
    const other = await c.gql(CardDocument, { id: a.card_id });
    expect(other.errors).toBeUndefined();
    expect(other.data!.card).toBeNull();
  });
});
