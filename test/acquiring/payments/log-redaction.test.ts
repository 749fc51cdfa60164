import { Writable } from 'node:stream';
import { createLogger } from '../../../src/platform/observability/logger';
import { card } from './fixtures';

/**
 * Every line a logger writes, as text, without the timestamp the logger adds itself: its digits are
 * the clock's (a `.987` millisecond part is one run in a thousand), so a search for a three-digit CVC
 * runs on what was logged. The line must still be one JSON object with exactly that timestamp field.
 */
function capture() {
  const lines: string[] = [];
  const destination = new Writable({
    write(chunk: Buffer, _enc, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  const text = () =>
    lines
      .map((line) => {
        const { time, ...logged } = JSON.parse(line) as { time: unknown } & Record<string, unknown>;
        expect(time).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
        return JSON.stringify(logged);
      })
      .join('\n');
  return { logger: createLogger({ level: 'info', destination, pretty: false }), text };
}

describe('a confirm body never reaches the log with its card', () => {
  const body = card('4242424242424242', { cvc: '987' });

  it.each([
    ['the body itself', body],
    ['a request object', { req: { body } }],
    ['a request inside an error report', { err: { req: { body } } }],
    ['GraphQL variables', { variables: { input: { paymentMethod: body.payment_method } } }],
  ])('redacts the number and the CVC in %s', (_what, logged) => {
    const { logger, text } = capture();
    logger.info(logged, 'request');
    expect(text()).toContain('[redacted]');
    expect(text()).not.toContain('4242424242424242');
    expect(text()).not.toContain('987');
    expect(text()).toContain('Ada Lovelace');
  });
});

describe("a confirm body in the official clients' names never reaches the log with its card", () => {
  const body = { payment_method: { type: 'card', card: { card_number: '5555555555554444', expiry_month: '12', expiry_year: '2030', cvc: '852', card_name: 'Ada Lovelace' } } };

  it.each([
    ['the body itself', body],
    ['a request object', { req: { body } }],
    ['a request inside an error report', { err: { req: { body } } }],
    ['GraphQL variables', { variables: { input: { paymentMethod: { card: { cardNumber: '5555555555554444', cvc: '852' } } } } }],
  ])('redacts card_number and the CVC in %s', (_what, logged) => {
    const { logger, text } = capture();
    logger.info(logged, 'request');
    expect(text()).not.toContain('5555555555554444');
    expect(text()).not.toContain('852');
  });
});

describe('a terminal PIN key request never reaches the log with its keys', () => {
  it.each([
    ['the body', { prv_key: 'a1'.repeat(32), terminal_id: '10000001' }],
    ['a request object', { req: { body: { prv_key: 'a1'.repeat(32) } } }],
    ['an answer', { res: { body: { encrypt_pin_key: 'c2VjcmV0LXBpbi1rZXk=' } } }],
  ])('redacts prv_key and encrypt_pin_key in %s', (_what, logged) => {
    const { logger, text } = capture();
    logger.info(logged, 'request');
    expect(text()).not.toContain('a1a1a1a1');
    expect(text()).not.toContain('c2VjcmV0LXBpbi1rZXk=');
  });
});
