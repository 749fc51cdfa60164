import { createDecipheriv } from 'node:crypto';
import { deriveActivationCode } from '../../../src/domain/issuing/card-data/activation';
import { deriveCvv } from '../../../src/domain/issuing/card-data/cvv';
import { buildKeyring, parseCardDataKeys } from '../../../src/platform/sealing/keys';
import { panLookupHash } from '../../../src/domain/issuing/card-data/pan';
import { openPan, openText, sealPan, sealText } from '../../../src/platform/sealing/seal';

/**
 * Known answers for the card data's cryptography: fixed inputs, and expected outputs written here as
 * literals, computed outside payrail with OpenSSL 3 and python's `cryptography` package (the commands
 * are beside each vector). None of them is computed by the code under test, so a change to a key
 * label, a message layout, the CVV's reduction or the sealed format fails here, even where the
 * round-trip tests (a value opens what it sealed) still pass.
 *
 * The root key is the test app's (test/support/app.ts): id `test1`, 32 bytes of 0x09, so
 * ROOT_HEX = 09 repeated 32 times.
 */
const ROOT_LINE = `test1:${Buffer.alloc(32, 9).toString('base64')}`;
const keyring = buildKeyring(parseCardDataKeys(ROOT_LINE, 'test'));

/**
 * HKDF-SHA256 of the root, empty salt, info `payrail/card-data/<label>/v1`, 32 bytes:
 *   openssl kdf -keylen 32 -kdfopt digest:SHA256 -kdfopt hexkey:$ROOT_HEX \
 *     -kdfopt info:payrail/card-data/<label>/v1 HKDF
 * (python: HKDF(SHA256(), 32, salt=None, info=b'payrail/card-data/<label>/v1').derive(b'\x09' * 32)
 * gives the same bytes).
 */
const DERIVED = {
  encryption: 'f443f94fbc3b9f7a35bd120e6c95be3fa709af0752001d202668ec3c3aa71965', // label pan-encryption
  panLookup: '60da6f4dbbe8ff926275f4f7b963914c0b1e157b493027544dc741f268a820ad', // label pan-lookup
  cvv: '79459d62357dedbebc73fe3f91e17e46c5b5bba5542c64cc094d47e5976906b7', // label cvv
  fingerprint: 'a5bd633c6a1e3ae6fffef45ecea50a2402436a41065305ad6a039fa7604025e6', // label idempotency-fingerprint
  token: '7629ddce60436771c1ffa938f09b494af6aa235b3d9bb29b70d2e97f197eebbb', // label idempotency-token
};
const hex = (b: Buffer | undefined) => b?.toString('hex');

describe('card data keys: HKDF-SHA256 of the root, one label per purpose', () => {
  it('derive the five known keys of the test root', () => {
    expect({
      encryption: hex(keyring.encryptionKey('test1')),
      panLookup: hex(keyring.panLookupKey('test1')),
      cvv: hex(keyring.cvvKey('test1')),
      fingerprint: hex(keyring.fingerprintKey('test1')),
      token: hex(keyring.tokenKey('test1')),
    }).toEqual(DERIVED);
  });
});

describe('the PAN lookup hash: hex HMAC-SHA256(lookup key, PAN)', () => {
  it('is the known hash of 4910901234567899', () => {
    // printf '%s' '4910901234567899' | openssl dgst -sha256 -mac HMAC -macopt hexkey:$DERIVED.panLookup
    expect(panLookupHash(keyring.panLookupKey('test1')!, '4910901234567899')).toBe('f71657381d82b8b5e0d5e50ec99a62753a9f39e5e5906e233d51a000d916024f');
  });
});

describe('CVV derivation: HMAC-SHA256(cvv key, "<PAN>|<MMYY>"), the first 16-bit word below 65,000, mod 1,000', () => {
  /**
   * Each digest below is `printf '%s' '<PAN>|<MMYY>' | openssl dgst -sha256 -mac HMAC -macopt
   * hexkey:$DERIVED.cvv`; the CVV is read from it by hand: the first 4 hex digits as a number, taken
   * if below 65,000, else the next 4, and so on; then that number mod 1,000, three digits.
   */
  it.each([
    // 70cbbc22...: 0x70cb = 28875, below 65,000 -> 875.
    ['4910901234567899', '1129', '875'],
    // eabaa48d...: 0xeaba = 60090 -> 090 (the leading zero is kept).
    ['5277350000000103', '1229', '090'],
    // ff36a45b...: 0xff36 = 65334 is rejected (no modulo bias); 0xa45b = 42075 -> 075.
    ['5277350000000715', '1229', '075'],
  ])('gives %s expiring %s the CVV %s', (pan, expiry, cvv) => {
    expect(deriveCvv(Buffer.from(DERIVED.cvv, 'hex'), pan, expiry)).toBe(cvv);
  });

  it('gives the same CVV from the keyring of the root key line', () => {
    expect(deriveCvv(keyring.cvvKey('test1')!, '4910901234567899', '1129')).toBe('875');
  });
});

