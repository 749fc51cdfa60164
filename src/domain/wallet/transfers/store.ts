import { readRows, type ReadScope } from '../../../platform/db/reads';
import type { TransferParty } from './rules';

/** The accounts with these ids whose status is one of `statuses`: a transfer's two parties, read before its writes. */
export const readTransferParties = (scope: ReadScope, ids: string[], statuses: readonly string[]): Promise<TransferParty[]> =>
  readRows<TransferParty>(scope, {
    name: 'transfer_parties',
    text: `SELECT id, name, parent_id AS "parentId", status FROM accounts WHERE id = ANY($1::uuid[]) AND status = ANY($2::text[])`,
    values: [ids, statuses],
  });
