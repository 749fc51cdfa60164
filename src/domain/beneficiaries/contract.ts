import type { Beneficiary } from '../../generated/prisma/client';
import type { Tx } from '../../db/tx';
import type { RequestContext } from '../context';
import type { ParseOptions } from '../validation/validate';

/**
 * CONTRACT between the beneficiaries area (owner: implements these in its service and re-exports
 * them here) and payouts (caller). Both work inside the caller's transaction and answer the stored
 * beneficiary, which the payout rules read (payment method, bank details).
 *
 * createBeneficiaryInTx: validates a raw beneficiary object with every rule of spec 2.12 (the same
 * schema as POST /v1/beneficiaries, parsed with `parseInput`; with `at: 'beneficiary'` its
 * DomainErrors name fields as "beneficiary.company_name") and inserts it.
 *
 * findActiveBeneficiary: the acting account's ACTIVE beneficiary with that id, locked FOR SHARE
 * until the caller's transaction ends (so it cannot be deleted under the payout), or undefined
 * (unknown, deleted, malformed id, or another tenant's all answer undefined).
 */
export type CreateBeneficiaryInTx = (tx: Tx, ctx: RequestContext, raw: unknown, opts?: ParseOptions) => Promise<Beneficiary>;
export type FindActiveBeneficiary = (tx: Tx, ctx: RequestContext, beneficiaryId: string) => Promise<Beneficiary | undefined>;

export { createBeneficiaryInTx } from './service';
export { findActiveBeneficiary } from './queries';
