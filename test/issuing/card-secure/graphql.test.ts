import { startTestApp, type TestApp } from '../../support/app';
import type { Client } from '../../support/client';
import { CardSecureDetailsDocument, CreateCardPanTokenDocument } from '../../support/graphql.generated';
import { issuer } from '../cardholders/fixtures';
import { createCard } from '../cards/fixtures';
import { activeCard, iframe, panOf, revealer } from './fixtures';

let t: TestApp;
let c: Client;
let plain: Client;

const LIMIT = 3;

beforeAll(async () => {
  t = await startTestApp({ config: { cardSecretRateLimit: LIMIT } });
  c = await revealer(t, 'GraphQL revealer');
  plain = await issuer(t, 'GraphQL no permission');
});
afterAll(() => t.close());

describe('GraphQL cardSecureDetails (CI6)', () => {
  it('answers what REST CI6 answers', async () => {
    const id = await activeCard(c);
    const res = await c.gql(CardSecureDetailsDocument, { cardId: id });
    expect(res.errors).toBeUndefined();
    const rest = (await c.get(`/v1/issuing/cards/${id}/secure`)).body;
    expect(res.data!.cardSecureDetails).toEqual({ cardNumber: await panOf(t, id), cvv: rest.cvv, expireDate: rest.expire_date });
    const rows = await t.db.prisma.cardSecretAccess.findMany({ where: { cardId: id }, orderBy: { createdAt: 'asc' } });
    expect(rows.map((r) => r.channel)).toEqual(['GRAPHQL', 'REST']);
  });

  it('refuses a key without the permission (forbidden), and answers card_not_found and status_not_supported as REST', async () => {
    const id = await activeCard(plain);
    expect((await plain.gql(CardSecureDetailsDocument, { cardId: id })).errors![0]!.extensions).toMatchObject({ code: 'forbidden', httpStatus: 403 });
    expect((await c.gql(CardSecureDetailsDocument, { cardId: id })).errors![0]!.extensions).toMatchObject({ code: 'card_not_found' });
    const { card_id } = await createCard(c);
    expect((await c.gql(CardSecureDetailsDocument, { cardId: card_id as string })).errors![0]!.extensions).toMatchObject({ code: 'status_not_supported' });
  });

  it('shares the per-card limit with REST', async () => {
    const id = await activeCard(c);
    for (let i = 0; i < LIMIT; i++) expect((await c.get(`/v1/issuing/cards/${id}/secure`)).status).toBe(200);
    const res = await c.gql(CardSecureDetailsDocument, { cardId: id });
    expect(res.errors![0]!.extensions).toMatchObject({ code: 'request_too_frequent', httpStatus: 429 });
    expect(res.errors![0]!.message).toBe('Request is too frequent');
  });
});

describe('GraphQL createCardPanToken (CI7)', () => {
  it('makes a token that opens the iframe page once', async () => {
    const id = await activeCard(c);
    const res = await c.gql(CreateCardPanTokenDocument, { input: { cardId: id } });
    expect(res.errors).toBeUndefined();
    const tok = res.data!.createCardPanToken.panToken!;
    expect(tok).toEqual({ token: expect.any(String), expiresIn: 60, expiresAt: new Date(t.clock.now().getTime() + 60_000).toISOString() });
    expect((await iframe(t, { token: tok.token, cardId: id })).statusCode).toBe(200);
    expect((await iframe(t, { token: tok.token, cardId: id })).statusCode).toBe(400);
  });

  it('needs the permission', async () => {
    const id = await activeCard(plain);
    expect((await plain.gql(CreateCardPanTokenDocument, { input: { cardId: id } })).errors![0]!.extensions).toMatchObject({ code: 'forbidden' });
  });
});
