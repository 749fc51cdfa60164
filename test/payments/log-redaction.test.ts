import { Writable } from 'node:stream';
import { createLogger } from '../../src/observability/logger';
import { card } from './fixtures';

/** Every line a logger writes, as text. */
function capture() {
  const lines: string[] = [];
  const destination = new Writable({
    write(chunk: Buffer, _enc, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  return { logger: createLogger({ level: 'info', destination, pretty: false }), text: () => lines.join('') };
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
