import { z } from 'zod';

/**
 * The answers the official clients declare for their banking methods, as zod schemas: the Node
 * client's interfaces (src/resources/banking/types.ts; required members required with their JSON
 * type, optional ones optional, extra members allowed) and, for virtual account applications, the
 * Python client's TypedDicts (uqpay/types/banking/_virtual_account_application.py), which are the
 * same shape plus `account_id` and `direct_id` (its README). The Python client declares its other
 * banking answers as `dict[str, Any]`; the Node shape is checked for both.
 */
const str = z.string();
/**
 * An optional member: absent, or null where payrail writes an absent value as null (its presenters
 * do so throughout, docs/decisions/developers/official-clients.md "The official clients as callers"). A required member must be
 * present with its JSON type.
 */
const opt = <S extends z.ZodType>(s: S) => s.nullish();

export const paginated = <S extends z.ZodType>(item: S) => z.object({ total_pages: z.number(), total_items: z.number(), data: z.array(item) });

const beneficiaryBankDetails = z.object({
  bank_name: str,
  bank_address: str,
  bank_country_code: str,
  account_holder: str,
  account_currency_code: str,
  account_number: opt(str),
  iban: opt(str),
  swift_code: opt(str),
  clearing_system: opt(str),
  routing_code_type1: opt(str),
  routing_code_value1: opt(str),
  routing_code_type2: opt(str),
  routing_code_value2: opt(str),
});

const beneficiaryAddress = z.object({ country: str, city: str, street_address: str, postal_code: str, state: str, nationality: opt(str) });

const applicationStatus = z.enum(['SUBMITTED', 'PARTIALLY_COMPLETED', 'COMPLETED', 'FAILED', 'CLOSED']);

const application = z.object({
  application_id: str,
  public_version: z.number().int(),
  country: str,
  currency: str,
  status: applicationStatus,
  // Python (README): the owning account and its main account ("0" for a main account).
  account_id: str,
  direct_id: str,
  results: z.array(
    z.object({
      payment_method: z.enum(['LOCAL', 'SWIFT']),
      status: z.enum(['SUBMITTED', 'COMPLETED', 'FAILED', 'SKIPPED', 'CLOSED']),
      virtual_accounts: z.array(
        z.object({
          account_bank_id: str,
          account_holder: str,
          account_number: str,
          country_code: str,
          currency: str,
          bank_name: str,
          bank_address: str,
          clearing_system: z.object({ type: str, value: str }),
          status: z.enum(['ACTIVE', 'CLOSED']),
          close_reason: str,
        }),
      ),
      error: z.object({ code: str, message: str }).nullable(),
    }),
  ),
});

