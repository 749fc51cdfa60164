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

const documentEntry = z
  .object({
    type: enumField(DOCUMENT_TYPES).optional(),
    file: z.string().optional(),
    fileId: z.string().optional(),
  })
  .superRefine((d, ctx) => {
    if ((d.file === undefined) === (d.fileId === undefined)) {
      ctx.addIssue({ code: 'custom', message: 'give exactly one of file or file_id' });
      return;
    }
    if (d.file !== undefined) {
      const parsed = parseDataUri(d.file);
      if ('rule' in parsed) ctx.addIssue({ code: 'custom', path: ['file'], message: parsed.rule });
    }
    // Files get UUIDs (DESIGN "Data"); existence is checked once the files area stores uploads.
    if (d.fileId !== undefined && !isUuid(d.fileId)) {
      ctx.addIssue({ code: 'custom', path: ['fileId'], message: 'must be a file id (UUID)' });
    }
  });

const isEmptyObject = (v: unknown): boolean =>
  v === undefined || v === null || (typeof v === 'object' && !Array.isArray(v) && Object.keys(v).length === 0);

/** payoutReference (or its other name) as sent: a value of blanks is not a reference. */
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

/** A payout (spec 4.6): the shape and every rule that needs nothing else. */
export const createPayoutCommand = z
  .object({
    currency: currencyCode,
    amount: amountField('string'),
    purposeCode: enumField(PURPOSE_CODES),
    // Required by the spec; the Node client has none and may send `reference` (below), so a payout
    // without either is referenced by its own short_reference_id.
    payoutReference: referenceText('payoutReference').optional(),
    /** The Node client's name for payoutReference (CreatePayoutParams.reference). */
    reference: referenceText('reference').optional(),
    /** The Node client's free text; payrail's record says the purpose (purposeCode) in payout_reason. */
    payoutReason: z.string().max(MAX_PAYOUT_REASON, { error: `must be at most ${MAX_PAYOUT_REASON} characters` }).optional(),
    feePaidBy: enumField(FEE_PAID_BY).optional(),
    // Required by the spec; the Node client has none: a payout without one is attempted today.
    payoutDate: calendarDate.optional(),
    quoteId: z.string().optional(),
    payoutCurrency: currencyCode.optional(),
    payoutAmount: amountField('either').optional(),
    beneficiaryId: z.string().optional(),
    /** A new beneficiary in the beneficiaries area's command names, created with the payout. */
    beneficiary: z.unknown().optional(),
    /** Absent: true when acting on behalf of a sub-account (spec 4.6). */
    isPayer: z.boolean().optional(),
    payerId: z.string().optional(),
    documentation: z.array(documentEntry).max(MAX_DOCUMENTS, { error: `must have at most ${MAX_DOCUMENTS} entries` }).optional(),
    /** Ref's field (catalogue PO1, DIFF): accepted when it agrees with currency. */
    sourceCurrency: z.string().optional(),
  })
  .superRefine((v, ctx) => {
    const fail = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    checkPrecision(ctx, v.amount, v.currency, 'amount');
    checkPrecision(ctx, v.payoutAmount, v.payoutCurrency ?? v.currency, 'payoutAmount');
    if (v.sourceCurrency !== undefined && v.sourceCurrency !== v.currency) fail('sourceCurrency', 'must equal currency');
    if (v.reference !== undefined && v.payoutReference !== undefined && v.reference !== v.payoutReference) {
      fail('reference', 'must equal payout_reference (reference is its other name)');
    }
    if (v.quoteId !== undefined) {
      if (v.payoutCurrency === undefined) fail('payoutCurrency', exactMessage(`Field ${quotedField('payoutCurrency')} is required`));
      else if (v.payoutAmount === undefined) fail('payoutAmount', exactMessage(`Field ${quotedField('payoutAmount')} is required`));
    } else {
      if (v.payoutCurrency !== undefined && v.payoutCurrency !== v.currency) {
        fail('quoteId', exactMessage(`Field ${quotedField('quoteId')} is required for a cross-currency payout`));
      } else if (v.payoutAmount !== undefined && !v.payoutAmount.eq(v.amount)) {
        fail('payoutAmount', 'must equal amount when no quote_id is given');
      }
    }
    if (v.beneficiaryId !== undefined) {
      if (!isUuidV4(v.beneficiaryId)) fail('beneficiaryId', 'must be a UUID v4');
      else if (!isEmptyObject(v.beneficiary)) fail('beneficiary', 'must be empty when beneficiary_id is given');
    } else if (isEmptyObject(v.beneficiary)) {
      fail('beneficiaryId', exactMessage(`Field ${quotedField('beneficiaryId')} or ${quotedField('beneficiary')} is required`));
    }
    if (v.payerId !== undefined && !isUuid(v.payerId)) fail('payerId', 'must be a UUID');
  });
export type CreatePayoutCommand = z.output<typeof createPayoutCommand>;

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
  /** Undefined when neither payoutReference nor reference was sent: the payout's short_reference_id is used. */
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
  const v = parseInput(createPayoutCommand, raw);
  const payoutDate = v.payoutDate ?? facts.today;
  // A payout is attempted on payoutDate; a date already gone cannot be attempted.
  if (payoutDate < facts.today) throw invalidField('payoutDate', 'must not be in the past');
  // Spec 4.6: the payer is the sender by default when x-on-behalf-of is non-empty.
  const isPayer = v.isPayer ?? facts.onBehalfOf;
  if (isPayer && v.payerId !== undefined) throw invalidField('payerId', 'must be empty when is_payer is Y');
  return {
    currency: v.currency,
    amount: v.amount,
    purposeCode: v.purposeCode,
    payoutReference: v.payoutReference ?? v.reference,
    feePaidBy: v.feePaidBy,
    payoutDate,
    quoteId: v.quoteId,
    payoutCurrency: v.payoutCurrency ?? v.currency,
    payoutAmount: v.payoutAmount,
    beneficiaryId: v.beneficiaryId,
    beneficiary: v.beneficiaryId === undefined ? v.beneficiary : undefined,
    isPayer,
    payerId: v.payerId,
    documentation: (v.documentation ?? []).map((d) => ({ type: d.type, file: d.file, fileId: d.fileId })),
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
    if (!SWIFT_REFERENCE.test(req.payoutReference)) throw invalidField('payoutReference', SWIFT_REFERENCE_RULE);
  }
  if (swift && req.feePaidBy === undefined) throw requiredField('feePaidBy');
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
