import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../../../src/config';
import { ensureSandboxMaster } from '../../../src/domain/onboarding/accounts/sandbox';
import { Permission } from '../../../src/platform/auth/permissions';
import { startTestApp, testKek, type TestApp } from '../../support/app';
import { clientOf } from '../../support/client';
import { activeCard } from './fixtures';

describe('secure card details configuration', () => {
  it('defaults to 10 reveals per card per 60 seconds, and framing by payrail itself only', () => {
    const c = loadConfig({});
    expect([c.cardSecretRateLimit, c.cardSecretRateWindowSeconds, c.cardIframeAncestors]).toEqual([10, 60, []]);
  });

  it('reads the limit, the window and the allowed framing origins', () => {
    const c = loadConfig({
      PAYRAIL_CARD_SECRET_RATE_LIMIT: '5',
      PAYRAIL_CARD_SECRET_RATE_WINDOW_SECONDS: '30',
      PAYRAIL_CARD_IFRAME_ANCESTORS: 'https://shop.example.com, http://localhost:3000',
    });
    expect([c.cardSecretRateLimit, c.cardSecretRateWindowSeconds, c.cardIframeAncestors]).toEqual([5, 30, ['https://shop.example.com', 'http://localhost:3000']]);
  });

  it('refuses a framing source that is not an origin (a wildcard, a path, a CSP keyword)', () => {
    for (const bad of ['*', 'https://shop.example.com/pay', "'none'", 'https://a.example.com; script-src *']) {
      expect(() => loadConfig({ PAYRAIL_CARD_IFRAME_ANCESTORS: bad })).toThrow(/PAYRAIL_CARD_IFRAME_ANCESTORS/);
    }
  });
});

describe('the sandbox key npm start prints', () => {
  let t: TestApp;
  let dir: string;
  beforeAll(async () => {
    t = await startTestApp();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'payrail-sandbox-'));
  });
  afterAll(async () => {
    fs.rmSync(dir, { recursive: true, force: true });
    await t.close();
  });

  it('holds the secure-details permission, so the docs/issuing.md walk-through can reveal a card', async () => {
    const sandbox = await ensureSandboxMaster(t.services, { dataDir: dir, kek: testKek });
    const key = await t.db.prisma.apiKey.findUnique({ where: { clientId: sandbox.clientId } });
    expect(key!.permissions).toEqual([Permission.SensitiveCardDetails]);
    const c = await clientOf(t, { clientId: sandbox.clientId, apiKey: sandbox.apiKey! });
    const id = await activeCard(c);
    expect((await c.get(`/v1/issuing/cards/${id}/secure`)).status).toBe(200);
  });
});
