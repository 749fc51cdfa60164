import type { Database } from './db/client';
import type { Tx } from './db/tx';
import type { KeyRecordCache } from './auth/key-cache';
import type { Clock } from './clock/clock';
import type { Commit, UnitOfWork } from './writes/commit';

/**
 * The database as the services reach it: the platform's handle with the process's API-key look-up
 * cache (auth/key-cache.ts) attached, one per handle (src/database.ts builds it).
 */
export interface ServiceDatabase extends Database {
  keyRecords: KeyRecordCache;
}

/** What every domain service needs from the process: the database and the clock. */
export interface ServiceDeps {
  db: ServiceDatabase;
  clock: Clock;
}

/** The authenticated caller: an API key of an entity (spec 5). */
export interface Principal {
  /** The entity the token was issued to (claims.entity_id). */
  accountId: string;
  accountCreatedAt: Date;
  parentAccountId: string | null;
  clientId: string;
  apiKeyId: string;
  permissions: readonly string[];
  tokenId: string;
  /** When the token presented expires (its exp claim): a live subscription closes then. */
  tokenExpiresAt: Date;
  /**
   * The frozen time of the caller's sandbox tree (null: real clock). The acting account is always in
   * the caller's tree (itself or one of its sub-accounts), so this is its clock too.
   */
  treeFrozenTime: Date | null;
  /** The entity itself, as the acting account when no x-on-behalf-of is sent. */
  self: ActingAccount;
}

/** The account whose data a request reads and writes: the caller, or a sub-account it acts for. */
export interface ActingAccount {
  id: string;
  shortReferenceId: string;
  parentId: string | null;
  createdAt: Date;
  isSandbox: boolean;
  /** Spec 3.1 verification_status: only an APPROVED account moves money (accounts/verification.ts). */
  verificationStatus: string;
  /** Spec 3.1 status, read when the call began: what it may do is accounts/status-policy.ts. */
  status: string;
}

/**
 * Built once per request by a door (REST route or GraphQL resolver) and passed to domain services.
 * Every query of every area is scoped by `acting.id`.
 */
export interface RequestContext extends ServiceDeps {
  /**
   * The acting account's time: its sandbox tree's test clock when one is set, else `processClock`.
   * Domain timestamps, due dates and validity windows use it.
   */
  clock: Clock;
  /** Real time: token expiry, idempotency windows, operational timestamps. */
  processClock: Clock;
  requestId: string;
  principal: Principal;
  acting: ActingAccount;
  /** Present when a caller opened the transaction the service must join. */
  tx?: Tx;
  /** Present inside the idempotency layer: the service's writes commit with the stored answer. */
  unit?: UnitOfWork;
  /**
   * The one way a service commits what it changes (writes/commit.ts): prepared (guarded, group
   * commit) or locking (in the request's transaction). Either joins the idempotency unit or the
   * caller's transaction when the request has one.
   */
  commit: Commit;
}
