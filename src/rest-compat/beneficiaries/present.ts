import type { BeneficiaryCandidate, BeneficiaryCheck, BeneficiaryRecord } from '../../domain/beneficiaries/queries';
import type { PaymentMethodOption } from '../../domain/beneficiaries/payment-methods';
import type { AdditionalInfo, Address, BankDetails } from '../../domain/beneficiaries/rules';

/** Nested objects show every field of spec 2.12, null when not given, so clients see one shape. */
const toRestBankDetails = (b: Partial<BankDetails>) => ({
  bank_name: b.bank_name ?? null,
  bank_address: b.bank_address ?? null,
  bank_country_code: b.bank_country_code ?? null,
  account_holder: b.account_holder ?? null,
  account_currency_code: b.account_currency_code ?? null,
  swift_code: b.swift_code ?? null,
  clearing_system: b.clearing_system ?? null,
  account_number: b.account_number ?? null,
  iban: b.iban ?? null,
  routing_code_type1: b.routing_code_type1 ?? null,
  routing_code_value1: b.routing_code_value1 ?? null,
  routing_code_type2: b.routing_code_type2 ?? null,
  routing_code_value2: b.routing_code_value2 ?? null,
});

const toRestAddress = (a: Partial<Address> | null) =>
  a && {
    country: a.country ?? null,
    city: a.city ?? null,
    street_address: a.street_address ?? null,
    postal_code: a.postal_code ?? null,
    state: a.state ?? null,
    nationality: a.nationality ?? null,
  };

const toRestAdditionalInfo = (i: Partial<AdditionalInfo> | null) =>
  i && {
    organization_code: i.organization_code ?? null,
    proxy_id: i.proxy_id ?? null,
    id_type: i.id_type ?? null,
    id_number: i.id_number ?? null,
    tax_id: i.tax_id ?? null,
    msisdn: i.msisdn ?? null,
  };

/** PO4 / PO7 answer: BeneficiaryRef. */
export const toRestBeneficiaryRef = (b: BeneficiaryRecord) => ({
  beneficiary_id: b.id,
  short_reference_id: b.shortReferenceId,
});

/** The catalogue's Beneficiary record (PO5, PO6, PO9), plus additional_info and update_time. */
export const toRestBeneficiary = (b: BeneficiaryRecord) => ({
  beneficiary_id: b.id,
  short_reference_id: b.shortReferenceId,
  entity_type: b.entityType,
  payment_method: b.paymentMethod,
  email: b.email,
  nickname: b.nickname,
  beneficiary_status: b.status,
  first_name: b.firstName,
  last_name: b.lastName,
  company_name: b.companyName,
  id_number: b.idNumber,
  summary: b.summary,
  bank_details: toRestBankDetails(b.bankDetails),
  address: toRestAddress(b.address),
  additional_info: toRestAdditionalInfo(b.additionalInfo),
  create_time: b.createdAt.toISOString(),
  update_time: b.updatedAt.toISOString(),
});

/** A checked beneficiary not on file: the record's shape with no id, time or stored-only fields. */
const toRestCandidate = (c: BeneficiaryCandidate) => ({
  beneficiary_id: null,
  short_reference_id: null,
  entity_type: c.entityType,
  payment_method: c.paymentMethod,
  email: null,
  nickname: null,
  beneficiary_status: 'VALID',
  first_name: c.firstName,
  last_name: c.lastName,
  company_name: c.companyName,
  id_number: null,
  summary: c.summary,
  bank_details: toRestBankDetails(c.bankDetails),
  address: null,
  additional_info: toRestAdditionalInfo(c.additionalInfo),
  create_time: null,
  update_time: null,
});

export const toRestBeneficiaryCheck = (check: BeneficiaryCheck) =>
  check.matched ? toRestBeneficiary(check.beneficiary) : toRestCandidate(check.candidate);

export const toRestPaymentMethod = (m: PaymentMethodOption) => ({
  payment_method: m.paymentMethod,
  name: m.name,
  description: m.description,
});
