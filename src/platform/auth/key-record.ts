import type { Database } from '../db/client';
import type { ServiceDatabase } from '../context';

/** An API key with everything a token exchange or an authenticated call needs, read in one statement. */
export interface KeyRecord {
  id: string;
  accountId: string;
  clientId: string;
  apiKeyHash: string;
  status: string;
  expiresAt: Date | null;
  allowedIps: string[];
  permissions: string[];
  shortReferenceId: string;
  parentId: string | null;
  accountStatus: string;
  verificationStatus: string;
  businessTypes: string[];
  accountCreatedAt: Date;
  isSandbox: boolean;
  /** null when the entity has no access profile ("Entity config not exist"). */
  apiVersion: string | null;
  /** The test clock of the entity's tree, when one is set. */
  treeFrozenTime: Date | null;
}

/**
 * The record of `clientId` through this process's cache (key-cache.ts): what authentication and the
 * token exchange read on every call.
 */
export function lookUpKeyRecord(db: ServiceDatabase, clientId: string): Promise<KeyRecord | undefined> {
  return db.keyRecords.lookUp(clientId, () => findKeyRecord(db, clientId));
}

/**
 * What a writer of api_keys, accounts, access_profiles or test_clocks calls once its change has
 * COMMITTED: this process's next look-up then reads the change (other processes hear of it through
 * the tables' payrail_auth notification). Called before the commit, a look-up between the call and
 * the commit could keep the old answer.
 */
export function keyRecordsChanged(db: ServiceDatabase): void {
  db.keyRecords.invalidate();
}

/**
 * One joined query instead of Prisma's one-per-relation includes: this runs on every look-up the
 * cache cannot answer, so it is the first place framework overhead shows (npm run bench, token
 * exchange and every call). The tables it reads are the ones migration 20261127010000 watches.
 */
export async function findKeyRecord(db: Database, clientId: string): Promise<KeyRecord | undefined> {
  // A named (prepared) statement on the pool: planned once per connection, no ORM layer in between.
  const { rows } = await db.pool.query<KeyRecord>({ name: 'find_key_record', text: FIND_KEY_RECORD, values: [clientId] });
  return rows[0];
}

const FIND_KEY_RECORD = `
    SELECT k.id, k.account_id AS "accountId", k.client_id AS "clientId", k.api_key_hash AS "apiKeyHash", k.status,
           k.expires_at AS "expiresAt", k.allowed_ips AS "allowedIps", k.permissions,
           a.short_reference_id AS "shortReferenceId", a.parent_id AS "parentId", a.status AS "accountStatus", a.verification_status AS "verificationStatus",
           a.business_types AS "businessTypes", a.created_at AS "accountCreatedAt", a.is_sandbox AS "isSandbox",
           p.api_version AS "apiVersion", c.frozen_time AS "treeFrozenTime"
    FROM api_keys k
    JOIN accounts a ON a.id = k.account_id
    LEFT JOIN access_profiles p ON p.account_id = a.id
    LEFT JOIN test_clocks c ON c.root_account_id = coalesce(a.parent_id, a.id)
    WHERE k.client_id = $1`;
