import { parseDataUri } from '../../../src/domain/wallet/payouts/documents';
import { feeInCurrency, feeInUsd } from '../../../src/domain/wallet/payouts/fees';
import { money } from '../../../src/platform/money/amount';
import {
  checkAgainstBeneficiary,
  parseCreatePayout,
  submissionTime,
  type BeneficiaryFacts,
} from '../../../src/domain/wallet/payouts/rules';
import { isDomainError } from '../../../src/platform/errors/domain-error';
import { createPayoutWire } from '../../../src/rest-compat/wallet/payouts/wire';

const today = '2026-11-21';
const facts = { today, onBehalfOf: false };
const base = {
  currency: 'USD',
  amount: '100.00',
  purpose_code: 'WAGES_SALARY',
  payout_reference: 'Invoice 42',
  payout_date: today,
  beneficiary_id: '6f1c1b1e-2d3c-4b5a-9e8f-0a1b2c3d4e5f',
};
const PDF = `data:application/pdf;base64,${Buffer.from('%PDF-1.7 invoice').toString('base64')}`;

function messageOf(run: () => unknown): string {
  try {
    run();
  } catch (e) {
    if (isDomainError(e)) return e.renamed(createPayoutWire.names).message;
    throw e;
  }
  throw new Error('expected a DomainError');
}
/** The bodies here are PO1's wire bodies, read as the REST door reads them. */
const parse = (body: unknown, f: { today: string; onBehalfOf: boolean }) => parseCreatePayout(createPayoutWire.toCommand(body), f);
const refuse = (body: unknown, f = facts) => messageOf(() => parse(body, f));

