import { randomInt } from 'node:crypto';
import { statementsOf } from '../../support/statements';
import { luhnCheckDigit } from '../../../src/domain/issuing/card-data/pan';
import { startTestApp, type TestApp } from '../../support/app';
import type { Client } from '../../support/client';
import {
  ActivateCardDocument,
  AssignCardDocument,
  CardsWithHoldersDocument,
  CardWithHolderDocument,
  CreateCardOneStepDocument,
  HoldersWithCardsDocument,
  HolderCardsPageDocument,
  ResetCardPinDocument,
  UpdateCardDocument,
} from '../../support/graphql.generated';
import { advance } from '../../support/sandbox';
import { createHolder, holderBody, issuer } from '../cardholders/fixtures';
import { createCard, productOf } from './fixtures';

let t: TestApp;
let c: Client;

beforeAll(async () => {
  t = await startTestApp();
  c = await issuer(t, 'GraphQL card operations');
});
afterAll(() => t.close());

const plastic = () => {
  const body = `491090${String(randomInt(0, 1e9)).padStart(9, '0')}`;
  return `${body}${luhnCheckDigit(body)}`;
};

describe('GraphQL card operations: the same services and messages as REST', () => {
  it('createCard in one-step mode creates the holder, read back through Card.cardholder', async () => {
    const b = holderBody();
    const res = await c.gql(CreateCardOneStepDocument, {
      input: {
        cardCurrency: 'USD',
        cardProductId: await productOf(c, '428852'),
        cardholderRequiredFields: { email: b.email as string, firstName: 'Jane', lastName: 'Doe', countryCode: 'SG', phoneNumber: b.phone_number as string },
      },
    });
    expect(res.errors).toBeUndefined();
    expect(res.data!.createCard.card!.cardholder).toMatchObject({ email: b.email, status: 'SUCCESS', numberOfCards: 1 });
    const missing = await c.gql(CreateCardOneStepDocument, {
      input: { cardCurrency: 'USD', cardProductId: await productOf(c, '428852'), cardholderRequiredFields: { email: 'x@example.com', firstName: 'Jane', lastName: 'Doe', countryCode: 'SG' } },
    });
    expect(missing.data!.createCard.userErrors[0]!.message).toContain('phoneNumber');
  });

  it('updateCard changes the card and answers the envelope B messages as errors', async () => {
    const { card_id } = await createCard(c);
    const pending = await c.gql(UpdateCardDocument, { input: { id: card_id as string, metadata: { a: 'b' } } });
    expect(pending.data!.updateCard.userErrors[0]!.message).toBe('The card is not active.');
    await advance(c, 3);
    const ok = await c.gql(UpdateCardDocument, { input: { id: card_id as string, cardLimit: '250', metadata: { costCentre: 'R&D' }, riskControls: { enable3ds: false } } });
    expect(ok.errors).toBeUndefined();
    expect(ok.data!.updateCard.card!).toMatchObject({ status: 'ACTIVE', cardLimit: '250.00', metadata: { costCentre: 'R&D' }, riskControls: { enable3ds: false } });
    const bad = await c.gql(UpdateCardDocument, { input: { id: card_id as string, metadata: { n: 1 } } });
    expect(bad.data!.updateCard.userErrors[0]!.message).toBe('Metadata is invalid');
    const zero = await c.gql(UpdateCardDocument, { input: { id: card_id as string, cardLimit: '0' } });
    expect(zero.data!.updateCard.userErrors[0]!.message).toBe('Failed Update. Card Limit should be greater than 0');
  });

  it('assignCard, activateCard and resetCardPin', async () => {
    const holder = await createHolder(c);
    const number = plastic();
    const assigned = await c.gql(AssignCardDocument, { input: { cardholderId: holder.cardholder_id as string, cardNumber: number, cardCurrency: 'USD', cardMode: 'SINGLE' } });
    expect(assigned.errors).toBeUndefined();
    const { card, activationCode } = assigned.data!.assignCard.cardAssignment!;
    expect(activationCode).toMatch(/^\d{8}$/);
    const taken = await c.gql(AssignCardDocument, { input: { cardholderId: holder.cardholder_id as string, cardNumber: number, cardCurrency: 'USD', cardMode: 'SINGLE' } });
    expect(taken.data!.assignCard.userErrors[0]!.message).toBe('card number not exist');
    const earlyPin = await c.gql(ResetCardPinDocument, { input: { id: card.id, pin: '111111' } });
    expect(earlyPin.data!.resetCardPin.userErrors[0]).toMatchObject({ code: 'STATUS_NOT_SUPPORTED' });
    await advance(c, 3);
    const wrong = await c.gql(ActivateCardDocument, { input: { cardId: card.id, activationCode: '00000000', pin: '123456' } });
    expect(wrong.data!.activateCard.userErrors[0]!.message).toBe('Invalid activation code.');
    const ok = await c.gql(ActivateCardDocument, { input: { cardId: card.id, activationCode: activationCode!, pin: '123456' } });
    expect(ok.data!.activateCard.card!).toEqual({ id: card.id, status: 'ACTIVE' });
    const pin = await c.gql(ResetCardPinDocument, { input: { id: card.id, pin: '222222' } });
    expect(pin.errors).toBeUndefined();
    const { card_id: virtual } = await createCard(c);
    const vpin = await c.gql(ResetCardPinDocument, { input: { id: virtual as string, pin: '222222' } });
    expect(vpin.data!.resetCardPin.userErrors[0]).toMatchObject({ code: 'VIRTUAL_CARD_PIN_ERROR' });
  });
});

