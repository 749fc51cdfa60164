import { startTestApp, type TestApp } from '../../support/app';
import { clientOf, type Client } from '../../support/client';
import { CardArtsDocument, SetDefaultCardArtDocument } from '../../support/graphql.generated';
import { makeMaster } from '../../support/tenants';
import { productOf } from '../cards/fixtures';

let t: TestApp;
let c: Client;

beforeAll(async () => {
  t = await startTestApp();
  c = await clientOf(t, await makeMaster(t.services, { name: 'GraphQL card arts' }));
});
afterAll(() => t.close());

describe('GraphQL cardArts and setDefaultCardArt', () => {
  it('lists the arts the REST door lists and changes the default the REST door reads', async () => {
    const product = await productOf(c, '527735');
    const res = await c.gql(CardArtsDocument, { cardProductId: product });
    expect(res.errors).toBeUndefined();
    const rest = (await c.get('/v1/issuing/cards/arts', { card_product_id: product })).body;
    expect(res.data!.cardArts.cardArts.map((a) => a.id)).toEqual(rest.card_arts.map((a: { card_art_id: string }) => a.card_art_id));
    expect(res.data!.cardArts.cardArts.every((a) => a.cardProductId === product)).toBe(true);
    const target = res.data!.cardArts.cardArts[1]!.id;
    const set = await c.gql(SetDefaultCardArtDocument, { input: { cardArtId: target } });
    expect(set.data!.setDefaultCardArt.defaultCardArt!).toEqual({ defaultCardArtId: target, updatedAt: '2026-11-21T10:00:00.000Z' });
    expect((await c.get('/v1/issuing/cards/arts', { card_product_id: product })).body.default_card_art_id).toBe(target);
  });

  it('names the GraphQL field in errors', async () => {
    const res = await c.gql(SetDefaultCardArtDocument, { input: { cardArtId: '00000000-0000-4000-8000-000000000000' } });
    expect(res.data!.setDefaultCardArt.userErrors[0]).toMatchObject({ code: 'CARD_ART_NOT_FOUND', field: ['input', 'cardArtId'] });
    const bad = await c.gql(CardArtsDocument, { cardProductId: 'nope' });
    expect(bad.errors?.[0]?.extensions).toMatchObject({ code: 'product_not_found' });
  });
});