describe('parseCreatePayout (spec 4.6 without a database)', () => {
  it('accepts a minimal LOCAL payout and normalises it', () => {
    const req = parse(base, facts);
    expect(req).toMatchObject({ currency: 'USD', payoutCurrency: 'USD', purposeCode: 'WAGES_SALARY', isPayer: false, documentation: [] });
    expect(req.amount.toFixed()).toBe('100');
  });

  it.each([
    ['currency', "Field 'currency' is required"],
    ['amount', "Field 'amount' is required"],
    ['purpose_code', "Field 'purpose_code' is required"],
  ])('requires %s', (field, message) => {
    const body: Record<string, unknown> = { ...base };
    delete body[field];
    expect(refuse(body)).toBe(message);
  });

  it("takes the Node client's body: no payout_date (today), reference for payout_reference, payout_reason", () => {
    const { payout_reference: _ref, payout_date: _date, ...node } = base;
    expect(parse(node, facts)).toMatchObject({ payoutDate: today, payoutReference: undefined });
    expect(parse({ ...node, reference: 'Invoice 7', payout_reason: 'salary' }, facts)).toMatchObject({ payoutReference: 'Invoice 7' });
    expect(refuse({ ...base, reference: 'Invoice 7' })).toBe("Invalid value for field 'reference': must equal payout_reference (reference is its other name)");
    expect(refuse({ ...node, reference: '  ' })).toBe("Field 'reference' is required");
    expect(refuse({ ...node, source_currency: 'EUR' })).toBe("Invalid value for field 'source_currency': must equal currency");
  });

  it('tells a wrongly typed field from a missing one', () => {
    expect(refuse({ ...base, amount: 100 })).toBe("Invalid type for field 'amount'");
    expect(refuse({ ...base, purpose_code: 7 })).toBe("Invalid type for field 'purpose_code'");
    expect(refuse(null)).toBe("Invalid type for field 'body'");
  });

  it('refuses amounts beyond the currency precision and non-positive amounts', () => {
    expect(refuse({ ...base, amount: '1.005' })).toBe("Invalid value for field 'amount': USD amounts have at most 2 decimals");
    expect(refuse({ ...base, currency: 'JPY', amount: '100.5' })).toBe("Invalid value for field 'amount': JPY amounts have no decimals");
    expect(refuse({ ...base, amount: '0' })).toBe("Invalid value for field 'amount': must be greater than 0");
    expect(refuse({ ...base, amount: '-5' })).toBe("Invalid value for field 'amount': must be a positive decimal amount");
  });

  it('refuses a past payout_date and a date that is not a calendar date', () => {
    expect(refuse({ ...base, payout_date: '2026-11-20' })).toBe("Invalid value for field 'payout_date': must not be in the past");
    expect(refuse({ ...base, payout_date: '2026-02-30' })).toBe("Invalid value for field 'payout_date': must be a date in the form YYYY-MM-DD");
    expect(refuse({ ...base, payout_date: '0000-00-00' })).toBe("Invalid value for field 'payout_date': must be a date in the form YYYY-MM-DD");
    expect(refuse({ ...base, payout_date: '21/11/2026' })).toBe("Invalid value for field 'payout_date': must be a date in the form YYYY-MM-DD");
  });

  it('defaults is_payer to Y on behalf of a sub-account, and then wants payer_id empty', () => {
    expect(parse(base, { today, onBehalfOf: true }).isPayer).toBe(true);
    expect(parse({ ...base, is_payer: 'N' }, { today, onBehalfOf: true }).isPayer).toBe(false);
    const payer = '0b7e7c56-5f5e-4d0e-8f2a-3a1d2c3b4a59';
    expect(refuse({ ...base, payer_id: payer }, { today, onBehalfOf: true })).toBe("Invalid value for field 'payer_id': must be empty when is_payer is Y");
    expect(parse({ ...base, is_payer: 'N', payer_id: payer }, facts).payerId).toBe(payer);
    expect(parse({ ...base, is_payer: 'Y', payer_id: '' }, facts).payerId).toBeUndefined();
  });

  it('wants a UUID v4 beneficiary_id', () => {
    expect(refuse({ ...base, beneficiary_id: 'abc' })).toBe("Invalid value for field 'beneficiary_id': must be a UUID v4");
  });

  it('takes documentation entries as a data URI or a file id, never both', () => {
    const req = parse({ ...base, documentation: [{ file: PDF }, { file_id: '0b7e7c56-5f5e-4d0e-8f2a-3a1d2c3b4a59', type: 'CONTRACT' }] }, facts);
    expect(req.documentation.map((d) => d.type)).toEqual([undefined, 'CONTRACT']);
    expect(refuse({ ...base, documentation: [{}] })).toBe("Invalid value for field 'documentation[0]': give exactly one of file or file_id");
    expect(refuse({ ...base, documentation: [{ file_id: 'f-1' }] })).toBe("Invalid value for field 'documentation[0].file_id': must be a file id (UUID)");
    expect(refuse({ ...base, documentation: Array.from({ length: 11 }, () => ({ file: PDF })) })).toBe(
      "Invalid value for field 'documentation': must have at most 10 entries",
    );
  });
});

describe('parseDataUri', () => {
  it('accepts a document whose content matches its media type', () => {
    expect(parseDataUri(PDF)).toEqual({ mediaType: 'application/pdf', size: 16 });
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2]).toString('base64');
    expect(parseDataUri(`data:image/png;base64,${png}`)).toEqual({ mediaType: 'image/png', size: 10 });
  });

  it('refuses other media types, content that lies about its type, and text that is not a data URI', () => {
    expect(parseDataUri(`data:text/plain;base64,${Buffer.from('hi').toString('base64')}`)).toEqual({ rule: 'media type must be one of pdf, jpeg, png, doc, docx' });
    expect(parseDataUri(`data:application/pdf;base64,${Buffer.from('MZ not a pdf').toString('base64')}`)).toEqual({
      rule: 'content does not match the media type application/pdf',
    });
    expect(parseDataUri('https://example.com/invoice.pdf')).toEqual({ rule: 'must be a base64 data URI (data:<media type>;base64,<data>)' });
    expect(parseDataUri('data:application/pdf;base64,')).toEqual({ rule: 'must not be empty' });
  });
});