describe('Card.cardholder and Cardholder.cards through tenant-scoped DataLoaders', () => {
  /** The SQL statements one GraphQL request sends to PostgreSQL (after a warm-up request). */
  async function statementsFor(client: Client, first: number) {
    await client.gql(CardsWithHoldersDocument, { first: 10 });
    const { result: reply, texts } = await statementsOf(() => client.gql(CardsWithHoldersDocument, { first }));
    return { reply, texts };
  }

  it('a page of 100 cards with their cardholders costs at most 3 statements', async () => {
    const me = await issuer(t, 'Busy issuer');
    const product = await productOf(me, '428852');
    const holders = [];
    for (let i = 0; i < 10; i++) holders.push((await createHolder(me)).cardholder_id as string);
    for (let i = 0; i < 100; i++) {
      const res = await me.post('/v1/issuing/cards', { card_currency: 'USD', card_product_id: product, cardholder_id: holders[i % 10] });
      expect(res.status).toBe(200);
    }
    const { reply, texts } = await statementsFor(me, 100);
    const edges = reply.data!.cards.edges;
    expect(edges).toHaveLength(100);
    for (const { node } of edges) expect(node.cardholder?.id).toBe(node.cardholderId);
    // The page, its count and one batched read of the holders; the only other statement may be the
    // request's authentication (the API key behind the token).
    const issuing = texts.filter((s) => /cards|cardholders/.test(s));
    expect(issuing.length).toBeLessThanOrEqual(3);
    // The key look-up is usually served by the process's cache (src/platform/auth/key-cache.ts); a
    // notification from this test's own set-up may have just cleared it.
    const others = texts.filter((s) => !issuing.includes(s));
    expect(others.length).toBeLessThanOrEqual(1);
    for (const other of others) expect(other).toContain('api_key_hash');
  });

  it("loads another tenant's cardholder as null", async () => {
    const me = await issuer(t, 'Tenant A');
    const other = await issuer(t, 'Tenant B');
    const { card_id } = await createCard(me);
    const foreign = await createHolder(other);
    // A card pointing at another tenant's holder cannot be made through the API; forged here to
    // prove the finder, not the door, decides what the caller may see.
    await t.db.prisma.card.update({ where: { id: card_id as string }, data: { cardholderId: foreign.cardholder_id as string } });
    const res = await me.gql(CardWithHolderDocument, { id: card_id as string });
    expect(res.errors).toBeUndefined();
    expect(res.data!.card).toEqual({ id: card_id, cardholder: null });
  });

  it('Cardholder.cards lists the holder cards in any status, with numberOfCards', async () => {
    const me = await issuer(t, 'Holder lister');
    const a = await createCard(me);
    const b = await createCard(me, { cardholder_id: a.cardholder_id });
    await advance(me, 3);
    await me.post(`/v1/issuing/cards/${b.card_id}/status`, { card_status: 'CANCELLED' });
    const res = await me.gql(HoldersWithCardsDocument, { first: 10 });
    const node = res.data!.cardholders.edges.find((e) => e.node.id === a.cardholder_id)!.node;
    expect(node.numberOfCards).toBe(2);
    // Both were made at the same instant of the frozen test clock: newest first, then id descending.
    expect(node.cards.nodes.map((x) => [x.id, x.status])).toEqual(
      [
        [b.card_id, 'CANCELLED'],
        [a.card_id, 'ACTIVE'],
      ].sort((x, y) => (x[0]! < y[0]! ? 1 : -1)),
    );
    // The holder's cards are a connection: paged in the same order, from the loader's one read.
    const newest = node.cards.nodes.map((x) => x.id);
    const p1 = (await me.gql(HolderCardsPageDocument, { id: a.cardholder_id, first: 1 })).data!.cardholder!.cards;
    expect(p1).toMatchObject({ totalCount: 2, nodes: [{ id: newest[0] }], pageInfo: { hasPreviousPage: false, hasNextPage: true } });
    const p2 = (await me.gql(HolderCardsPageDocument, { id: a.cardholder_id, first: 1, after: p1.pageInfo.endCursor })).data!.cardholder!.cards;
    expect(p2).toMatchObject({ totalCount: 2, nodes: [{ id: newest[1] }], pageInfo: { hasPreviousPage: true, hasNextPage: false } });
  });
});
