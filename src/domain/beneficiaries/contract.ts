import type { Beneficiary } from '../../generated/prisma/client';
import type { Tx } from '../../db/tx';
import type { RequestContext } from '../context';

/**
 * CONTRACT between the beneficiaries area (owner: implements these in its service and re-exports
 * them here) and payouts (caller).
 *
 * createBeneficiaryInTx: validates a raw beneficiary object with every rule of spec 2.12 (the same
 * schema as POST /v1/beneficiaries; DomainErrors name fields under `fieldPrefix`, e.g.
 * "beneficiary.company_name") and inserts it in the caller's transaction.
 *
 * findActiveBeneficiary: the acting account's ACTIVE beneficiary with that id, locked FOR SHARE
 * until the caller's transaction ends (so it cannot be deleted under the payout), or undefined
 * (unknown, deleted, malformed id, or another tenant's all answer undefined).
 */
export type CreateBeneficiaryInTx = (tx: Tx, ctx: RequestContext, raw: unknown, opts?: { fieldPrefix?: string }) => Promise<Beneficiary>;
export type FindActiveBeneficiary = (tx: Tx, ctx: RequestContext, beneficiaryId: string) => Promise<Beneficiary | undefined>;

export { createBeneficiaryInTx } from './service';
export { findActiveBeneficiary } from './queries';