describe('checkAgainstBeneficiary', () => {
  const local: BeneficiaryFacts = { paymentMethod: 'LOCAL', accountCurrencyCode: 'USD', clearingSystem: undefined };
  const swift: BeneficiaryFacts = { paymentMethod: 'SWIFT', accountCurrencyCode: 'EUR', clearingSystem: undefined };
  const check = (body: Record<string, unknown>, b: BeneficiaryFacts) => messageOf(() => checkAgainstBeneficiary(parse({ ...base, ...body }, facts), b));

  it('applies the SWIFT character set to SWIFT references and to LOCAL CNH and SGD accounts only', () => {
    expect(check({ payout_reference: 'Invoice #42', fee_paid_by: 'OURS' }, swift)).toBe(
      "Invalid value for field 'payout_reference': only letters, digits, spaces and - / ? : ( ) . ' + , are allowed",
    );
    expect(checkAgainstBeneficiary(parse({ ...base, payout_reference: 'Facture n°42 #' }, facts), local)).toEqual({ feePaidBy: null });
    for (const currency of ['CNH', 'SGD']) {
      expect(check({ payout_reference: '货款' }, { ...local, accountCurrencyCode: currency })).toMatch(/^Invalid value for field 'payout_reference'/);
    }
  });

  it('requires fee_paid_by for SWIFT and ignores it for LOCAL', () => {
    expect(check({}, swift)).toBe("Field 'fee_paid_by' is required");
    expect(checkAgainstBeneficiary(parse({ ...base, fee_paid_by: 'SHARED' }, facts), swift)).toEqual({ feePaidBy: 'SHARED' });
    expect(checkAgainstBeneficiary(parse({ ...base, fee_paid_by: 'OURS' }, facts), local)).toEqual({ feePaidBy: null });
  });

  it('wants an invoice for INR accounts cleared by IFSC', () => {
    const inr: BeneficiaryFacts = { paymentMethod: 'LOCAL', accountCurrencyCode: 'INR', clearingSystem: 'IFSC' };
    const message = "Field 'documentation' is required: an invoice document is mandatory when the beneficiary's account_currency_code is INR and clearing_system is IFSC";
    expect(check({}, inr)).toBe(message);
    expect(check({ documentation: [{ file: PDF, type: 'CONTRACT' }] }, inr)).toBe(message);
    expect(checkAgainstBeneficiary(parse({ ...base, documentation: [{ file: PDF }] }, facts), inr)).toEqual({ feePaidBy: null });
    expect(checkAgainstBeneficiary(parse(base, facts), { ...inr, clearingSystem: 'NEFT' })).toEqual({ feePaidBy: null });
  });
});

describe('fees and timing', () => {
  it('charges LOCAL 1, SWIFT SHARED 10, SWIFT OURS 25 US dollars', () => {
    expect(feeInUsd('LOCAL', null).toFixed()).toBe('1');
    expect(feeInUsd('LOCAL', 'OURS').toFixed()).toBe('1');
    expect(feeInUsd('SWIFT', 'SHARED').toFixed()).toBe('10');
    expect(feeInUsd('SWIFT', 'OURS').toFixed()).toBe('25');
  });

  it("converts the dollar fee at the currency's rate and rounds it half-even to the currency's minor units", () => {
    expect(feeInCurrency(money(1), 'USD', money(1)).toFixed()).toBe('1');
    expect(feeInCurrency(money(1), 'JPY', money('155.4')).toFixed()).toBe('155');
    expect(feeInCurrency(money(25), 'EUR', money('0.865')).toFixed()).toBe('21.62');
    expect(feeInCurrency(money(10), 'EUR', money('0.8655')).toFixed()).toBe('8.66');
    expect(feeInCurrency(money(10), 'KWD', money('0.30712')).toFixed()).toBe('3.071');
  });

  it('submits at the start of payout_date, or at once when that has passed', () => {
    const now = new Date('2026-11-21T10:00:00Z');
    expect(submissionTime('2026-11-21', now)).toEqual(now);
    expect(submissionTime('2026-11-23', now)).toEqual(new Date('2026-11-23T00:00:00Z'));
  });
});
