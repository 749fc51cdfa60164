import { z } from 'zod';
import { buildKeyring, parseCardDataKeys } from '../../src/platform/sealing/keys';
import { requestFingerprint, sameRequest, tokenizeMarkedMembers } from '../../src/platform/idempotency/fingerprint';
import { sensitiveInput } from '../../src/platform/validation/sensitive';

/**
 * Known answers for the idempotency fingerprint: `<key id>:hex(HMAC-SHA256(fingerprint key,
 * endpoint "\n" canonical JSON))`, where a member marked sensitiveInput is written as the JSON string
 * `tok:` + base64url(HMAC-SHA256(token key, the JSON of its value)). The expected values were computed
 * with OpenSSL 3 (commands beside them), never with payrail's own functions.
 *
 * The root is the test app's (id `test1`, 32 bytes of 0x09); its derived keys (HKDF-SHA256, pinned in
 * test/issuing/card-data/known-answers.test.ts) are
 *   FK (idempotency-fingerprint) = a5bd633c6a1e3ae6fffef45ecea50a2402436a41065305ad6a039fa7604025e6
 *   TK (idempotency-token)       = 7629ddce60436771c1ffa938f09b494af6aa235b3d9bb29b70d2e97f197eebbb
 */
const ROOT = `test1:${Buffer.alloc(32, 9).toString('base64')}`;
const keyring = buildKeyring(parseCardDataKeys(ROOT, 'test'));

// What route registration does for a body schema with a marked card number.
tokenizeMarkedMembers(z.object({ card_number: sensitiveInput(z.string()) }));

const ENDPOINT = 'POST /api/v2/payment_intents/pi_known/confirm';
/** Members out of order, the marked one nested: the canonical text sorts keys at every depth. */
const BODY = { payment_method: { card: { exp_month: '12', card_number: '4242424242424242' } }, currency: 'USD', amount: '10.00' };

/**
 * TOK=$(printf '%s' '"4242424242424242"' | openssl dgst -sha256 -mac HMAC -macopt hexkey:$TK -binary | base64 | tr '+/' '-_' | tr -d '=')
 *   = KI2XziAm6-j9qJQ3W4bviKdA2iW9N9M45D3JH3d8mHs
 * printf 'POST /api/v2/payment_intents/pi_known/confirm\n{"amount":"10.00","currency":"USD","payment_method":{"card":{"card_number":"tok:%s","exp_month":"12"}}}' "$TOK" \
 *   | openssl dgst -sha256 -mac HMAC -macopt hexkey:$FK
 */
const KNOWN = 'test1:68b33ae61cbee32a7d6d0771c21f28a89329c03e5c96b645e20961da92eeb7c5';

describe('the idempotency fingerprint, known answers', () => {
  it('is the known keyed HMAC of the endpoint and the canonical body, the card number tokenized', () => {
    expect(requestFingerprint(keyring, ENDPOINT, BODY)).toBe(KNOWN);
  });

  it('writes an absent body as null', () => {
    // printf 'POST /api/v1/probe\nnull' | openssl dgst -sha256 -mac HMAC -macopt hexkey:$FK
    expect(requestFingerprint(keyring, 'POST /api/v1/probe', undefined)).toBe('test1:1bb6ec9c32d89284e1142f60dbaf4c07ee1d089a48bbfb049f9248d7a887aa6b');
  });

  it('after a rotation, still matches the known fingerprint stored under the older root, and nothing else', () => {
    const rotated = buildKeyring(parseCardDataKeys(`k2:${Buffer.alloc(32, 2).toString('base64')},${ROOT}`, 'test'));
    const current = requestFingerprint(rotated, ENDPOINT, BODY);
    expect(current.startsWith('k2:')).toBe(true);
    expect(sameRequest(rotated, KNOWN, current, ENDPOINT, BODY)).toBe(true);
    const otherCard = { ...BODY, payment_method: { card: { exp_month: '12', card_number: '4242424242424243' } } };
    expect(sameRequest(rotated, KNOWN, requestFingerprint(rotated, ENDPOINT, otherCard), ENDPOINT, otherCard)).toBe(false);
  });
});