export const bankingTypes = {
  balance: z.object({
    balance_id: opt(str),
    currency: str,
    available_balance: opt(str),
    prepaid_balance: opt(str),
    margin_balance: opt(str),
    frozen_balance: opt(str),
    create_time: opt(str),
    last_trade_time: opt(str),
    balance_status: opt(str),
  }),
  balanceTransaction: z.object({
    transaction_id: str,
    account_id: str,
    balance_id: str,
    transaction_type: str,
    currency: str,
    amount: z.number(),
    credit_debit_type: str,
    create_time: str,
    complete_time: str,
    reference_id: str,
    transaction_status: str,
    transaction_way: str,
  }),
  deposit: z.object({
    deposit_id: str,
    short_reference_id: opt(str),
    currency: opt(str),
    amount: opt(str),
    deposit_fee: opt(str),
    deposit_status: opt(z.enum(['PENDING', 'COMPLETED', 'FAILED'])),
    deposit_reference: opt(str),
    create_time: opt(str),
    complete_time: opt(str),
    receiver_account_number: opt(str),
    sender: opt(
      z.object({
        sender_name: opt(str),
        sender_country: opt(str),
        sender_account_number: opt(str),
        sender_swift_code: opt(str),
        sender_address: opt(str),
      }),
    ),
  }),
  createTransferResponse: z.object({ transfer_id: str, short_reference_id: str }),
  transfer: z.object({
    transfer_id: str,
    reference_id: opt(str),
    short_reference_id: opt(str),
    source_account_name: opt(str),
    destination_account_name: opt(str),
    transfer_currency: opt(str),
    transfer_amount: opt(str),
    transfer_reason: opt(str),
    transfer_status: opt(str),
    create_time: opt(str),
    complete_time: opt(str),
    created_by: opt(str),
  }),
  createPayoutResponse: z.object({ payout_id: str, short_reference_id: str, payout_status: opt(str) }),
  payout: z.object({
    payout_id: str,
    short_reference_id: str,
    payout_amount: opt(str),
    payout_currency: opt(str),
    source_currency: opt(str),
    source_amount: opt(str),
    amount_payer_pays: opt(str),
    amount_beneficiary_receives: opt(str),
    fee_amount: opt(str),
    fee_currency: opt(str),
    fee_paid_by: opt(z.enum(['OURS', 'SHARED'])),
    payout_status: str,
    payout_date: opt(str),
    payout_method: opt(str),
    payout_reason: opt(str),
    payout_reference: opt(str),
    purpose_code: opt(str),
    create_time: str,
    update_time: opt(str),
    complete_time: opt(str.nullable()),
    beneficiary_id: opt(str),
    failure_reason: opt(str),
    failure_returned_amount: opt(str),
    quote_id: opt(str),
  }),
  createBeneficiaryResponse: z.object({ beneficiary_id: str, short_reference_id: str }),
  beneficiary: z.object({
    beneficiary_id: str,
    short_reference_id: opt(str),
    entity_type: z.enum(['INDIVIDUAL', 'COMPANY']),
    payment_method: opt(str),
    email: opt(str),
    nickname: opt(str),
    beneficiary_status: opt(str),
    status: opt(str),
    first_name: opt(str),
    last_name: opt(str),
    company_name: opt(str),
    id_number: opt(str),
    summary: opt(str),
    bank_details: opt(beneficiaryBankDetails),
    address: opt(beneficiaryAddress),
    create_time: opt(str),
  }),
  /** `Record<string, never>`: the answer of a delete. */
  deleted: z.object({}),
  paymentMethod: z.object({ payment_method: str, name: opt(str), description: opt(str) }),
  quote: z.object({
    quote_id: str,
    sell_currency: str,
    sell_amount: z.number(),
    buy_currency: str,
    buy_amount: z.number(),
    quote_price: z.number(),
    currency_pair: str,
    direct_rate: z.number(),
    inverse_rate: z.number(),
    validity: str,
  }),
  conversion: z.object({
    conversion_id: str,
    short_reference_id: str,
    buy_amount: z.number(),
    buy_currency: str,
    sell_amount: z.number(),
    sell_currency: str,
    created_date: str,
    currency_pair: str,
    reference: str,
    status: str,
  }),
  conversionDate: z.object({ date: str }),
  exchangeRates: z.object({
    data: opt(
      z.object({
        rates: opt(z.array(z.object({ currency_pair: str, buy_price: str, sell_price: str }))),
        unavailable_currency_pairs: opt(z.array(str)),
        last_updated: opt(str),
      }),
    ),
  }),
  virtualAccount: z.object({
    currency: opt(str),
    payment_method: opt(str),
    account_number: opt(str),
    account_holder: opt(str),
    account_bank_id: opt(str),
    bank_name: opt(str),
    bank_address: opt(str),
    bank_code: opt(str),
    swift_code: opt(str),
    country_code: opt(str),
    capability: opt(z.object({ payment_method: opt(str) })),
    clearing_system: opt(z.object({ type: opt(str), value: opt(str) })),
    status: opt(str),
    close_reason: opt(str),
  }),
  /** CreateVirtualAccountResponse / RetrieveVirtualAccountApplicationResponse / VirtualAccountApplicationResponse. */
  applicationResponse: z.object({ data: application }),
  /** ListVirtualAccountApplicationsResponse / VirtualAccountApplicationListResponse. */
  applicationList: z.object({
    total_pages: z.number(),
    total_items: z.number(),
    data: z.array(
      z.object({
        application_id: str,
        public_version: z.number().int(),
        country: str,
        currency: str,
        status: applicationStatus,
        created_at: str,
        account_id: str,
        direct_id: str,
      }),
    ),
  }),
};
