import { randomBytes, randomUUID } from 'node:crypto';
import { buildKeyring, loadCardDataKeys, parseCardDataKeys } from '../../../src/platform/sealing/keys';
import type { KeyCustody } from '../../../src/platform/key-custody/data-keys';
import { openPan, openText, sealPan, sealText, sealedKeyId } from '../../../src/platform/sealing/seal';

const line = (id: string) => `${id}:${randomBytes(32).toString('base64')}`;
const keyA = line('a');
const keyB = line('b');
const ringA = buildKeyring(parseCardDataKeys(keyA, 'test'));
const PAN = '5277351234567897';
const unreadable = expect.objectContaining({ code: 'card_data_unreadable' });

/** Replaces one base64url part of a sealed value with the same bytes, one bit flipped. */
function flip(value: string, part: number): string {
  const parts = value.split(':');
  const bytes = Buffer.from(parts[part]!, 'base64url');
  bytes[0] = bytes[0]! ^ 0x01;
  parts[part] = bytes.toString('base64url');
  return parts.join(':');
}

describe('AES-256-GCM sealing of a PAN', () => {
  it('opens what it sealed, for the same card', () => {
    const card = randomUUID();
    const sealed = sealPan(ringA, card, PAN);
    expect(sealed.keyId).toBe('a');
    expect(sealed.value).toMatch(/^v1:a:[\w-]{16}:[\w-]+:[\w-]{22}$/);
    expect(sealed.value).not.toContain(PAN);
    expect(openPan(ringA, card, sealed.value)).toBe(PAN);
  });

  it('uses a fresh nonce for every value: the same PAN seals differently each time', () => {
    const card = randomUUID();
    const values = new Set(Array.from({ length: 50 }, () => sealPan(ringA, card, PAN).value.split(':')[2]));
    expect(values.size).toBe(50);
  });

  it('refuses a changed ciphertext, tag or nonce', () => {
    const card = randomUUID();
    const sealed = sealPan(ringA, card, PAN).value;
    expect(() => openPan(ringA, card, flip(sealed, 3))).toThrow(unreadable);
    expect(() => openPan(ringA, card, flip(sealed, 4))).toThrow(unreadable);
    expect(() => openPan(ringA, card, flip(sealed, 2))).toThrow(unreadable);
    expect(() => openPan(ringA, card, sealed.slice(0, -2))).toThrow(unreadable);
    expect(() => openPan(ringA, card, 'not sealed')).toThrow(unreadable);
  });

  it('refuses a ciphertext moved onto another card (the associated data is the card id)', () => {
    const sealed = sealPan(ringA, randomUUID(), PAN).value;
    expect(() => openPan(ringA, randomUUID(), sealed)).toThrow(unreadable);
  });

  it('refuses a value relabelled with another key id, and one whose key this process lacks', () => {
    const card = randomUUID();
    const both = buildKeyring(parseCardDataKeys(`${keyB},${keyA}`, 'test'));
    const relabelled = sealPan(both, card, PAN).value.replace(/^v1:b:/, 'v1:a:');
    expect(() => openPan(both, card, relabelled)).toThrow(unreadable);
    const underB = sealPan(both, card, PAN).value;
    expect(() => openPan(ringA, card, underB)).toThrow(unreadable);
  });

  it('never puts the PAN in the error it throws', () => {
    const card = randomUUID();
    try {
      openPan(ringA, randomUUID(), sealPan(ringA, card, PAN).value);
      throw new Error('opened');
    } catch (e) {
      expect(JSON.stringify(e) + String(e)).not.toContain(PAN);
    }
  });
});

describe('card data keys', () => {
  it('seal with the first key and open with every key of the list (rotation)', () => {
    const card = randomUUID();
    const old = sealPan(ringA, card, PAN).value;
    const rotated = buildKeyring(parseCardDataKeys(`${keyB}\n${keyA}\n`, 'test'));
    expect(rotated.currentKeyId).toBe('b');
    expect(openPan(rotated, card, old)).toBe(PAN);
    expect(sealedKeyId(sealPan(rotated, card, PAN).value)).toBe('b');
  });

  it('keep the PAN lookup and CVV keys of the oldest key as the legacy ones through a rotation, distinct from each other', () => {
    const rotated = buildKeyring(parseCardDataKeys(`${keyB},${keyA}`, 'test'));
    expect(rotated.legacyKeyId).toBe('a');
    expect(rotated.panLookupKey(rotated.legacyKeyId)!.equals(ringA.panLookupKey('a')!)).toBe(true);
    expect(rotated.cvvKey(rotated.legacyKeyId)!.equals(ringA.cvvKey('a')!)).toBe(true);
    expect(ringA.cvvKey('a')!.equals(ringA.panLookupKey('a')!)).toBe(false);
    expect(ringA.encryptionKey('a')!.equals(ringA.cvvKey('a')!)).toBe(false);
    expect(rotated.cvvKey('b')!.equals(rotated.cvvKey('a')!)).toBe(false);
  });

  it.each([
    ['an empty list', '', 'no key'],
    ['an entry without an id', 'nokey', 'no valid key id'],
    ['a 16-byte key', `a:${randomBytes(16).toString('base64')}`, 'not 32 bytes'],
    ['a repeated id', `${keyA},${keyA}`, 'appears twice'],
  ])('refuse %s', (_label, text, problem) => {
    expect(() => parseCardDataKeys(text, 'PAYRAIL_CARD_DATA_KEYS')).toThrow(problem);
  });

  it('prefer the configured list over the key custody', async () => {
    const unused = { keys: () => Promise.reject(new Error('the key custody is not asked')) } as unknown as KeyCustody;
    const ring = await loadCardDataKeys({ configured: keyB, dataDir: '/nonexistent', custody: unused });
    expect(ring.currentKeyId).toBe('b');
  });
});

describe('sealing other secrets', () => {
  test('a value sealed for one purpose or subject opens only for that purpose and subject', () => {
    const endpoint = randomUUID();
    const sealed = sealText(ringA, 'webhooks/endpoint-secret', endpoint, 'whsec_abc');
    expect(openText(ringA, 'webhooks/endpoint-secret', endpoint, sealed.value)).toBe('whsec_abc');
    expect(() => openText(ringA, 'webhooks/endpoint-secret', randomUUID(), sealed.value)).toThrow(unreadable);
    expect(() => openText(ringA, 'auth-decisions/private-key', endpoint, sealed.value)).toThrow(unreadable);
    expect(() => openPan(ringA, endpoint, sealed.value)).toThrow(unreadable);
  });
});
