import DataLoader from 'dataloader';
import type { Account } from '../generated/prisma/client';
import type { Database } from '../db/client';
import type { RequestContext } from '../domain/context';
import { beneficiariesByIds, type BeneficiaryRecord } from '../domain/beneficiaries/queries';

/**
 * Per-request DataLoaders: nested fields load in batches, so a list of N items costs a constant
 * number of queries. Loaders never cross tenants: callers only ask for ids they reached through the
 * acting account.
 */
export interface Loaders {
  accountById: DataLoader<string, Account | null>;
  /** Scoped to the acting account: another tenant's id loads as null. */
  beneficiaryById: DataLoader<string, BeneficiaryRecord | null>;
}

export function createLoaders(db: Database, auth: () => Promise<RequestContext>): Loaders {
  return {
    beneficiaryById: new DataLoader(async (ids: readonly string[]) => {
      const found = await beneficiariesByIds(await auth(), ids);
      return ids.map((id) => found.get(id) ?? null);
    }),
    accountById: new DataLoader(async (ids: readonly string[]) => {
      const rows = await db.prisma.account.findMany({ where: { id: { in: [...ids] } } });
      const byId = new Map(rows.map((r) => [r.id, r]));
      return ids.map((id) => byId.get(id) ?? null);
    }),
  };
}
