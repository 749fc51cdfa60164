import { randomBytes } from 'node:crypto';
import { signAccessToken, verifyAccessToken } from '../../src/platform/auth/tokens';

// verifyAccessToken remembers tokens whose signature it checked (docs/performance.md); these tests
// hold the rules of spec 5.4 on the remembered path as on the first.
const claims = { entity_id: '3f0c1c8e-9d1e-4d7e-8f5a-2b6c7d8e9f01', short_entity_id: 'P1', parent_entity_id: '0', client_id: 'c1', api_version: 'V1.6.0', bus_type: 'Sandbox' };
const key = () => new Uint8Array(randomBytes(32));

describe('access token verification', () => {
  it('accepts a token again until its expiry, then answers token_expired', async () => {
    const k = key();
    const at = new Date('2026-11-23T10:00:00Z');
    const { token, expiresAt } = await signAccessToken({ key: k, ttlSeconds: 300 }, at, claims);
    expect((await verifyAccessToken(k, token, at)).entity_id).toBe(claims.entity_id);
    // second call: remembered signature, expiry still checked against the clock
    expect((await verifyAccessToken(k, token, new Date((expiresAt - 1) * 1000))).entity_id).toBe(claims.entity_id);
    await expect(verifyAccessToken(k, token, new Date(expiresAt * 1000))).rejects.toMatchObject({ code: 'token_expired' });
  });

  it('does not accept a token verified under one key when another key checks it', async () => {
    const [k1, k2] = [key(), key()];
    const at = new Date('2026-11-23T10:00:00Z');
    const { token } = await signAccessToken({ key: k1, ttlSeconds: 300 }, at, claims);
    await verifyAccessToken(k1, token, at);
    await expect(verifyAccessToken(k2, token, at)).rejects.toMatchObject({ code: 'authorization_error' });
  });

  it('refuses a token whose signature was altered, even after the genuine one was accepted', async () => {
    const k = key();
    const at = new Date('2026-11-23T10:00:00Z');
    const { token } = await signAccessToken({ key: k, ttlSeconds: 300 }, at, claims);
    await verifyAccessToken(k, token, at);
    const sig = token.split('.')[2]!;
    const altered = `${token.slice(0, token.length - sig.length)}${sig[0] === 'A' ? 'B' : 'A'}${sig.slice(1)}`;
    await expect(verifyAccessToken(k, altered, at)).rejects.toMatchObject({ code: 'authorization_error' });
  });
});
