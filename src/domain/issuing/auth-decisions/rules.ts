import { z } from 'zod';
import { exactMessage } from '../../../platform/validation/validate';
import { quotedField } from '../../../platform/errors/field-names';

/** What a missing or invalid answer of the customer's endpoint means. */
export const TIMEOUT_STRATEGIES = ['DECLINE', 'DELEGATE'] as const;
export type TimeoutStrategy = (typeof TIMEOUT_STRATEGIES)[number];

/** Who decided an authorization: payrail's own rules, the customer's endpoint, or the timeout strategy. */
export const DECIDERS = ['PAYRAIL', 'PARTNER', 'TIMEOUT_STRATEGY'] as const;
export type DecidedBy = (typeof DECIDERS)[number];

/** The approving response code of the customer's answer (ISO 8583 "approved"). */
export const APPROVED_CODE = '00';

/**
 * A response code payrail records as a decline reason: two letters or digits, as ISO 8583 field 39
 * codes are ("51" insufficient funds, "05" do not honour). Anything else is not a valid answer.
 */
export const RESPONSE_CODE = /^[0-9A-Za-z]{2}$/;

const httpUrl = z
  .string()
  .trim()
  .min(1, 'must not be empty')
  .max(2048, { message: 'must be at most 2048 characters', abort: true })
  .refine((v) => {
    try {
      const u = new URL(v);
      return (u.protocol === 'http:' || u.protocol === 'https:') && u.hostname !== '' && u.username === '' && u.password === '';
    } catch {
      return false;
    }
  }, 'must be an http or https URL without credentials');

/**
 * The account's decision endpoint: its configuration `{url, publicKey, timeoutStrategy}` (enabled
 * unless `enabled: false` is given with it), or `{enabled: false}` alone to turn the stored one off.
 * The public key's PGP checks need openpgp (async), so they run in the service (service.ts).
 */
export const configureAuthDecisionCommand = z
  .object({
    url: httpUrl.optional(),
    publicKey: z.string().min(1, 'must not be empty').max(65536, 'must be at most 65536 characters').optional(),
    timeoutStrategy: z.enum(TIMEOUT_STRATEGIES).optional(),
    enabled: z.boolean().optional(),
  })
  .superRefine((v, ctx) => {
    const onlyOff = v.enabled === false && v.url === undefined && v.publicKey === undefined && v.timeoutStrategy === undefined;
    if (onlyOff) return;
    for (const field of ['url', 'publicKey', 'timeoutStrategy'] as const) {
      if (v[field] === undefined) ctx.addIssue({ code: 'custom', path: [field], message: exactMessage(`Field ${quotedField(field)} is required`) });
    }
  });
export type ConfigureAuthDecisionCommand = z.output<typeof configureAuthDecisionCommand>;
