import { defineErrors } from '../../../platform/errors/catalogue';
import { DomainError } from '../../../platform/errors/domain-error';

const badRequest = <const C extends string>(code: C, message: string, kind: DomainError['kind'], field?: string) =>
  new DomainError({ code, message, status: 400, kind, field });

/** Issuing balance errors, in spec 7.2's texts. */
export const issuingBalanceErrors = defineErrors('issuing-balances', 'issuance', {
  /** A currency no issuing balance exists in (CI20, funding): the table's "Account balance not exists". */
  balanceNotExists: () => badRequest('account_balance_not_exists', 'Account balance not exists', 'not_found', 'currency'),
  /** The wallet (transfer_in) or the issuing balance (transfer_out) cannot cover the amount. */
  insufficientBalance: () => badRequest('insufficient_balance', 'Insufficient balance', 'business', 'amount'),
});
