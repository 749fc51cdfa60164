import { z } from 'zod';
import { ENTITY_TYPES } from '../../onboarding/accounts/rules';
import { currencyCode } from '../../../platform/money/amount';
import { isCountryCode } from './countries';
import { DEFAULT_ROUTE_COUNTRY, isLocalAvailable, PAYMENT_METHODS } from './payment-methods';

/** Spec 2.12 and the catalogue (PO4-PO9): the beneficiary input object and its rules. */

export { ENTITY_TYPES, PAYMENT_METHODS };
export type BeneficiaryEntityType = (typeof ENTITY_TYPES)[number];
export const BENEFICIARY_STATUSES = ['ACTIVE', 'DELETED'] as const;
export type BeneficiaryStatus = (typeof BENEFICIARY_STATUSES)[number];

/** The half-width characters SWIFT messages carry (the set spec 4.6 gives for payout_reference). */
export const SWIFT_NAME = /^[A-Za-z0-9 \-/?:().'+,]*$/;
export const SWIFT_NAME_RULE = "with payment_method SWIFT only English letters, digits, spaces and - / ? : ( ) . ' + , are allowed";
const CONTROL = /\p{Cc}/u;

// Blank and null mean "not given": a cleared optional field and an absent one are the same.
const absentIfBlank = (v: unknown): unknown =>
  typeof v === 'string' ? (v.trim() === '' ? undefined : v.trim()) : v === null ? undefined : v;

// Characters, not UTF-16 units: a name in a supplementary-plane script is not penalised.
const atMost = (max: number) => (v: string) => [...v].length <= max;

const str = (max: number) => z.string().refine(atMost(max), `must be at most ${max} characters`);
const req = <S extends z.ZodType>(s: S) => z.preprocess(absentIfBlank, s);
const opt = <S extends z.ZodType>(s: S) => z.preprocess(absentIfBlank, s.optional());

const country = z.string().refine(isCountryCode, 'must be an ISO 3166-1 alpha-2 country code');
const swiftCode = z.string().regex(/^[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?$/, 'must be a SWIFT/BIC code of 8 or 11 characters');
const accountNumber = z.string().regex(/^[A-Za-z0-9]{1,60}$/, 'must be 1 to 60 letters and digits');

/** IBAN: spaces are dropped and letters uppercased before the ISO 13616 format and mod-97 check. */
const iban = z
  .string()
  .transform((v) => v.replace(/\s+/g, '').toUpperCase())
  .refine((v) => /^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(v) && ibanChecksumOk(v), 'must be a valid IBAN');

function ibanChecksumOk(value: string): boolean {
  const rearranged = value.slice(4) + value.slice(0, 4);
  let rest = 0;
  for (const ch of rearranged) {
    const digits = /\d/.test(ch) ? ch : String(ch.charCodeAt(0) - 55);
    for (const d of digits) rest = (rest * 10 + Number(d)) % 97;
  }
  return rest === 1;
}

const bankDetails = z.preprocess(
  // A ref fixture sends bank_details.currency; it is read as account_currency_code when that is absent.
  (v) => (isPlainObject(v) && v.account_currency_code == null && v.currency != null ? { ...v, account_currency_code: v.currency } : v),
  z.object({
    bank_name: req(str(200)),
    bank_address: req(str(255)),
    bank_country_code: req(country),
    account_holder: req(str(120)),
    account_currency_code: req(currencyCode),
    swift_code: opt(swiftCode),
    clearing_system: opt(str(30)),
    account_number: opt(accountNumber),
    iban: opt(iban),
    routing_code_type1: opt(str(30)),
    routing_code_value1: opt(str(60)),
    routing_code_type2: opt(str(30)),
    routing_code_value2: opt(str(60)),
  }),
);

const address = z.preprocess(
  // A ref fixture sends address.country_code; it is read as country when that is absent.
  (v) => (isPlainObject(v) && v.country == null && v.country_code != null ? { ...v, country: v.country_code } : v),
  z.object({
    country: req(country),
    city: req(str(100)),
    street_address: req(str(200)),
    postal_code: req(str(20)),
    state: req(str(100)),
    nationality: opt(country),
  }),
);

const additionalInfo = z.object({
  organization_code: opt(str(60)),
  proxy_id: opt(str(100)),
  id_type: opt(str(30)),
  id_number: opt(str(60)),
  tax_id: opt(str(60)),
  msisdn: opt(z.string().regex(/^\+?\d{6,20}$/, 'must be 6 to 20 digits, optionally after +')),
});

// A string first, so that a missing value is "required" and a number an "invalid type".
const oneOf = <T extends readonly [string, ...string[]]>(values: T) =>
  z.string().pipe(z.enum(values, { error: `must be one of ${values.join(', ')}` }));
const entityType = oneOf(ENTITY_TYPES);
const paymentMethod = oneOf(PAYMENT_METHODS);

const beneficiaryObject = z.object({
  entity_type: z.preprocess(absentIfBlank, entityType.default('COMPANY')),
  company_name: opt(str(120)),
  first_name: opt(str(120)),
  last_name: opt(str(120)),
  id_number: opt(str(60)),
  payment_method: req(paymentMethod),
  bank_details: req(bankDetails),
  address: opt(address),
  email: opt(z.string().max(254, { message: 'must be at most 254 characters', abort: true }).pipe(z.email({ error: 'must be an email address' }))),
  nickname: opt(str(120)),
  additional_info: opt(additionalInfo),
});
type RawFields = z.output<typeof beneficiaryObject>;

const required = (ctx: z.RefinementCtx, path: PropertyKey[]) =>
  ctx.addIssue({ code: 'invalid_type', expected: 'string', input: undefined, path } as never);

/** Spec 2.12: company_name and address are omitted for a Singapore bank account in SGD. */
export const isSgSgd = (bank: { bank_country_code?: string; account_currency_code?: string }): boolean =>
  bank.bank_country_code === 'SG' && bank.account_currency_code === 'SGD';

/**
 * The character rule of spec 2.12 for the names a bank records. SWIFT: the SWIFT set only, for
 * every country (Chinese characters and （） cannot travel in a SWIFT message, even to CN/CNH).
 * LOCAL: no strict rule, so local-language text (Chinese with its full-width parentheses for a
 * CN/CNH company among it) is accepted; only control characters are refused.
 */
function checkName(ctx: z.RefinementCtx, method: string, value: string | undefined, path: PropertyKey[]): void {
  if (value === undefined) return;
  if (method === 'SWIFT' && !SWIFT_NAME.test(value)) ctx.addIssue({ code: 'custom', path, message: SWIFT_NAME_RULE });
  else if (CONTROL.test(value)) ctx.addIssue({ code: 'custom', path, message: 'must not contain control characters' });
}

function checkLocalAvailable(ctx: z.RefinementCtx, method: string, currency: string, country: string): void {
  if (method === 'LOCAL' && !isLocalAvailable(currency, country)) {
    ctx.addIssue({
      code: 'custom',
      path: ['payment_method'],
      message: `LOCAL is not available for ${currency} to a bank in ${country}; use SWIFT`,
    });
  }
}

/** The cross-field rules, in the order their errors are reported. */
function checkBeneficiary(v: RawFields, ctx: z.RefinementCtx): void {
  const bank = v.bank_details;
  const exempt = isSgSgd(bank);
  if (v.entity_type === 'COMPANY') {
    if (v.company_name === undefined && !exempt) return required(ctx, ['company_name']);
  } else {
    if (v.first_name === undefined) return required(ctx, ['first_name']);
    if (v.last_name === undefined) return required(ctx, ['last_name']);
  }
  if (v.address === undefined && !exempt) return required(ctx, ['address']);
  const names: [keyof RawFields, string | undefined][] =
    v.entity_type === 'COMPANY' ? [['company_name', v.company_name]] : [['first_name', v.first_name], ['last_name', v.last_name]];
  for (const [field, value] of names) checkName(ctx, v.payment_method, value, [field]);
  checkName(ctx, v.payment_method, bank.account_holder, ['bank_details', 'account_holder']);
  if (v.payment_method === 'SWIFT' && bank.swift_code === undefined) required(ctx, ['bank_details', 'swift_code']);
  if (bank.account_number === undefined && bank.iban === undefined) required(ctx, ['bank_details', 'account_number']);
  for (const n of [1, 2] as const) {
    const type = bank[`routing_code_type${n}`];
    const value = bank[`routing_code_value${n}`];
    if (type !== undefined && value === undefined) required(ctx, ['bank_details', `routing_code_value${n}`]);
    if (value !== undefined && type === undefined) required(ctx, ['bank_details', `routing_code_type${n}`]);
  }
  checkLocalAvailable(ctx, v.payment_method, bank.account_currency_code, bank.bank_country_code);
}

const compact = <T extends object>(o: T): Partial<T> =>
  Object.fromEntries(Object.entries(o).filter(([, x]) => x !== undefined)) as Partial<T>;

export type BankDetails = z.output<typeof bankDetails>;
export type Address = z.output<typeof address>;
export type AdditionalInfo = z.output<typeof additionalInfo>;

/** A validated beneficiary: what is stored. Only the entity type's own name fields are kept. */
export interface BeneficiaryFields {
  entityType: BeneficiaryEntityType;
  paymentMethod: (typeof PAYMENT_METHODS)[number];
  companyName: string | null;
  firstName: string | null;
  lastName: string | null;
  idNumber: string | null;
  email: string | null;
  nickname: string | null;
  bankDetails: Partial<BankDetails>;
  address: Partial<Address> | null;
  additionalInfo: Partial<AdditionalInfo> | null;
}

export const beneficiaryInput = beneficiaryObject.superRefine(checkBeneficiary).transform((v): BeneficiaryFields => {
  const company = v.entity_type === 'COMPANY';
  const info = v.additional_info ? compact(v.additional_info) : {};
  return {
    entityType: v.entity_type,
    paymentMethod: v.payment_method,
    companyName: company ? (v.company_name ?? null) : null,
    firstName: company ? null : (v.first_name ?? null),
    lastName: company ? null : (v.last_name ?? null),
    idNumber: company ? null : (v.id_number ?? null),
    email: v.email ?? null,
    nickname: v.nickname ?? null,
    bankDetails: compact(v.bank_details),
    address: v.address ? compact(v.address) : null,
    additionalInfo: Object.keys(info).length > 0 ? info : null,
  };
});

/** The top-level fields of PO4, which PO7 may send any subset of. */
export const BENEFICIARY_FIELDS = Object.keys(beneficiaryObject.shape) as (keyof RawFields)[];
export const NESTED_FIELDS = ['bank_details', 'address', 'additional_info'] as const;

/**
 * PO9: the fields a check names (catalogue), run through the same rules as a beneficiary. As the
 * official clients' contract has it, an IBAN may stand in for the account number (account_number
 * wins when both are given), and bank_country_code may be left out for a default-route currency.
 */
export const checkInput = z
  .object({
    entity_type: req(entityType),
    account_number: opt(accountNumber),
    payment_method: req(paymentMethod),
    currency: req(currencyCode),
    bank_country_code: opt(country),
    first_name: opt(str(120)),
    last_name: opt(str(120)),
    company_name: opt(str(120)),
    clearing_system: opt(str(30)),
    iban: opt(iban),
    additional_info: opt(additionalInfo),
  })
  .superRefine((v, ctx) => {
    if (v.account_number === undefined && v.iban === undefined) required(ctx, ['account_number']);
    const bankCountry = v.bank_country_code ?? DEFAULT_ROUTE_COUNTRY[v.currency];
    if (bankCountry === undefined) required(ctx, ['bank_country_code']);
    for (const field of ['company_name', 'first_name', 'last_name'] as const) checkName(ctx, v.payment_method, v[field], [field]);
    if (bankCountry !== undefined) checkLocalAvailable(ctx, v.payment_method, v.currency, bankCountry);
  })
  .transform((v) => ({ ...v, bank_country_code: v.bank_country_code ?? DEFAULT_ROUTE_COUNTRY[v.currency]! }));
export type CheckInput = z.output<typeof checkInput>;

/** PO5 filters; GraphQL `beneficiaries(filter)` parses the same object. */
export const beneficiaryFilter = z.object({
  entity_type: opt(entityType),
  nickname: opt(str(120)),
  currency: opt(z.string().regex(/^[A-Z]{3}$/, 'must be a three-letter ISO 4217 code')),
  company_name: opt(str(120)),
});
export type BeneficiaryFilter = z.output<typeof beneficiaryFilter>;

/** PO10: both query parameters are required. */
export const paymentMethodsQuery = z.object({ currency: req(currencyCode), country: req(country) });

/**
 * PO7: any subset of the PO4 fields, null clearing an optional one. Only its being an object is
 * checked here; the merged beneficiary is then validated as a whole by `beneficiaryInput`.
 */
export const beneficiaryPatch = z
  .record(z.string(), z.unknown())
  .describe('Any subset of the POST /v1/beneficiaries fields; null clears an optional one; nested objects merge key by key');

export function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
