import { DomainError, envelopeA } from '../errors/domain-error';
import { defineErrors } from '../errors/catalogue';
import { quotedField } from '../errors/field-names';

/**
 * What an account's status refuses (account-status.ts), on any route of either family. The
 * specification words the card-issuance answers (7.2: "not found or deactivated"); the
 * account-center texts start as the specification's own refusal of the same header or read as
 * payrail's field messages, so clients branching on the start still match.
 */
export const accountStatusErrors = defineErrors('account-status', 'every', {
  /** x-on-behalf-of names a sub-account of the caller whose status does not let it be operated. */
  onBehalfOfNotActive: (status: string) =>
    new DomainError({
      code: 'on_behalf_of_not_active',
      message: `x-on-behalf-of value err: the sub-account is ${status}; only an ACTIVE account can be operated`,
      status: 400,
      kind: 'authorization',
      field: 'x-on-behalf-of',
      accountCenter: { status: 400, message: `x-on-behalf-of value err: the sub-account is ${status}; only an ACTIVE account can be operated` },
      issuance: envelopeA('account_error', 'sub_account_not_found', 'sub-account associated with the on-behalf-of not found or deactivated'),
    }),

  /** The acting account's status lets no money leave it (its verification is checked after). */
  mayNotSendMoney: (status: string) =>
    new DomainError({
      code: 'account_not_active',
      message: `please completed the verification and activate your account first (status ${status})`,
      status: 400,
      kind: 'business',
      accountCenter: { status: 400, message: 'please completed the verification and activate your account first' },
      issuance: envelopeA('account_error', 'account_not_found', 'account not found or deactivated'),
    }),

  /** The other party of a movement is in a status that takes no part in one. */
  counterpartyNotActive: (field: string, status: string) =>
    new DomainError({
      code: 'counterparty_not_active',
      message: `Invalid value for field ${quotedField(field)}: the account is ${status}; money moves only to and from ACTIVE accounts`,
      status: 400,
      kind: 'business',
      field,
      accountCenter: { status: 400, message: `Invalid value for field ${quotedField(field)}: the account is ${status}; money moves only to and from ACTIVE accounts` },
      issuance: envelopeA('account_error', 'account_not_found', 'account not found or deactivated'),
    }),
});
