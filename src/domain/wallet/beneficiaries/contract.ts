import type { Beneficiary } from '../../../generated/prisma/client';
import type { Tx } from '../../../platform/db/tx';
import type { RequestContext } from '../../../platform/context';
import type { ParseOptions } from '../../../platform/validation/validate';
import type { WriteSet } from '../../../platform/writes/write-set';

/**
 * CONTRACT between the beneficiaries area (owner: implements these in its service and re-exports
 * them here) and payouts (caller). Both work inside the caller's transaction and answer the stored
 * beneficiary, which the payout rules read (payment method, bank details).
 *
 * createBeneficiaryInTx: validates a raw beneficiary object with every rule of spec 2.12 (the same
 * schema as POST /v1/beneficiaries, parsed with `parseInput`; with `at: 'beneficiary'` its
 * DomainErrors name fields as "beneficiary.company_name") and inserts it.
 *
 * holdActiveBeneficiary: the acting account's ACTIVE beneficiary with that id, held by the
 * caller's write set — locked FOR SHARE until it commits and required unchanged since the read
 * (so it cannot be deleted under the payout) — or undefined (unknown, deleted, malformed id, or
 * another tenant's all answer undefined).
 */
export type CreateBeneficiaryInTx = (tx: Tx, ctx: RequestContext, raw: unknown, opts?: ParseOptions) => Promise<Beneficiary>;
export type HoldActiveBeneficiary = (ctx: RequestContext, beneficiaryId: string, writes: WriteSet) => Promise<Beneficiary | undefined>;

export { createBeneficiaryInTx } from './service';
export { holdActiveBeneficiary } from './queries';
