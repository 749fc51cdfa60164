import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { runAdminCommand } from '../../src/admin/commands';
import { KeyCommandRefused } from '../../src/admin/key-commands';
import { Permission } from '../../src/platform/auth/permissions';
import { loadCardDataKeys } from '../../src/platform/sealing/keys';
import { keyCustody, type KeyCustody } from '../../src/platform/key-custody/data-keys';
import { keyLine } from '../../src/platform/key-custody/key-list';
import { startTestApp, TEST_KEK_LINE, type TestApp } from '../support/app';
import { clientOf, type Client } from '../support/client';
import { advance } from '../support/sandbox';
import { makeMaster, type Tenant } from '../support/tenants';
import { createHolder } from '../issuing/cardholders/fixtures';
import { createCard, plastic } from '../issuing/cards/fixtures';

/**
 * The rotation procedure of docs/security.md, step by step, on one database: a new card data key
 * is added, every process restarts with it, the rotation moves what can move, and the old key can
 * leave once nothing names it. PAN encryption, PAN lookup hashes and CVVs all have versions.
 */

let owner: TestApp;
let custody: KeyCustody;
let tenant: Tenant;
const apps: TestApp[] = [];
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'payrail-rotation-'));

/** "Restarting a process": an app on the same database with the custody's current keys. */
async function restart(): Promise<{ t: TestApp; c: Client; keyIds: readonly string[] }> {
  const ring = await loadCardDataKeys({ dataDir, custody });
  const lines = (await custody.keys('card-data')).map(keyLine).join(',');
  const t = await startTestApp({ database: { url: owner.url }, config: { cardDataKeys: lines } });
  apps.push(t);
  return { t, c: await clientOf(t, tenant), keyIds: ring.keyIds };
}

const secretsOf = async (t: TestApp, cardId: string) =>
  (await t.db.pool.query<{ key_id: string; lookup_key_id: string | null; cvv_key_id: string | null }>('SELECT key_id, lookup_key_id, cvv_key_id FROM card_secrets WHERE card_id = $1', [cardId])).rows[0]!;

beforeAll(async () => {
  owner = await startTestApp();
  custody = keyCustody(owner.db, { value: TEST_KEK_LINE, file: undefined, command: undefined, defaultFile: '/nonexistent/kek', mode: 'sandbox', dataDir });
  tenant = await makeMaster(owner.services, { name: 'Rotation', permissions: [Permission.SensitiveCardDetails] });
});
afterAll(async () => {
  for (const t of apps) await t.close();
  await owner.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('card data key rotation (npm run admin)', () => {
  it('add, restart, rotate, retire: PANs, lookup hashes and sealed secrets move; each card keeps its CVV', async () => {
    const one = await restart();
    const [k1] = one.keyIds;
    const { card_id: oldCard } = await createCard(one.c);
    await advance(one.c, 3);
    const before = (await one.c.get(`/v1/issuing/cards/${oldCard as string}/secure`)).body;
    expect(before.cvv).toMatch(/^\d{3}$/);
    const hook = (await one.c.post('/v1/webhooks/endpoints', { url: 'https://hooks.example.com/r' })).body;
    const holder = await createHolder(one.c);
    const plasticPan = plastic();
    const assigned = (await one.c.post('/v1/issuing/cards/assign', { cardholder_id: holder.cardholder_id, card_number: plasticPan, card_currency: 'USD', card_mode: 'SINGLE' })).body;
    expect(await secretsOf(one.t, oldCard as string)).toEqual({ key_id: k1, lookup_key_id: k1, cvv_key_id: k1 });

    // 1. A new key, newest from each process's next start.
    const added = (await runAdminCommand({ ...one.t.services, custody }, ['add-card-data-key'])) as { key_id: string };
    const two = await restart();
    expect(two.keyIds).toEqual([added.key_id, k1]);
    const k2 = added.key_id;

    // New cards are keyed with the new key; old ones still open, find and check under the old one.
    const { card_id: newCard } = await createCard(two.c);
    expect(await secretsOf(two.t, newCard as string)).toEqual({ key_id: k2, lookup_key_id: k2, cvv_key_id: k2 });
    expect((await two.c.get(`/v1/issuing/cards/${oldCard as string}/secure`)).body).toEqual(before);
    // A number held under the old lookup key is still held: the plastic cannot be assigned twice.
    const again = await two.c.post('/v1/issuing/cards/assign', { cardholder_id: (await createHolder(two.c)).cardholder_id, card_number: plasticPan, card_currency: 'USD', card_mode: 'SINGLE' });
    expect([again.status, again.body.message]).toEqual([400, 'card number not exist']);
    const activated = await two.c.post('/v1/issuing/cards/activate', { card_id: assigned.card_id, activation_code: assigned.activation_code, pin: '135792' });
    expect(activated.status).toBe(200);

    // 2. The rotation: everything that can move moves onto the newest key.
    const rotated = (await runAdminCommand({ ...two.t.services, custody }, ['rotate-card-data-key', '--batch-size', '2'])) as Record<string, unknown>;
    expect(rotated).toMatchObject({ key_id: k2, resealed: { webhook_endpoints: 1 } });
    const { rows } = await two.t.db.pool.query<{ key_id: string; lookup_key_id: string; n: string }>('SELECT key_id, lookup_key_id, count(*) AS n FROM card_secrets GROUP BY 1, 2');
    expect(rows.map((r) => [r.key_id, r.lookup_key_id])).toEqual([[k2, k2]]);
    expect(await secretsOf(two.t, oldCard as string)).toEqual({ key_id: k2, lookup_key_id: k2, cvv_key_id: k1 });
    const sealed = await two.t.db.pool.query<{ secret_sealed: string }>('SELECT secret_sealed FROM webhook_endpoints WHERE id = $1', [hook.webhook_endpoint_id]);
    expect(sealed.rows[0]!.secret_sealed.startsWith(`v1:${k2}:`)).toBe(true);
    expect((await two.c.get(`/v1/issuing/cards/${oldCard as string}/secure`)).body).toEqual(before);

    // 3. The old key stays while anything names it: here the old cards' CVVs and recent fingerprints.
    const usage = (await runAdminCommand({ ...two.t.services, custody }, ['card-data-key-usage'])) as { usage: Record<string, Record<string, number>> };
    expect(Object.keys(usage.usage[k1!]!)).toEqual(expect.arrayContaining(['cvv']));
    expect(usage.usage[k1!]!.pan_encryption).toBeUndefined();
    await expect(runAdminCommand({ ...two.t.services, custody }, ['retire-card-data-key', '--id', k1!])).rejects.toThrow(KeyCommandRefused);
    await expect(runAdminCommand({ ...two.t.services, custody }, ['retire-card-data-key', '--id', k2])).rejects.toThrow(/newest/);

    // Once those cards are gone and the fingerprints past their window, it leaves.
    await two.t.db.pool.query('DELETE FROM card_secrets WHERE cvv_key_id = $1', [k1]);
    two.t.clock.advance(25 * 3600);
    expect(await runAdminCommand({ ...two.t.services, custody }, ['retire-card-data-key', '--id', k1!])).toMatchObject({ retired: k1 });
    const three = await restart();
    expect(three.keyIds).toEqual([k2]);
    expect((await three.c.get(`/v1/issuing/cards/${newCard as string}`)).status).toBe(200);
  });
});
