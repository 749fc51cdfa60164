import type Decimal from 'decimal.js';
import { z } from 'zod';
import { isUuid, isUuidV4 } from '../../../platform/ids/ids';
import { amountField, checkPrecision, currencyCode } from '../../../platform/money/amount';
import { exactMessage, invalidField, parseInput, requiredField } from '../../../platform/validation/validate';
import { parseDataUri } from './documents';
import { quotedField } from '../../../platform/errors/field-names';

/** Value sets of spec 3.1 and 4.6. */
export const PURPOSE_CODES = [
  'AUDIO_VISUAL_SERVICES', 'BILL_PAYMENT', 'BUSINESS_EXPENSES', 'CONSTRUCTION', 'DONATION_CHARITABLE_CONTRIBUTION',
  'EDUCATION_TRAINING', 'FAMILY_SUPPORT', 'FREIGHT', 'GOODS_PURCHASED', 'INVESTMENT_CAPITAL', 'INVESTMENT_PROCEEDS',
  'LIVING_EXPENSES', 'LOAN_CREDIT_REPAYMENT', 'MEDICAL_SERVICES', 'PENSION', 'PERSONAL_REMITTANCE',
  'PROFESSIONAL_BUSINESS_SERVICES', 'REAL_ESTATE', 'TAXES', 'TECHNICAL_SERVICES', 'TRANSFER_TO_OWN_ACCOUNT', 'TRAVEL',
  'WAGES_SALARY',
] as const;
export const PAYOUT_STATUSES = ['READY_TO_SEND', 'PENDING', 'REJECTED', 'FAILED', 'COMPLETED'] as const;
export const PAYMENT_METHODS = ['LOCAL', 'SWIFT'] as const;
export const FEE_PAID_BY = ['SHARED', 'OURS'] as const;
/** payrail's extension: an entry may say what it is; an entry without a type is taken as an invoice. */
export const DOCUMENT_TYPES = ['INVOICE', 'CONTRACT', 'OTHER'] as const;

export type PurposeCode = (typeof PURPOSE_CODES)[number];
export type PayoutStatus = (typeof PAYOUT_STATUSES)[number];
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export type FeePaidBy = (typeof FEE_PAID_BY)[number];
export type DocumentType = (typeof DOCUMENT_TYPES)[number];

export const MAX_PAYOUT_REFERENCE = 100;
export const MAX_DOCUMENTS = 10;
export const MAX_PAYOUT_REASON = 255;

