import { defineErrors } from '../../../platform/errors/catalogue';
import { DomainError, envelopeB } from '../../../platform/errors/domain-error';

const issuingB = (code: string, message: string, kind: DomainError['kind'], field?: string) =>
  new DomainError({ code, message, status: 400, kind, field, issuance: envelopeB(message) });

/** Issuing balance errors (spec 7.2 envelope B texts). */
export const issuingBalanceErrors = defineErrors('issuing-balances', 'issuance', {
  /** A currency no issuing balance exists in (CI20, funding): the table's "Account balance not exists". */
  balanceNotExists: () => issuingB('account_balance_not_exists', 'Account balance not exists', 'not_found', 'currency'),
  /** The wallet (transfer_in) or the issuing balance (transfer_out) cannot cover the amount. */
  insufficientBalance: () => issuingB('insufficient_balance', 'Insufficient balance', 'business', 'amount'),
});
