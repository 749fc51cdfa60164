import { z } from 'zod';
import { isCountryCode } from '../../wallet/beneficiaries/countries';
import { currencyCode } from '../../../platform/money/amount';
import { VIRTUAL_ACCOUNT_PAYMENT_METHODS, type VirtualAccountPaymentMethod } from '../../wallet/virtual-accounts/rules';

/** The official clients' VirtualAccountApplicationStatus. */
export const APPLICATION_STATUSES = ['SUBMITTED', 'PARTIALLY_COMPLETED', 'COMPLETED', 'FAILED', 'CLOSED'] as const;
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];

/** The official clients' VirtualAccountApplicationResultStatus: one payment method's outcome. */
export const RESULT_STATUSES = ['SUBMITTED', 'COMPLETED', 'FAILED', 'SKIPPED', 'CLOSED'] as const;
export type ResultStatus = (typeof RESULT_STATUSES)[number];

export const MAX_NICKNAME = 100;

/**
 * An application for virtual accounts (the clients' CreateVirtualAccountParams): country and
 * currency required; a payment method LOCAL or SWIFT, or none to evaluate both; an optional
 * nickname. A blank nickname is no nickname (a rule of the domain, whichever door sends it); the
 * wire's "" or null for a member not used is the REST door's (wire.ts).
 */
export const applicationCommand = z.object({
  country: z.string().refine(isCountryCode, 'must be an ISO 3166-1 alpha-2 country code in upper case'),
  currency: currencyCode,
  paymentMethod: z
    .string()
    .pipe(z.enum(VIRTUAL_ACCOUNT_PAYMENT_METHODS, { error: 'must be one of LOCAL, SWIFT' }))
    .optional(),
  nickname: z.preprocess((v) => (v === '' ? undefined : v), z.string().max(MAX_NICKNAME, `must be at most ${MAX_NICKNAME} characters`).optional()),
});
export type ApplicationCommand = z.output<typeof applicationCommand>;

/** The payment methods an application evaluates: the one asked for, or both. */
export const methodsOf = (input: ApplicationCommand): VirtualAccountPaymentMethod[] =>
  input.paymentMethod ? [input.paymentMethod] : [...VIRTUAL_ACCOUNT_PAYMENT_METHODS];

const upperCode = <S extends z.ZodType<string, string>>(rule: S) => z.string().trim().toUpperCase().pipe(rule);

/** The applications list's filters (the clients' ListVirtualAccountApplicationsParams); codes in either case. */
export const applicationFilter = z.object({
  status: z.string().pipe(z.enum(APPLICATION_STATUSES, { error: `must be one of ${APPLICATION_STATUSES.join(', ')}` })).optional(),
  country: upperCode(z.string().refine(isCountryCode, 'must be an ISO 3166-1 alpha-2 country code')).optional(),
  currency: upperCode(currencyCode).optional(),
});
export type ApplicationFilter = z.output<typeof applicationFilter>;

/**
 * Sandbox test values, in the nickname (any case): the bank fails to open the accounts of every
 * method (`SIMULATE-FAILED`) or of one (`SIMULATE-FAILED-LOCAL`, `SIMULATE-FAILED-SWIFT`), so an
 * application ends FAILED or PARTIALLY_COMPLETED.
 */
export function bankFailsToOpen(nickname: string | null, method: VirtualAccountPaymentMethod): boolean {
  const text = (nickname ?? '').toUpperCase();
  const onlyOne = /SIMULATE-FAILED-(LOCAL|SWIFT)/.exec(text);
  if (onlyOne) return onlyOne[1] === method;
  return text.includes('SIMULATE-FAILED');
}