/** Spec 4.6: what a SWIFT payout_reference may contain. */
export const SWIFT_REFERENCE = /^[A-Za-z0-9 \-/?:().'+,]*$/;
const SWIFT_REFERENCE_RULE = "only letters, digits, spaces and - / ? : ( ) . ' + , are allowed";

/** A required enum: a missing value is "required", a non-string "invalid type", anything else names the values. */
const enumField = <const T extends readonly [string, ...string[]]>(values: T) =>
  z.string().pipe(z.enum(values, { error: `must be one of ${values.join(', ')}` }));

/** Ref clients send "" or null for optional fields they do not use: both count as absent. */
const optional = <S extends z.ZodType>(schema: S) =>
  z.preprocess((v) => (v === '' || v === null ? undefined : v), schema.optional());

const isEmptyObject = (v: unknown): boolean =>
  v === undefined || v === null || (typeof v === 'object' && !Array.isArray(v) && Object.keys(v).length === 0);

const documentEntry = z
  .object({
    type: optional(enumField(DOCUMENT_TYPES)),
    file: optional(z.string()),
    file_id: optional(z.string()),
  })
  .superRefine((d, ctx) => {
    if ((d.file === undefined) === (d.file_id === undefined)) {
      ctx.addIssue({ code: 'custom', message: 'give exactly one of file or file_id' });
      return;
    }
    if (d.file !== undefined) {
      const parsed = parseDataUri(d.file);
      if ('rule' in parsed) ctx.addIssue({ code: 'custom', path: ['file'], message: parsed.rule });
    }
    // Files get UUIDs (DESIGN "Data"); existence is checked once the files area stores uploads.
    if (d.file_id !== undefined && !isUuid(d.file_id)) {
      ctx.addIssue({ code: 'custom', path: ['file_id'], message: 'must be a file id (UUID)' });
    }
  });

/** payout_reference (or its other name) as sent: a value of blanks is not a reference. */
const referenceText = (field: string) =>
  z
    .string()
    .refine((v) => v.trim().length > 0, { message: exactMessage(`Field ${quotedField(field)} is required`) })
    .refine((v) => v.length <= MAX_PAYOUT_REFERENCE, { message: `must be at most ${MAX_PAYOUT_REFERENCE} characters` });

const isRealDate = (d: Date, v: string): boolean => !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;

const calendarDate = z
  .string()
  // An impossible date (0000-00-00) is an Invalid Date, whose toISOString throws: test it first.
  .refine((v) => /^\d{4}-\d{2}-\d{2}$/.test(v) && isRealDate(new Date(`${v}T00:00:00Z`), v), {
    message: 'must be a date in the form YYYY-MM-DD',
  });

/** POST /v1/payouts (spec 4.6) in wire names: the shape and every rule that needs nothing else. */
export const createPayoutWire = z
  .object({
    currency: currencyCode,
    amount: amountField('string'),
    purpose_code: enumField(PURPOSE_CODES),
    // Required by the spec; the Node client has none and may send `reference` (below), so a payout
    // without either is referenced by its own short_reference_id.
    payout_reference: optional(referenceText('payout_reference')),
    /** The Node client's name for payout_reference (CreatePayoutParams.reference). */
    reference: optional(referenceText('reference')),
    /** The Node client's free text; payrail's record says the purpose (purpose_code) in payout_reason. */
    payout_reason: optional(z.string().max(MAX_PAYOUT_REASON, { error: `must be at most ${MAX_PAYOUT_REASON} characters` })),
    fee_paid_by: optional(enumField(FEE_PAID_BY)),
    // Required by the spec; the Node client has none: a payout without one is attempted today.
    payout_date: optional(calendarDate),
    quote_id: optional(z.string()),
    payout_currency: optional(currencyCode),
    payout_amount: optional(amountField('either')),
    beneficiary_id: optional(z.string()),
    beneficiary: z.unknown().optional(),
    is_payer: optional(z.string().pipe(z.enum(['Y', 'N'], { error: 'must be Y or N' }))),
    payer_id: optional(z.string()),
    documentation: optional(z.array(documentEntry).max(MAX_DOCUMENTS, { error: `must have at most ${MAX_DOCUMENTS} entries` })),
    /** Ref's field (catalogue PO1, DIFF): accepted when it agrees with currency. */
    source_currency: optional(z.string()),
  })
  .superRefine((v, ctx) => {
    const fail = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    checkPrecision(ctx, v.amount, v.currency, 'amount');
    checkPrecision(ctx, v.payout_amount, v.payout_currency ?? v.currency, 'payout_amount');
    if (v.source_currency !== undefined && v.source_currency !== v.currency) fail('source_currency', 'must equal currency');
    if (v.reference !== undefined && v.payout_reference !== undefined && v.reference !== v.payout_reference) {
      fail('reference', 'must equal payout_reference (reference is its other name)');
    }
    if (v.quote_id !== undefined) {
      if (v.payout_currency === undefined) fail('payout_currency', exactMessage(`Field ${quotedField('payout_currency')} is required`));
      else if (v.payout_amount === undefined) fail('payout_amount', exactMessage(`Field ${quotedField('payout_amount')} is required`));
    } else {
      if (v.payout_currency !== undefined && v.payout_currency !== v.currency) {
        fail('quote_id', exactMessage(`Field ${quotedField('quote_id')} is required for a cross-currency payout`));
      } else if (v.payout_amount !== undefined && !v.payout_amount.eq(v.amount)) {
        fail('payout_amount', 'must equal amount when no quote_id is given');
      }
    }
    if (v.beneficiary_id !== undefined) {
      if (!isUuidV4(v.beneficiary_id)) fail('beneficiary_id', 'must be a UUID v4');
      else if (!isEmptyObject(v.beneficiary)) fail('beneficiary', 'must be empty when beneficiary_id is given');
    } else if (isEmptyObject(v.beneficiary)) {
      fail('beneficiary_id', exactMessage(`Field ${quotedField('beneficiary_id')} or ${quotedField('beneficiary')} is required`));
    }
    if (v.payer_id !== undefined && !isUuid(v.payer_id)) fail('payer_id', 'must be a UUID');
  });

export interface PayoutDocument {
  type: DocumentType | undefined;
  file?: string;
  fileId?: string;
}

/** A create-payout request after every rule that needs no database: the domain's own names. */
export interface CreatePayoutRequest {
  currency: string;
  amount: Decimal;
  purposeCode: PurposeCode;
  /** Undefined when neither payout_reference nor reference was sent: the payout's short_reference_id is used. */
  payoutReference: string | undefined;
  feePaidBy: FeePaidBy | undefined;
  payoutDate: string;
  quoteId: string | undefined;
  /** Equals currency unless a quote converts. */
  payoutCurrency: string;
  /** Given with a quote (and checked against it); without one it is the amount. */
  payoutAmount: Decimal | undefined;
  beneficiaryId: string | undefined;
  beneficiary: unknown;
  isPayer: boolean;
  payerId: string | undefined;
  documentation: PayoutDocument[];
}

/** The request's surroundings: the acting clock's UTC date, and whether x-on-behalf-of named a sub-account. */
export interface RequestFacts {
  today: string;
  onBehalfOf: boolean;
}

/** Spec 4.6 rules of one request that need no stored object. */
export function parseCreatePayout(raw: unknown, facts: RequestFacts): CreatePayoutRequest {
  const v = parseInput(createPayoutWire, raw);
  const payoutDate = v.payout_date ?? facts.today;
  // A payout is attempted on payout_date; a date already gone cannot be attempted.
  if (payoutDate < facts.today) throw invalidField('payout_date', 'must not be in the past');
  // Spec 4.6: is_payer defaults to Y when x-on-behalf-of is non-empty.
  const isPayer = (v.is_payer ?? (facts.onBehalfOf ? 'Y' : 'N')) === 'Y';
  if (isPayer && v.payer_id !== undefined) throw invalidField('payer_id', 'must be empty when is_payer is Y');
  return {
    currency: v.currency,
    amount: v.amount,
    purposeCode: v.purpose_code,
    payoutReference: v.payout_reference ?? v.reference,
    feePaidBy: v.fee_paid_by,
    payoutDate,
    quoteId: v.quote_id,
    payoutCurrency: v.payout_currency ?? v.currency,
    payoutAmount: v.payout_amount,
    beneficiaryId: v.beneficiary_id,
    beneficiary: v.beneficiary_id === undefined ? v.beneficiary : undefined,
    isPayer,
    payerId: v.payer_id,
    documentation: (v.documentation ?? []).map((d) => ({ type: d.type, file: d.file, fileId: d.file_id })),
  };
}

/** What the rules need to know of the beneficiary a payout goes to. */
export interface BeneficiaryFacts {
  paymentMethod: string;
  accountCurrencyCode: string | undefined;
  clearingSystem: string | undefined;
}

/**
 * Spec 4.6 rules that depend on the beneficiary: the SWIFT character set of payout_reference (also
 * applied to LOCAL payouts into CNH and SGD accounts), fee_paid_by required and effective only for
 * SWIFT, an invoice for INR accounts cleared by IFSC. Returns the fee_paid_by that takes effect.
 */
export function checkAgainstBeneficiary(req: CreatePayoutRequest, b: BeneficiaryFacts): { feePaidBy: FeePaidBy | null } {
  const swift = b.paymentMethod === 'SWIFT';
  const accountCurrency = b.accountCurrencyCode?.toUpperCase();
  if ((swift || accountCurrency === 'CNH' || accountCurrency === 'SGD') && req.payoutReference !== undefined) {
    if (!SWIFT_REFERENCE.test(req.payoutReference)) throw invalidField('payout_reference', SWIFT_REFERENCE_RULE);
  }
  if (swift && req.feePaidBy === undefined) throw requiredField('fee_paid_by');
  if (accountCurrency === 'INR' && b.clearingSystem?.toUpperCase() === 'IFSC') {
    const hasInvoice = req.documentation.some((d) => d.type === undefined || d.type === 'INVOICE');
    if (!hasInvoice) {
      throw requiredField(
        'documentation',
        `Field ${quotedField('documentation')} is required: an invoice document is mandatory when the beneficiary's account_currency_code is INR and clearing_system is IFSC`,
      );
    }
  }
  return { feePaidBy: swift ? (req.feePaidBy ?? null) : null };
}

/** The UTC calendar date of an instant (payout_date is a date in UTC). */
export const utcDate = (at: Date): string => at.toISOString().slice(0, 10);

/** When a payout is attempted: the start of payout_date (UTC), or at once when that has passed. */
export function submissionTime(payoutDate: string, now: Date): Date {
  const start = new Date(`${payoutDate}T00:00:00Z`);
  return start.getTime() > now.getTime() ? start : now;
}
