import type { z } from 'zod';
import type { PaymentMethodOption } from '../../../domain/wallet/beneficiaries/payment-methods';
import type { StoredAdditionalInfo, StoredAddress, StoredBankDetails } from '../../../domain/wallet/beneficiaries/stored';
import type { BeneficiaryCandidate, BeneficiaryCheck, BeneficiaryView } from '../../../domain/wallet/beneficiaries/view';
import { iso } from '../../shared/wire';
import type {
  restAdditionalInfo,
  restAddress,
  restBankDetails,
  restBeneficiary,
  restBeneficiaryCandidate,
  restBeneficiaryCheck,
  restBeneficiaryRef,
  restPaymentMethod,
} from './schemas';

const toRestBankDetails = (b: StoredBankDetails): z.input<typeof restBankDetails> => ({
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

const toRestAddress = (a: StoredAddress | null): z.input<typeof restAddress> | null =>
  a && {
    country: a.country ?? null,
    city: a.city ?? null,
    street_address: a.street_address ?? null,
    postal_code: a.postal_code ?? null,
    state: a.state ?? null,
    nationality: a.nationality ?? null,
  };

const toRestAdditionalInfo = (i: StoredAdditionalInfo | null): z.input<typeof restAdditionalInfo> | null =>
  i && {
    organization_code: i.organization_code ?? null,
    proxy_id: i.proxy_id ?? null,
    id_type: i.id_type ?? null,
    id_number: i.id_number ?? null,
    tax_id: i.tax_id ?? null,
    msisdn: i.msisdn ?? null,
  };

export const toRestBeneficiaryRef = (b: BeneficiaryView): z.input<typeof restBeneficiaryRef> => ({
  beneficiary_id: b.id,
  short_reference_id: b.shortReferenceId,
});

export const toRestBeneficiary = (b: BeneficiaryView): z.input<typeof restBeneficiary> => ({
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
  create_time: iso(b.createdAt),
  update_time: iso(b.updatedAt),
});

const toRestCandidate = (c: BeneficiaryCandidate): z.input<typeof restBeneficiaryCandidate> => ({
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

export const toRestBeneficiaryCheck = (check: BeneficiaryCheck): z.input<typeof restBeneficiaryCheck> =>
  check.matched ? toRestBeneficiary(check.beneficiary) : toRestCandidate(check.candidate);

export const toRestPaymentMethod = (m: PaymentMethodOption): z.input<typeof restPaymentMethod> => ({
  payment_method: m.paymentMethod,
  name: m.name,
  description: m.description,
});
