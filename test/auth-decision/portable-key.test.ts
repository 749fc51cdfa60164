import * as openpgp from 'openpgp';
import { treeKeyPair } from '../../src/domain/issuing/auth-decisions/keys';
import { decryptText, preferencesOf } from '../../src/domain/issuing/auth-decisions/pgp';
import { sealText } from '../../src/platform/sealing/seal';
import { startTestApp, type TestApp } from '../support/app';
import { clientOf } from '../support/client';
import { makeMaster } from '../support/tenants';

/**
 * payrail's PGP key for authorization decisions must load in every common OpenPGP implementation,
 * pgpy 0.6 (the Python client's library) included. pgpy 0.6.0 parses a key's preference subpackets
 * into these enums of its pgpy/constants.py and refuses the whole key on any other id
 * (`14 is not a valid HashAlgorithm`): the ids below are those enums' members, read from its source.
 */
const PGPY_06 = {
  // HashAlgorithm: MD5, SHA1, RIPEMD160, SHA256, SHA384, SHA512, SHA224 (SHA-3 ids 12 and 14 are absent).
  hashes: new Set([1, 2, 3, 8, 9, 10, 11]),
  // SymmetricKeyAlgorithm: Plaintext, IDEA, TripleDES, CAST5, Blowfish, AES128/192/256, Twofish256, Camellia128/192/256.
  ciphers: new Set([0, 1, 2, 3, 4, 7, 8, 9, 10, 11, 12, 13]),
  // CompressionAlgorithm: Uncompressed, ZIP, ZLIB, BZ2.
  compression: new Set([0, 1, 2, 3]),
  // PubKeyAlgorithm: RSA (1-3), ElGamal, DSA, ECDH, ECDSA, (former) ElGamal, DH, EdDSA.
  publicKey: new Set([1, 2, 3, 16, 17, 18, 19, 20, 21, 22]),
  // EllipticCurveOID.Curve25519 and .Ed25519 (the NIST, Brainpool and secp256k1 curves are there too).
  curves: new Set(['curve25519Legacy', 'ed25519Legacy', 'nistP256', 'nistP384', 'nistP521', 'brainpoolP256r1', 'brainpoolP384r1', 'brainpoolP512r1', 'secp256k1']),
};

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

async function treeWithKey(): Promise<{ root: string; armored: string; c: Awaited<ReturnType<typeof clientOf>> }> {
  const tenant = await makeMaster(t.services, { name: 'Portable key' });
  const c = await clientOf(t, tenant);
  const res = await c.get('/v1/issuing/auth_decision');
  return { root: tenant.account.id, armored: res.body.payrail_public_key as string, c };
}

