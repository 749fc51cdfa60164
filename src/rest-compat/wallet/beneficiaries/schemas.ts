import { z } from 'zod';
import { PAYMENT_METHODS } from '../../../domain/wallet/beneficiaries/payment-methods';
import { BENEFICIARY_STATUSES, ENTITY_TYPES } from '../../../domain/wallet/beneficiaries/rules';
import { dateTime, oneOf, uuid } from '../../shared/wire';

const text = z.string().nullable();

/** Nested objects show every field of spec 2.12, null when not given, so clients see one shape. */
export const restBankDetails = z.object({
  bank_name: text,
  bank_address: text,
  bank_country_code: text,
  account_holder: text,
  account_currency_code: text,
  swift_code: text,
  clearing_system: text,
  account_number: text,
  iban: text,
  routing_code_type1: text,
  routing_code_value1: text,
  routing_code_type2: text,
  routing_code_value2: text,
});

export const restAddress = z.object({
  country: text,
  city: text,
  street_address: text,
  postal_code: text,
  state: text,
  nationality: text,
});

export const restAdditionalInfo = z.object({
  organization_code: text,
  proxy_id: text,
  id_type: text,
  id_number: text,
  tax_id: text,
  msisdn: text,
});

/** BeneficiaryRef: the answer of PO4 and PO7. */
export const restBeneficiaryRef = z.object({
  beneficiary_id: uuid,
  short_reference_id: z.string(),
});

/** The catalogue's Beneficiary record (PO5, PO6, PO9), plus additional_info and update_time. */
export const restBeneficiary = z.object({
  beneficiary_id: uuid,
  short_reference_id: z.string(),
  entity_type: oneOf(ENTITY_TYPES),
  payment_method: oneOf(PAYMENT_METHODS),
  email: text,
  nickname: text,
  beneficiary_status: oneOf(BENEFICIARY_STATUSES),
  first_name: text,
  last_name: text,
  company_name: text,
  id_number: text,
  summary: z.string().describe('Name, bank, currency and the last four account characters'),
  bank_details: restBankDetails,
  address: restAddress.nullable(),
  additional_info: restAdditionalInfo.nullable(),
  create_time: dateTime,
  update_time: dateTime,
});

/** PO9 when nothing matches: the record's shape with no id, time or stored-only fields. */
export const restBeneficiaryCandidate = z.object({
  beneficiary_id: z.null(),
  short_reference_id: z.null(),
  entity_type: oneOf(ENTITY_TYPES),
  payment_method: oneOf(PAYMENT_METHODS),
  email: z.null(),
  nickname: z.null(),
  beneficiary_status: z.literal('VALID'),
  first_name: text,
  last_name: text,
  company_name: text,
  id_number: z.null(),
  summary: z.string(),
  bank_details: restBankDetails,
  address: z.null(),
  additional_info: restAdditionalInfo.nullable(),
  create_time: z.null(),
  update_time: z.null(),
});

/** PO9: the matching beneficiary on file, or the candidate. */
export const restBeneficiaryCheck = z.union([restBeneficiary, restBeneficiaryCandidate]);

/** PO10: one way to pay a bank in a country in a currency. */
export const restPaymentMethod = z.object({
  payment_method: oneOf(PAYMENT_METHODS),
  name: z.string(),
  description: z.string(),
});

export const restPaymentMethods = z.array(restPaymentMethod);

/** PO8 answers an empty object. */
export const restBeneficiaryDeleted = z.object({}).strict();
