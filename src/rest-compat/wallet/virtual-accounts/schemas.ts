import { z } from 'zod';
import { VIRTUAL_ACCOUNT_PAYMENT_METHODS, VIRTUAL_ACCOUNT_STATUSES } from '../../../domain/wallet/virtual-accounts/rules';
import { restApplicationEnvelope } from '../../onboarding/virtual-account-applications/schemas';
import { applicationWire } from '../../onboarding/virtual-account-applications/wire';
import { currency, oneOf, uuid } from '../../shared/wire';
import { openVirtualAccountWire } from './wire';

/** The answer of BT14 to the specification's body, only {message} (catalogue); the details are listed by BT15. */
export const restVirtualAccountOpening = z.object({ message: z.string() });

/** BT14's body: the specification's {currency, payment_method}, or the official clients' application (with country). */
export const virtualAccountCreationBody = z.union([openVirtualAccountWire.schema, applicationWire.schema]);

/** BT14's answer to either body. */
export const restVirtualAccountCreation = z.union([restVirtualAccountOpening, restApplicationEnvelope]);

/** VirtualAccount (catalogue BT15). */
export const restVirtualAccount = z.object({
  currency,
  payment_method: oneOf(VIRTUAL_ACCOUNT_PAYMENT_METHODS),
  account_number: z.string().describe('where money is received; unique on the platform'),
  account_holder: z.string(),
  account_bank_id: uuid.describe("the virtual account's own id"),
  bank_name: z.string(),
  bank_address: z.string(),
  bank_code: z.string(),
  swift_code: z.string(),
  country_code: z.string().regex(/^[A-Z]{2}$/),
  capability: z.object({ payment_method: oneOf(VIRTUAL_ACCOUNT_PAYMENT_METHODS) }),
  clearing_system: z.object({
    type: z.string().describe('ACH, FPS, SEPA, FAST, … or SWIFT'),
    value: z.string().describe('routing number, sort code, BIC, bank code, …'),
  }),
  status: oneOf(VIRTUAL_ACCOUNT_STATUSES),
  close_reason: z.string().nullable().describe('null until CLOSED'),
});
