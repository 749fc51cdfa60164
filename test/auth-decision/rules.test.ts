import { readAnswer } from '../../src/domain/issuing/auth-decisions/call';
import { NO_ANSWER_REASON, verdictOf } from '../../src/domain/issuing/auth-decisions/contract';
import { toAuthDecisionTransaction } from '../../src/domain/issuing/auth-decisions/transaction';
import { TRANSACTION_FIELDS } from './fixtures';

const ID = '5f0c7a52-1d2e-4b3c-9a8b-7c6d5e4f3a21';

describe('readAnswer: what counts as a valid decrypted answer', () => {
  it('takes the client handler\'s answer, with partner_reference_id "" when decide gave none', () => {
    expect(readAnswer(JSON.stringify({ transaction_id: ID, response_code: '00', partner_reference_id: '' }), ID)).toEqual({ answered: true, responseCode: '00', partnerReferenceId: '' });
    expect(readAnswer(JSON.stringify({ transaction_id: ID, response_code: '51', partner_reference_id: 'r-1' }), ID)).toEqual({ answered: true, responseCode: '51', partnerReferenceId: 'r-1' });
  });

  it.each([
    ['not JSON', 'approved'],
    ['an array', '[]'],
    ['another transaction_id', JSON.stringify({ transaction_id: 'other', response_code: '00' })],
    ['no transaction_id', JSON.stringify({ response_code: '00' })],
    ['a numeric response_code', JSON.stringify({ transaction_id: ID, response_code: 0 })],
    ['an empty response_code', JSON.stringify({ transaction_id: ID, response_code: '' })],
    ['a three-character response_code', JSON.stringify({ transaction_id: ID, response_code: '000' })],
    ['a non-string partner_reference_id', JSON.stringify({ transaction_id: ID, response_code: '00', partner_reference_id: 7 })],
  ])('refuses %s', (_what, text) => {
    expect(readAnswer(text, ID).answered).toBe(false);
  });
});

describe('verdictOf: 00 approves, other codes decline with the code, no answer follows the strategy', () => {
  it('decides as issue 11 says', () => {
    expect(verdictOf('DECLINE', { answered: true, responseCode: '00', partnerReferenceId: 'r' })).toMatchObject({ approve: true, decidedBy: 'PARTNER', declineReason: null, partnerReferenceId: 'r' });
    expect(verdictOf('DELEGATE', { answered: true, responseCode: '51', partnerReferenceId: '' })).toMatchObject({ approve: false, decidedBy: 'PARTNER', declineReason: '51', partnerReferenceId: null });
    expect(verdictOf('DECLINE', { answered: false, why: 'timeout' })).toMatchObject({ approve: false, decidedBy: 'TIMEOUT_STRATEGY', declineReason: NO_ANSWER_REASON });
    expect(verdictOf('DELEGATE', { answered: false, why: 'timeout' })).toMatchObject({ approve: true, decidedBy: 'TIMEOUT_STRATEGY', declineReason: null });
  });
});

describe('toAuthDecisionTransaction', () => {
  const facts = {
    transactionId: ID, cardId: 'c', transactionAmount: '86.50', transactionCurrency: 'EUR', billingAmount: '100.00', billingCurrency: 'USD',
    cardBalance: '250.00', merchantName: 'Shop', merchantCategoryCode: '5411', merchantCity: 'Paris', merchantCountry: 'FR', at: new Date('2026-11-21T10:00:00Z'),
  };

  it("has exactly the client's fields, amounts as JSON numbers, and the same derived values for the same transaction", () => {
    const tx = toAuthDecisionTransaction(facts);
    expect(Object.keys(tx)).toEqual([...TRANSACTION_FIELDS]);
    expect(tx).toMatchObject({ billing_amount: 100, transaction_amount: 86.5, auth_amount: 100, card_balance: 250, date_of_transaction: '2026-11-21T10:00:00.000Z' });
    expect(tx.retrieval_reference_number).toMatch(/^\d{12}$/);
    expect(tx.system_trace_audit_number).toMatch(/^\d{6}$/);
    expect(tx.merchant_id).toMatch(/^\d{15}$/);
    expect(toAuthDecisionTransaction(facts)).toEqual(tx);
  });
});
