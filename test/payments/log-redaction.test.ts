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
