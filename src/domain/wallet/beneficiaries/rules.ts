import { z } from 'zod';
import { ENTITY_TYPES } from '../../onboarding/accounts/rules';
import { currencyCode } from '../../../platform/money/amount';
import { isCountryCode } from './countries';
import { DEFAULT_ROUTE_COUNTRY, isLocalAvailable, PAYMENT_METHODS } from './payment-methods';
import { storedAdditionalInfo, storedAddress, storedBankDetails, type StoredAdditionalInfo, type StoredAddress, type StoredBankDetails } from './stored';

/** Spec 2.12 and the catalogue (PO4-PO9): the beneficiary input object and its rules. */

export { ENTITY_TYPES, PAYMENT_METHODS };
export type BeneficiaryEntityType = (typeof ENTITY_TYPES)[number];
export const BENEFICIARY_STATUSES = ['ACTIVE', 'DELETED'] as const;
export type BeneficiaryStatus = (typeof BENEFICIARY_STATUSES)[number];

/** The half-width characters SWIFT messages carry (the set spec 4.6 gives for payout_reference). */
export const SWIFT_NAME = /^[A-Za-z0-9 \-/?:().'+,]*$/;
export const SWIFT_NAME_RULE = "with payment_method SWIFT only English letters, digits, spaces and - / ? : ( ) . ' + , are allowed";
const CONTROL = /\p{Cc}/u;

// Blank and null mean "not given": a cleared optional field and an absent one are the same, and
// names are kept without surrounding blanks. This is the beneficiary's own rule, for both doors (a
// PO7 patch clears a field with null or ""), not a wire quirk.
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

/**
 * The other names a ref fixture uses inside the nested objects (`bank_details.currency`,
 * `address.country_code`): read when the field's own name is not given. They are read here, on the
 * merged beneficiary, because a PO7 patch that sends one merges onto a stored field of the same
 * meaning, which only the domain sees.
 */
const withOtherName = (own: string, other: string) => (v: unknown) =>
  isPlainObject(v) && v[own] == null && v[other] != null ? { ...v, [own]: v[other] } : v;

export const bankDetailsMembers = z.object({
  bankName: req(str(200)),
  bankAddress: req(str(255)),
  bankCountryCode: req(country),
  accountHolder: req(str(120)),
  accountCurrencyCode: req(currencyCode),
  swiftCode: opt(swiftCode),
  clearingSystem: opt(str(30)),
  accountNumber: opt(accountNumber),
  iban: opt(iban),
  routingCodeType1: opt(str(30)),
  routingCodeValue1: opt(str(60)),
  routingCodeType2: opt(str(30)),
  routingCodeValue2: opt(str(60)),
});
const bankDetails = z.preprocess(withOtherName('accountCurrencyCode', 'currency'), bankDetailsMembers);

export const addressMembers = z.object({
  country: req(country),
  city: req(str(100)),
  streetAddress: req(str(200)),
  postalCode: req(str(20)),
  state: req(str(100)),
  nationality: opt(country),
});
const address = z.preprocess(withOtherName('country', 'countryCode'), addressMembers);

export const additionalInfo = z.object({
  organizationCode: opt(str(60)),
  proxyId: opt(str(100)),
  idType: opt(str(30)),
  idNumber: opt(str(60)),
  taxId: opt(str(60)),
  msisdn: opt(z.string().regex(/^\+?\d{6,20}$/, 'must be 6 to 20 digits, optionally after +')),
});

// A string first, so that a missing value is "required" and a number an "invalid type".
const oneOf = <T extends readonly [string, ...string[]]>(values: T) =>
  z.string().pipe(z.enum(values, { error: `must be one of ${values.join(', ')}` }));
const entityType = oneOf(ENTITY_TYPES);
const paymentMethod = oneOf(PAYMENT_METHODS);

/** A beneficiary's members (spec 2.12) in the domain's names; `createBeneficiaryCommand` adds the cross-field rules. */
export const beneficiaryMembers = z.object({
  entityType: z.preprocess(absentIfBlank, entityType.default('COMPANY')),
  companyName: opt(str(120)),
  firstName: opt(str(120)),
  lastName: opt(str(120)),
  idNumber: opt(str(60)),
  paymentMethod: req(paymentMethod),
  bankDetails: req(bankDetails),
  address: opt(address),
  email: opt(z.string().max(254, { message: 'must be at most 254 characters', abort: true }).pipe(z.email({ error: 'must be an email address' }))),
  nickname: opt(str(120)),
  additionalInfo: opt(additionalInfo),
});
type RawFields = z.output<typeof beneficiaryMembers>;

const required = (ctx: z.RefinementCtx, path: PropertyKey[]) =>
  ctx.addIssue({ code: 'invalid_type', expected: 'string', input: undefined, path } as never);

/** Spec 2.12: company_name and address are omitted for a Singapore bank account in SGD. */
export const isSgSgd = (bank: { bankCountryCode?: string; accountCurrencyCode?: string }): boolean =>
  bank.bankCountryCode === 'SG' && bank.accountCurrencyCode === 'SGD';

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
      path: ['paymentMethod'],
      message: `LOCAL is not available for ${currency} to a bank in ${country}; use SWIFT`,
    });
  }
}

