import { z } from 'zod';
import type { ActingAccount } from '../../../platform/context';
import { issuingAmount } from '../balances/rules';
import { exactMessage } from '../../../platform/validation/validate';
import { quotedField } from '../../../platform/errors/field-names';

/** IssuingTransfer.transfer_status (CI25). Transfers complete in the request that makes them. */
export const ISSUING_TRANSFER_STATUSES = ['PENDING', 'FAILED', 'COMPLETED'] as const;
export type IssuingTransferStatus = (typeof ISSUING_TRANSFER_STATUSES)[number];

/**
 * ACCOUNT: one account's issuing balance to another's of the same tree (CI24). WALLET_IN and
 * WALLET_OUT: payrail's funding extension, an account's banking wallet to its own issuing balance
 * and back (`/v1/issuing/balances/transfer_in`, `transfer_out`). SANDBOX_FUNDS: the test money the
 * sandbox master's issuing balances start with (sandbox-funds.ts).
 */
export const ISSUING_TRANSFER_TYPES = ['ACCOUNT', 'WALLET_IN', 'WALLET_OUT', 'SANDBOX_FUNDS'] as const;
export type IssuingTransferType = (typeof ISSUING_TRANSFER_TYPES)[number];

export const REMARK_MAX = 255;

/** A transfer between two issuing balances of one tree (CI24). */
export const createIssuingTransferCommand = z
  .object({
    sourceAccountId: z.string(),
    destinationAccountId: z.string(),
    currency: z.string(),
    amount: issuingAmount('must be a number greater than 0 with at most 2 decimals'),
    remark: z.string().max(REMARK_MAX, `must be at most ${REMARK_MAX} characters`).optional(),
  })
  .superRefine((v, ctx) => {
    if (v.sourceAccountId === v.destinationAccountId) {
      ctx.addIssue({
        code: 'custom',
        path: ['destinationAccountId'],
        message: exactMessage(`Invalid value for field ${quotedField('destinationAccountId')}: must differ from source_account_id`),
      });
    }
  });
export type CreateIssuingTransferCommand = z.output<typeof createIssuingTransferCommand>;

export interface IssuingParty {
  id: string;
  parentId: string | null;
  status: string;
}

/** Both parties must be accounts of the acting tree: its master or one of the master's sub-accounts. */
export const inTree = (root: string, party: IssuingParty): boolean => party.id === root || party.parentId === root;

/**
 * Who may move money out of an issuing balance: the source itself (its own key, or its master
 * acting for it with x-on-behalf-of) or the source's master acting as itself. A sub-account cannot
 * move its master's or a sibling's money.
 */
export const mayDebit = (acting: Pick<ActingAccount, 'id'>, source: IssuingParty): boolean => source.id === acting.id || source.parentId === acting.id;
