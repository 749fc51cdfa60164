import { createHmac, timingSafeEqual } from 'node:crypto';
import { webhookBody, webhookHeaders, webhookSignature, WEBHOOK_VERSION } from '../../src/domain/webhooks/signature';

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

  it('a delivery verifies with the client algorithm and yields the envelope', () => {
    const body = webhookBody(event);
    const headers = webhookHeaders('whsec_test', body, now);
    expect(headers['x-wk-timestamp']).toBe(String(now.getTime() / 1000));
    expect(verify('whsec_test', body, headers, now.getTime() / 1000)).toEqual({
      version: WEBHOOK_VERSION,
      event_type: 'PAYOUT',
      event_name: 'payout.create.succeeded',
      event_id: event.id,
      source_id: event.sourceId,
      data: event.data,
    });
  });

  it('the signature is hex HMAC-SHA512 over body then timestamp, with no separator', () => {
    const expected = createHmac('sha512', 'k').update('{"a":1}1700000000').digest('hex');
    expect(webhookSignature('k', '{"a":1}', '1700000000')).toBe(expected);
    expect(expected).toMatch(/^[0-9a-f]{128}$/);
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
