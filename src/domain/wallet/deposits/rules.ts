import { z } from 'zod';
import { amountField, checkPrecision, currencyCode } from '../../../platform/money/amount';

/** Deposit.deposit_status (spec 3.1). */
export const DEPOSIT_STATUSES = ['PENDING', 'COMPLETED', 'FAILED'] as const;
export type DepositStatus = (typeof DEPOSIT_STATUSES)[number];

/**
 * The documented sandbox test values, read from the start of senderSwiftCode. By default a
 * simulated deposit is COMPLETED (and credited) by the time SI1 answers, as a sandbox user expects.
 * - FAIL (for example FAILGB2L): FAILED at once, nothing credited.
 * - PEND (for example PENDGB2L): stays PENDING and completes through the scheduled settlement —
 *   at the next advance of a frozen test clock, within about a second on the real clock.
 */
export const FAILING_SWIFT_PREFIX = 'FAIL';
export const PENDING_SWIFT_PREFIX = 'PEND';
export const depositFailsInSandbox = (senderSwiftCode: string): boolean => senderSwiftCode.startsWith(FAILING_SWIFT_PREFIX);
export const depositStaysPendingInSandbox = (senderSwiftCode: string): boolean => senderSwiftCode.startsWith(PENDING_SWIFT_PREFIX);
export const SANDBOX_FAILURE_REASON = 'The sending bank returned the deposit (sandbox test value FAIL…)';

const maxChars = (n: number) => `must be at most ${n} characters`;

/**
 * Optional sender details: null and "" count as absent. A deposit's sender has no empty name or
 * account number, whichever door reports it (ref drops unset values; forms send ""), so this is the
 * deposit's own rule rather than one door's quirk.
 */
const optionalText = (schema: z.ZodString) =>
  schema
    .nullable()
    .optional()
    .transform((v) => (v === null || v === '' ? undefined : v));

/**
 * Spec 4.5 and 8. REST sends `amount` as a JSON number (4.5: "amount number"); GraphQL as a
 * Decimal string (DESIGN: money is a decimal string there). Either way it must be positive and
 * within the currency's ISO 4217 minor units.
 */
function buildSimulateDepositCommand(amountAs: 'number' | 'string') {
  return z
    .object({
      amount: amountField(amountAs),
      currency: currencyCode,
      senderSwiftCode: z
        .string()
        .min(1, 'must not be empty')
        .max(30, maxChars(30))
        .describe('sandbox test values: a code starting with FAIL fails the deposit, one starting with PEND leaves it PENDING until the next settlement run'),
      receiverAccountNumber: optionalText(z.string().max(60, { message: maxChars(60), abort: true }).regex(/^[A-Za-z0-9]*$/, 'must contain only letters and digits')),
      senderAccountNumber: optionalText(z.string().max(60, maxChars(60))),
      senderName: optionalText(z.string().max(200, maxChars(200))),
      /** 4.5: any JSON type (ref sends a country code string); kept as given. */
      senderCountry: z.unknown().optional().describe('any JSON value (spec 4.5), kept as sent; ref sends a country code'),
    })
    .superRefine((v, ctx) => checkPrecision(ctx, v.amount, v.currency, 'amount'));
}

// Built once per amount form: a zod schema is costly to build and is used on every request.
const SIMULATE_DEPOSIT_COMMAND = { number: buildSimulateDepositCommand('number'), string: buildSimulateDepositCommand('string') };
export const simulateDepositCommand = (amountAs: 'number' | 'string') => SIMULATE_DEPOSIT_COMMAND[amountAs];
export type SimulateDepositCommand = z.output<ReturnType<typeof buildSimulateDepositCommand>>;
