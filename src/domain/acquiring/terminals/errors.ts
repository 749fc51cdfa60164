import { DomainError } from '../../../platform/errors/domain-error';
import { defineErrors } from '../../../platform/errors/catalogue';
import { quotedField } from '../../../platform/errors/field-names';

const badRequest = <C extends string>(code: C, message: string, field: string) =>
  new DomainError({ code, message, status: 400, kind: 'validation', field });

/** Terminal errors (account-center family, /v2; the provider gives no text for them). */
export const terminalErrors = defineErrors('terminals', 'account_center', {
  /** An unknown terminal_id, or another account's, alike. */
  terminalNotFound: () =>
    new DomainError({
      code: 'terminal_not_found',
      message: `Invalid value for field ${quotedField('terminalId')}: no such terminal`,
      status: 400,
      kind: 'not_found',
      field: 'terminalId',
    }),

  /** The serial number is registered already, as another model. */
  serialTaken: (model: string) =>
    badRequest('terminal_already_registered', `Invalid value for field ${quotedField('firmSn')}: this terminal is registered already, as terminal_model '${model}'`, 'firmSn'),
});