describe('activation code: HMAC-SHA256(HMAC-SHA256(cvv key, label), card id), the first 32-bit word below 4.2e9, mod 10^8', () => {
  it('gives card 3f1c9a52-7b0e-4d8a-9c61-2e5f4b7a8d90 the code 90105245', () => {
    // AK=$(printf '%s' 'payrail card activation code key' | openssl dgst -sha256 -mac HMAC -macopt hexkey:$DERIVED.cvv)
    //   = 6c2b43b273308ac9672f5fa48c33e88778da233c1fb0fa6501ad3f52230c3dbd
    // printf '%s' '3f1c9a52-7b0e-4d8a-9c61-2e5f4b7a8d90' | openssl dgst -sha256 -mac HMAC -macopt hexkey:$AK
    //   = 4ce5719d...: 0x4ce5719d = 1290105245, below 4,200,000,000 -> mod 10^8 = 90105245.
    expect(deriveActivationCode(Buffer.from(DERIVED.cvv, 'hex'), '3f1c9a52-7b0e-4d8a-9c61-2e5f4b7a8d90')).toBe('90105245');
  });
});

describe('the sealed format: v1:<key id>:<nonce>:<ciphertext>:<tag>, AES-256-GCM, associated data payrail/<purpose>/v1/<key id>/<subject>', () => {
  const CARD = '3f1c9a52-7b0e-4d8a-9c61-2e5f4b7a8d90';
  /**
   * Made with python's `cryptography` (AESGCM), a fixed nonce, and base64url without padding:
   *   key = bytes.fromhex(DERIVED['encryption']); nonce = bytes(range(12))
   *   out = AESGCM(key).encrypt(nonce, b'4910901234567899', b'payrail/card-data/pan/v1/test1/' + CARD)
   *   ':'.join(['v1', 'test1', b64url(nonce), b64url(out[:-16]), b64url(out[-16:])])
   */
  const SEALED_PAN = 'v1:test1:AAECAwQFBgcICQoL:NQsfs69S3RCn0HWextqEUw:Lspj__PlGxN0XsUGpIq1tQ';
  /** The same with nonce bytes(range(12, 24)), b'whsec_known_answer', and purpose webhooks/endpoint-secret. */
  const SEALED_SECRET = 'v1:test1:DA0ODxAREhMUFRYX:B8QPwygxD6_91Xdd55KQ93mf:Pl2Y_YMNGhRAl8sH-M-XxA';

  it('opens a PAN sealed by an independent AES-256-GCM implementation', () => {
    expect(openPan(keyring, CARD, SEALED_PAN)).toBe('4910901234567899');
  });

  it('opens a webhook secret sealed so, only under its own purpose', () => {
    expect(openText(keyring, 'webhooks/endpoint-secret', CARD, SEALED_SECRET)).toBe('whsec_known_answer');
    expect(() => openPan(keyring, CARD, SEALED_SECRET)).toThrow(expect.objectContaining({ code: 'card_data_unreadable' }));
  });

  /** Opens a sealed value with node's AES-256-GCM directly: the known key, the associated data spelled out here. */
  function openDirectly(value: string, associatedData: string): string {
    const [version, keyId, nonce, ciphertext, tag] = value.split(':') as [string, string, string, string, string];
    expect([version, keyId, Buffer.from(nonce, 'base64url').length, Buffer.from(tag, 'base64url').length]).toEqual(['v1', 'test1', 12, 16]);
    const decipher = createDecipheriv('aes-256-gcm', Buffer.from(DERIVED.encryption, 'hex'), Buffer.from(nonce, 'base64url'), { authTagLength: 16 });
    decipher.setAAD(Buffer.from(associatedData, 'utf8'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString('utf8');
  }

  it('seals a PAN in that layout: it opens with the known key and the card-bound associated data alone', () => {
    const sealed = sealPan(keyring, CARD, '4910901234567899');
    expect(sealed.keyId).toBe('test1');
    // GCM adds no padding: the ciphertext is as long as the 16-digit PAN.
    expect(Buffer.from(sealed.value.split(':')[3]!, 'base64url')).toHaveLength(16);
    expect(openDirectly(sealed.value, `payrail/card-data/pan/v1/test1/${CARD}`)).toBe('4910901234567899');
  });

  it('seals other secrets in that layout under their purpose', () => {
    const sealed = sealText(keyring, 'auth-decisions/private-key', CARD, 'known private key text');
    expect(openDirectly(sealed.value, `payrail/auth-decisions/private-key/v1/test1/${CARD}`)).toBe('known private key text');
  });
});
