import { createHmac, timingSafeEqual } from 'node:crypto';
import { webhookBody, webhookHeaders, webhookSignature, WEBHOOK_VERSION } from '../../../src/domain/developers/webhooks/signature';

/**
 * The receiver's side as the official client's WebhookVerifier.constructEvent specifies it
 * (endpoints.md section 5): headers present, |now - timestamp| <= 300 s, and a constant-time match of
 * hex(HMAC-SHA512(secret, rawBody + timestampHeader)) where a length mismatch fails.
 */
function verify(secret: string, rawBody: string, headers: Record<string, string | undefined>, nowSeconds: number): unknown {
  const signature = headers['x-wk-signature'];
  const timestamp = headers['x-wk-timestamp'];
  if (!signature || !timestamp) throw new Error('missing header');
  if (Math.abs(nowSeconds - parseInt(timestamp, 10)) > 300) throw new Error('expired');
  const expected = Buffer.from(createHmac('sha512', secret).update(rawBody + timestamp).digest('hex'), 'hex');
  const got = Buffer.from(signature, 'hex');
  if (got.length !== expected.length || !timingSafeEqual(got, expected)) throw new Error('mismatch');
  return JSON.parse(rawBody);
}

const event = {
  id: '0b8f2a6e-3c1d-4b7a-9e2f-5d6c7b8a9f01',
  eventType: 'PAYOUT' as const,
  eventName: 'payout.create.succeeded',
  sourceId: '5e0c1a2b-3d4e-4f50-8a9b-0c1d2e3f4a5b',
  data: { payout_id: '5e0c1a2b-3d4e-4f50-8a9b-0c1d2e3f4a5b', amount: '10.00' },
};

describe('webhook signature (the official client format)', () => {
  const now = new Date('2026-11-23T10:00:00Z');

  /**
   * Known answer: the body is written out byte for byte, and the signature is
   *   printf '%s%s' "$BODY" 1795428000 | openssl dgst -sha512 -hmac whsec_test
   * (1795428000 is 2026-11-23T10:00:00Z: `date -u -d 2026-11-23T10:00:00Z +%s`).
   */
  const BODY =
    '{"version":"V1.6.0","event_type":"PAYOUT","event_name":"payout.create.succeeded","event_id":"0b8f2a6e-3c1d-4b7a-9e2f-5d6c7b8a9f01",' +
    '"source_id":"5e0c1a2b-3d4e-4f50-8a9b-0c1d2e3f4a5b","data":{"payout_id":"5e0c1a2b-3d4e-4f50-8a9b-0c1d2e3f4a5b","amount":"10.00"}}';
  const SIGNATURE = 'a099c872e2ae75c56ad5c63a4f3c869ff1e64abdc8ddf086a0aeca36e42fa158dc7e745666b02b795b45200a8312e8e0a3a37efa07f847cc8ddf4d863335d75b';

  it('a delivery is the known body, signed with the known headers', () => {
    const body = webhookBody(event);
    expect(body).toBe(BODY);
    expect(webhookHeaders('whsec_test', body, now)).toEqual({ 'x-wk-timestamp': '1795428000', 'x-wk-signature': SIGNATURE });
  });

  it('a delivery verifies with the client algorithm and yields the envelope', () => {
    const body = webhookBody(event);
    const headers = webhookHeaders('whsec_test', body, now);
    expect(verify('whsec_test', body, headers, now.getTime() / 1000)).toEqual({
      version: WEBHOOK_VERSION,
      event_type: 'PAYOUT',
      event_name: 'payout.create.succeeded',
      event_id: event.id,
      source_id: event.sourceId,
      data: event.data,
    });
  });

  it('an account_id, when the event has one, comes last in the envelope', () => {
    expect(webhookBody({ ...event, accountId: '7d6c5b4a-3928-4716-8594-a3b2c1d0e9f8' })).toBe(`${BODY.slice(0, -1)},"account_id":"7d6c5b4a-3928-4716-8594-a3b2c1d0e9f8"}`);
  });

  it('the signature is hex HMAC-SHA512 over body then timestamp, with no separator', () => {
    // printf '%s' '{"a":1}1700000000' | openssl dgst -sha512 -hmac k
    expect(webhookSignature('k', '{"a":1}', '1700000000')).toBe(
      '8baa4a2eb29840b979e42269b04547445e8beb23bd2f6acfaa570f6c1b1c97c073412244db795c4db339dc825aa750a047e5db456366c7e059ebdfb74e239b77',
    );
  });

  it('another secret, a changed byte or a timestamp outside 300 s fails verification', () => {
    const body = webhookBody(event);
    const headers = webhookHeaders('whsec_test', body, now);
    const t = now.getTime() / 1000;
    expect(() => verify('whsec_other', body, headers, t)).toThrow('mismatch');
    expect(() => verify('whsec_test', body.replace('10.00', '10.01'), headers, t)).toThrow('mismatch');
    expect(() => verify('whsec_test', body, headers, t + 301)).toThrow('expired');
  });
});
