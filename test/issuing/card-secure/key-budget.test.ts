import { createApiKey } from '../../../src/domain/developers/keys/api-keys';
import { loadConfig } from '../../../src/config';
import { Permission } from '../../../src/platform/auth/permissions';
import { startTestApp, type TestApp } from '../../support/app';
import { clientOf, type Client } from '../../support/client';
import { CardSecureDetailsDocument } from '../../support/graphql.generated';
import { advance } from '../../support/sandbox';
import { makeMaster, type Tenant } from '../../support/tenants';
import { activeCard } from './fixtures';

/**
 * The budget of card reveals per API key (CI6 details and CI7 tokens over every card of the key),
 * on top of the per-card limit: a key that can reveal cards cannot harvest every card of the
 * account one reveal at a time. Counted in the database, so it holds across processes.
 */
const BUDGET = 4;
const WINDOW = 3600;
const TOO_FREQUENT = { code: 429, message: 'Request is too frequent' };

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp({ config: { cardSecretRateLimit: 10, cardSecretRateWindowSeconds: 60, cardSecretKeyBudget: BUDGET, cardSecretKeyBudgetWindowSeconds: WINDOW } });
});
afterAll(() => t.close());

const secure = (c: Client, id: string) => c.get(`/v1/issuing/cards/${id}/secure`);
const token = (c: Client, id: string) => c.post(`/v1/issuing/cards/${id}/token`, {}, { key: null });

async function revealingTenant(name: string): Promise<{ tenant: Tenant; c: Client; cards: string[] }> {
  const tenant = await makeMaster(t.services, { name, permissions: [Permission.SensitiveCardDetails] });
  const c = await clientOf(t, tenant);
  const cards = [];
  for (let i = 0; i < 4; i++) cards.push(await activeCard(c));
  return { tenant, c, cards };
}

describe('the per-key budget of card reveals', () => {
  it(`allows ${BUDGET} reveals per key over all its cards, then 429 with Retry-After on every card and both doors`, async () => {
    const { tenant, c, cards } = await revealingTenant('Harvester');
    const [a, b, fresh] = cards as [string, string, string];
    expect((await secure(c, a)).status).toBe(200);
    expect((await token(c, a)).status).toBe(200);
    expect((await secure(c, b)).status).toBe(200);
    expect((await token(c, b)).status).toBe(200);

    // A card never revealed before (its own limit untouched) is refused: the key's budget is spent.
    const refused = await secure(c, fresh);
    expect([refused.status, refused.body]).toEqual([429, TOO_FREQUENT]);
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(WINDOW - 60);
    expect(retryAfter).toBeLessThanOrEqual(WINDOW);
    expect([(await token(c, fresh)).status]).toEqual([429]);
    const gql = await c.gql(CardSecureDetailsDocument, { cardId: fresh });
    expect(gql.errors?.[0]?.extensions).toMatchObject({ code: 'reveal_budget_spent', httpStatus: 429, retryAfter: expect.any(Number) });

    // Refusals are not reveals: nothing was audited for the fresh card.
    expect(await t.db.prisma.cardSecretAccess.count({ where: { cardId: fresh } })).toBe(0);

    // The budget is the key's: another key of the account, with the permission, reveals.
    const second = await createApiKey(t.services, { accountId: tenant.account.id, permissions: [Permission.SensitiveCardDetails] });
    expect((await secure(await clientOf(t, second), fresh)).status).toBe(200);
  });

  it('counts on the process clock: a sandbox test-clock advance does not renew it, the window passing does', async () => {
    const { tenant, c, cards } = await revealingTenant('Patient');
    for (let i = 0; i < BUDGET; i++) expect((await secure(c, cards[i % 2]!)).status).toBe(200);
    await advance(c, WINDOW * 2);
    expect((await secure(c, cards[2]!)).status).toBe(429);
    t.clock.advance(WINDOW);
    // The process clock moved past the token's lifetime too: the same key, a new token.
    expect((await secure(await clientOf(t, tenant), cards[2]!)).status).toBe(200);
  });

  it('holds exactly under concurrent reveals through two API processes on one database', async () => {
    const { tenant, c, cards } = await revealingTenant('Racer');
    const other = await startTestApp({ database: { url: t.url }, clock: t.clock, config: t.services.config });
    try {
      const viaOther = await clientOf(other, tenant);
      const calls = Array.from({ length: 10 }, (_, i) => secure(i % 2 ? viaOther : c, cards[i % cards.length]!));
      const statuses = (await Promise.all(calls)).map((r) => r.status).sort();
      expect(statuses).toEqual([...Array(BUDGET).fill(200), ...Array(10 - BUDGET).fill(429)]);
    } finally {
      await other.close();
    }
  });
});

describe('the per-card limit', () => {
  it('says when to retry too: Retry-After, when its oldest counted reveal leaves the window', async () => {
    const perCard = await startTestApp({ database: { url: t.url }, clock: t.clock, config: { ...t.services.config, cardSecretRateLimit: 2, cardSecretRateWindowSeconds: 60 } });
    try {
      const tenant = await makeMaster(perCard.services, { name: 'One card', permissions: [Permission.SensitiveCardDetails] });
      const c = await clientOf(perCard, tenant);
      const card = await activeCard(c);
      for (let i = 0; i < 2; i++) expect((await secure(c, card)).status).toBe(200);
      const refused = await secure(c, card);
      expect([refused.status, refused.body]).toEqual([429, TOO_FREQUENT]);
      expect(Number(refused.headers['retry-after'])).toBe(60);
    } finally {
      await perCard.close();
    }
  });
});

describe('configuration', () => {
  it('defaults to 1,000 reveals per key an hour, set by PAYRAIL_CARD_SECRET_KEY_BUDGET and its window', () => {
    const defaults = loadConfig({});
    expect([defaults.cardSecretKeyBudget, defaults.cardSecretKeyBudgetWindowSeconds]).toEqual([1000, 3600]);
    const tuned = loadConfig({ PAYRAIL_CARD_SECRET_KEY_BUDGET: '50', PAYRAIL_CARD_SECRET_KEY_BUDGET_WINDOW_SECONDS: '600' });
    expect([tuned.cardSecretKeyBudget, tuned.cardSecretKeyBudgetWindowSeconds]).toEqual([50, 600]);
  });
});