/** The cross-field rules, in the order their errors are reported. */
function checkBeneficiary(v: RawFields, ctx: z.RefinementCtx): void {
  const bank = v.bankDetails;
  const exempt = isSgSgd(bank);
  if (v.entityType === 'COMPANY') {
    if (v.companyName === undefined && !exempt) return required(ctx, ['companyName']);
  } else {
    if (v.firstName === undefined) return required(ctx, ['firstName']);
    if (v.lastName === undefined) return required(ctx, ['lastName']);
  }
  if (v.address === undefined && !exempt) return required(ctx, ['address']);
  const names: [keyof RawFields, string | undefined][] =
    v.entityType === 'COMPANY' ? [['companyName', v.companyName]] : [['firstName', v.firstName], ['lastName', v.lastName]];
  for (const [field, value] of names) checkName(ctx, v.paymentMethod, value, [field]);
  checkName(ctx, v.paymentMethod, bank.accountHolder, ['bankDetails', 'accountHolder']);
  if (v.paymentMethod === 'SWIFT' && bank.swiftCode === undefined) required(ctx, ['bankDetails', 'swiftCode']);
  if (bank.accountNumber === undefined && bank.iban === undefined) required(ctx, ['bankDetails', 'accountNumber']);
  for (const n of [1, 2] as const) {
    const type = bank[`routingCodeType${n}`];
    const value = bank[`routingCodeValue${n}`];
    if (type !== undefined && value === undefined) required(ctx, ['bankDetails', `routingCodeValue${n}`]);
    if (value !== undefined && type === undefined) required(ctx, ['bankDetails', `routingCodeType${n}`]);
  }
  checkLocalAvailable(ctx, v.paymentMethod, bank.accountCurrencyCode, bank.bankCountryCode);
}

const compact = <T extends object>(o: T): Partial<T> =>
  Object.fromEntries(Object.entries(o).filter(([, x]) => x !== undefined)) as Partial<T>;

export type BankDetails = z.output<typeof bankDetailsMembers>;
export type Address = z.output<typeof addressMembers>;
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
  bankDetails: StoredBankDetails;
  address: StoredAddress | null;
  additionalInfo: StoredAdditionalInfo | null;
}

/** PO4 (and a payout's inline beneficiary): every rule of spec 2.12, then the fields as stored. */
export const createBeneficiaryCommand = beneficiaryMembers.superRefine(checkBeneficiary).transform((v): BeneficiaryFields => {
  const company = v.entityType === 'COMPANY';
  const info = v.additionalInfo ? compact(v.additionalInfo) : {};
  return {
    entityType: v.entityType,
    paymentMethod: v.paymentMethod,
    companyName: company ? (v.companyName ?? null) : null,
    firstName: company ? null : (v.firstName ?? null),
    lastName: company ? null : (v.lastName ?? null),
    idNumber: company ? null : (v.idNumber ?? null),
    email: v.email ?? null,
    nickname: v.nickname ?? null,
    bankDetails: storedBankDetails(compact(v.bankDetails)),
    address: v.address ? storedAddress(compact(v.address)) : null,
    additionalInfo: Object.keys(info).length > 0 ? storedAdditionalInfo(info) : null,
  };
});

/** The top-level fields of PO4, which PO7 may send any subset of. */
export const BENEFICIARY_FIELDS = Object.keys(beneficiaryMembers.shape) as (keyof RawFields)[];
export const NESTED_FIELDS = ['bankDetails', 'address', 'additionalInfo'] as const;

/**
 * PO9: the fields a check names (catalogue), run through the same rules as a beneficiary. As the
 * official clients' contract has it, an IBAN may stand in for the account number (account_number
 * wins when both are given), and bank_country_code may be left out for a default-route currency.
 */
export const checkBeneficiaryMembers = z.object({
  entityType: req(entityType),
  accountNumber: opt(accountNumber),
  paymentMethod: req(paymentMethod),
  currency: req(currencyCode),
  bankCountryCode: opt(country),
  firstName: opt(str(120)),
  lastName: opt(str(120)),
  companyName: opt(str(120)),
  clearingSystem: opt(str(30)),
  iban: opt(iban),
  additionalInfo: opt(additionalInfo),
});
export const checkBeneficiaryCommand = checkBeneficiaryMembers
  .superRefine((v, ctx) => {
    if (v.accountNumber === undefined && v.iban === undefined) required(ctx, ['accountNumber']);
    const bankCountry = v.bankCountryCode ?? DEFAULT_ROUTE_COUNTRY[v.currency];
    if (bankCountry === undefined) required(ctx, ['bankCountryCode']);
    for (const field of ['companyName', 'firstName', 'lastName'] as const) checkName(ctx, v.paymentMethod, v[field], [field]);
    if (bankCountry !== undefined) checkLocalAvailable(ctx, v.paymentMethod, v.currency, bankCountry);
  })
  .transform((v) => ({ ...v, bankCountryCode: v.bankCountryCode ?? DEFAULT_ROUTE_COUNTRY[v.currency]! }));
export type CheckBeneficiaryCommand = z.output<typeof checkBeneficiaryCommand>;

/** The beneficiaries list's filter (PO5, GraphQL `beneficiaries`). */
export const beneficiaryFilter = z.object({
  entityType: opt(entityType),
  nickname: opt(str(120)),
  currency: opt(z.string().regex(/^[A-Z]{3}$/, 'must be a three-letter ISO 4217 code')),
  companyName: opt(str(120)),
});
export type BeneficiaryFilter = z.output<typeof beneficiaryFilter>;

/** PO10: both query parameters are required. */
export const paymentMethodsQuery = z.object({ currency: req(currencyCode), country: req(country) });

/**
 * PO7: any subset of the PO4 fields (domain names), null clearing an optional one. Only its being
 * an object is checked here; the merged beneficiary is then validated as a whole by
 * `createBeneficiaryCommand`.
 */
export const updateBeneficiaryCommand = z
  .record(z.string(), z.unknown())
  .describe('Any subset of the POST /v1/beneficiaries fields; null clears an optional one; nested objects merge key by key');

export function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
