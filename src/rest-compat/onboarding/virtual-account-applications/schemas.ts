import { z } from 'zod';
import { APPLICATION_STATUSES, RESULT_STATUSES } from '../../../domain/onboarding/virtual-account-applications/rules';
import { VIRTUAL_ACCOUNT_PAYMENT_METHODS } from '../../../domain/wallet/virtual-accounts/rules';
import { currency, dateTime, oneOf, uuid } from '../../shared/wire';

const applicationIdentity = {
  application_id: uuid,
  public_version: z.number().int().describe('raised by every change; a webhook receiver keeps the highest'),
  account_id: uuid.describe('the account the application belongs to'),
  direct_id: z.string().describe('"0" for a main account, else its main account\'s id'),
  country: z.string().regex(/^[A-Z]{2}$/),
  currency,
  status: oneOf(APPLICATION_STATUSES),
};

/** A virtual account the bank opened for an application (the clients' VirtualAccountApplicationBankDetail). */
export const restApplicationBankDetail = z.object({
  account_bank_id: uuid.describe("the virtual account's id, as BT15 lists it"),
  account_holder: z.string(),
  account_number: z.string(),
  country_code: z.string().regex(/^[A-Z]{2}$/),
  currency,
  bank_name: z.string(),
  bank_address: z.string(),
  clearing_system: z.object({ type: z.string(), value: z.string() }),
  status: oneOf(['ACTIVE', 'CLOSED']),
  close_reason: z.string().describe('always present; "" unless closed with a reason'),
});

/** The clients' VirtualAccountApplication. */
export const restApplication = z
  .object({
    ...applicationIdentity,
    payment_method: oneOf(VIRTUAL_ACCOUNT_PAYMENT_METHODS).nullable().describe('as asked; null: LOCAL and SWIFT were evaluated'),
    nickname: z.string().nullable(),
    results: z.array(
      z.object({
        payment_method: oneOf(VIRTUAL_ACCOUNT_PAYMENT_METHODS),
        status: oneOf(RESULT_STATUSES),
        virtual_accounts: z.array(restApplicationBankDetail),
        error: z.object({ code: z.string(), message: z.string() }).nullable().describe('why the method was skipped or failed'),
      }),
    ),
    created_at: dateTime,
    updated_at: dateTime,
  })
  .meta({ id: 'VirtualAccountApplication' });

/** The clients' RetrieveVirtualAccountApplicationResponse (and BT14's answer to an application). */
export const restApplicationEnvelope = z.object({ data: restApplication });

/** The clients' VirtualAccountApplicationSummary, an item of the applications list. */
export const restApplicationSummary = z.object({ ...applicationIdentity, created_at: dateTime }).meta({ id: 'VirtualAccountApplicationSummary' });
