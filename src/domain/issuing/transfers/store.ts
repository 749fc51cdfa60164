import { readRows, type ReadScope } from '../../../platform/db/reads';
import type { IssuingParty } from './rules';

/** The accounts with these ids whose status is one of `statuses`: a transfer's two parties, read before its writes. */
export const readIssuingTransferParties = (scope: ReadScope, ids: string[], statuses: readonly string[]): Promise<IssuingParty[]> =>
  readRows<IssuingParty>(scope, {
    name: 'issuing_transfer_parties',
    text: `SELECT id, parent_id AS "parentId", status FROM accounts WHERE id = ANY($1::uuid[]) AND status = ANY($2::text[])`,
    values: [ids, statuses],
  });
