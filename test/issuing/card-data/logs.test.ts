import { Writable } from 'node:stream';
import { generatePan, maskPan } from '../../../src/domain/issuing/card-data/pan';
import { createLogger } from '../../../src/platform/observability/logger';
import { startTestApp } from '../../support/app';

function capture() {
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _enc, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  return { logger: createLogger({ level: 'info', destination: sink }), text: () => lines.join('') };
}

describe('a PAN never reaches the log', () => {
  it('is redacted under every field name the issuing area uses, at the top and nested', () => {
    const pan = generatePan('527735');
    const { logger, text } = capture();
    for (const name of ['pan', 'card_number', 'cardNumber', 'primary_account_number', 'primaryAccountNumber', 'full_card_number']) {
      logger.info({ [name]: pan }, 'top');
      logger.info({ card: { [name]: pan } }, 'nested');
      logger.info({ body: { card: { [name]: pan } } }, 'deeper');
    }
    logger.info({ secure: { card_number: pan, cvv: '123', expire_date: '12/29' } }, 'secure details');
    const out = text();
    expect(out).toContain('[redacted]');
    expect(out).not.toContain(pan);
    expect(out).not.toContain(pan.slice(6, 15));
    expect(out).not.toContain('12/29');
  });

  it('keeps the masked number readable', () => {
    const pan = generatePan('555071');
    const { logger, text } = capture();
    logger.info({ masked_card_number: maskPan(pan) }, 'card created');
    expect(text()).toContain(maskPan(pan));
    expect(text()).not.toContain(pan);
  });

  it('is absent from the app\'s request logs when a request carries one, in the body or in the query (CI2, CI11)', async () => {
    const t = await startTestApp();
    try {
      const pan = generatePan('527735');
      await t.inject({ method: 'POST', url: '/api/v1/issuing/cards/assign', payload: { card_number: pan, cardholder_id: 'x', card_currency: 'USD', card_mode: 'SINGLE' } });
      await t.inject({ method: 'GET', url: `/api/v1/issuing/cards?page_size=10&page_number=1&card_number=${pan}` });
      await t.inject({ method: 'GET', url: `/api/v1/nowhere?card_number=${pan}` });
      expect(t.rawLogs.length).toBeGreaterThan(0);
      expect(t.rawLogs.join('\n')).not.toContain(pan);
    } finally {
      await t.close();
    }
  });
});
