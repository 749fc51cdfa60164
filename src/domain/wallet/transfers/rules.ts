import { z } from 'zod';
import type { ActingAccount } from '../../../platform/context';
import { amountField, checkPrecision, currencyCode } from '../../../platform/money/amount';
import { exactMessage } from '../../../platform/validation/validate';
import { quotedField } from '../../../platform/errors/field-names';

/** Transfer.transfer_status. Transfers complete in the request that makes them (see service.ts). */
export const TRANSFER_STATUSES = ['COMPLETED', 'FAILED'] as const;
export type TransferStatus = (typeof TRANSFER_STATUSES)[number];

/** A transfer between two wallets: all five fields required; amount a decimal string in the currency's precision. */
export const createTransferCommand = z
  .object({
    sourceAccountId: z.string(),
    targetAccountId: z.string(),
    currency: currencyCode,
    amount: amountField('string'),
    reason: z.string().trim().min(1, 'must not be empty').max(255, 'must be at most 255 characters'),
  })
  .superRefine((v, ctx) => {
    checkPrecision(ctx, v.amount, v.currency, 'amount');
    if (v.sourceAccountId === v.targetAccountId) {
      ctx.addIssue({
        code: 'custom',
        path: ['targetAccountId'],
        message: exactMessage(`Invalid value for field ${quotedField('targetAccountId')}: must differ from source_account_id`),
      });
    }
  });
export type CreateTransferCommand = z.output<typeof createTransferCommand>;

/** An account of the acting tree, as a transfer party. */
export interface TransferParty {
  id: string;
  name: string;
  parentId: string | null;
  status: string;
}

/** Both parties must be accounts of the acting account's tree: its master and the master's sub-accounts. */
export const inTree = (root: string, party: TransferParty): boolean => party.id === root || party.parentId === root;

/**
 * Who may move money out of which wallet: a master acting as itself moves between any two accounts
 * of its tree; a sub-account (with its own key, or a master acting for it with x-on-behalf-of)
 * only out of its own wallet, into its master or a sibling.
 */
export const mayDebit = (acting: Pick<ActingAccount, 'id' | 'parentId'>, source: TransferParty): boolean =>
  acting.parentId === null || source.id === acting.id;