describe("payrail's authorization decision key", () => {
  it('states SHA-512/384/256, AES-256/128 and no AEAD in every self-certification, and every id is one pgpy 0.6 reads', async () => {
    const { armored } = await treeWithKey();
    const key = await openpgp.readKey({ armoredKey: armored });
    const prefs = preferencesOf(key);
    expect(prefs.length).toBeGreaterThan(0);
    for (const p of prefs) {
      expect(p).toEqual({ hashes: [10, 9, 8], ciphers: [9, 7], compression: [0, 2, 1], aead: [] });
      expect(p.hashes.filter((h) => !PGPY_06.hashes.has(h))).toEqual([]);
      expect(p.ciphers.filter((c) => !PGPY_06.ciphers.has(c))).toEqual([]);
      expect(p.compression.filter((c) => !PGPY_06.compression.has(c))).toEqual([]);
    }
    // The key's own algorithms, curves and the ECDH subkey's KDF parameters are in pgpy's enums too.
    const primary = key.keyPacket;
    expect(PGPY_06.publicKey.has(primary.algorithm)).toBe(true);
    expect(PGPY_06.curves.has(primary.getAlgorithmInfo().curve ?? '')).toBe(true);
    const sub = key.subkeys[0]!.keyPacket;
    expect(PGPY_06.publicKey.has(sub.algorithm)).toBe(true);
    expect(PGPY_06.curves.has(sub.getAlgorithmInfo().curve ?? '')).toBe(true);
    const kdf = (sub.publicParams as { kdfParams: { hash: number; cipher: number } }).kdfParams;
    expect(PGPY_06.hashes.has(kdf.hash)).toBe(true);
    expect(PGPY_06.ciphers.has(kdf.cipher)).toBe(true);
    // Every signature on the key is made with a hash pgpy reads.
    const sigs = [...key.users.flatMap((u) => u.selfCertifications), ...key.subkeys.flatMap((s) => s.bindingSignatures)];
    expect(sigs.map((s) => s.hashAlgorithm).filter((h) => !PGPY_06.hashes.has(h ?? 0))).toEqual([]);
    // And the key verifies as openpgp.js reads it.
    await expect(key.verifyPrimaryKey()).resolves.toBeUndefined();
  });

  it("openpgp.js's own defaults list SHA-3 (the ids pgpy 0.6 refuses): the reason payrail states its own", async () => {
    const { publicKey } = await openpgp.generateKey({ type: 'ecc', curve: 'curve25519Legacy', userIDs: [{ name: 'defaults' }], format: 'object' });
    const [p] = preferencesOf(publicKey);
    expect(p!.hashes.filter((h) => !PGPY_06.hashes.has(h)).sort()).toEqual([12, 14]);
  });

  it('a key stored with those defaults is certified anew on first use: same key and fingerprint, portable preferences, old copies still work', async () => {
    const tenant = await makeMaster(t.services, { name: 'Old key' });
    const root = tenant.account.id;
    const old = await openpgp.generateKey({ type: 'ecc', curve: 'curve25519Legacy', userIDs: [{ name: `payrail ${root}`, email: 'auth-decisions@payrail.invalid' }], format: 'armored' });
    const sealed = sealText(t.services.cardDataKeys, 'auth-decisions/private-key', root, old.privateKey);
    await t.db.pool.query(
      `INSERT INTO auth_decision_keys (root_account_id, public_key, private_key_sealed, sealing_key_id, created_at) VALUES ($1, $2, $3, $4, now())`,
      [root, old.publicKey, sealed.value, sealed.keyId],
    );
    const oldKey = await openpgp.readKey({ armoredKey: old.publicKey });

    const c = await clientOf(t, tenant);
    const shown = (await c.get('/v1/issuing/auth_decision')).body.payrail_public_key as string;
    const renewed = await openpgp.readKey({ armoredKey: shown });
    expect(renewed.getFingerprint()).toBe(oldKey.getFingerprint());
    expect(renewed.subkeys[0]!.getFingerprint()).toBe(oldKey.subkeys[0]!.getFingerprint());
    expect(preferencesOf(renewed)).toEqual([{ hashes: [10, 9, 8], ciphers: [9, 7], compression: [0, 2, 1], aead: [] }]);
    const { rows } = await t.db.pool.query<{ public_key: string }>('SELECT public_key FROM auth_decision_keys WHERE root_account_id = $1', [root]);
    expect(rows[0]!.public_key).toBe(shown);
    // Answered again the same: the certification is written once.
    expect((await c.get('/v1/issuing/auth_decision')).body.payrail_public_key).toBe(shown);

    // A customer that still holds the old public key encrypts to the same subkey: payrail decrypts it.
    const answer = '{"transaction_id":"t-1","response_code":"00","partner_reference_id":""}';
    for (const encryptionKeys of [oldKey, renewed]) {
      const armored = await openpgp.encrypt({ message: await openpgp.createMessage({ text: answer }), encryptionKeys, format: 'armored' });
      const pair = await treeKeyPair(t.db, t.services.cardDataKeys, root, t.clock.now());
      expect(await decryptText(armored, pair.privateKey)).toBe(answer);
    }
  });
});
