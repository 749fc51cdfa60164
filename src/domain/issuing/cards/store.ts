import type Decimal from 'decimal.js';
import type { Database } from '../../../platform/db/client';
import type { DomainError } from '../../../platform/errors/domain-error';
import { STALE, type WriteSet } from '../../../platform/writes/write-set';

/**
 * The list's size and the account's issuing balances (what SHARE cards may spend) in one named
 * statement, so a page of cards with their holders costs three statements.
 */
const CARD_LIST_COUNT_AND_FUNDS = `SELECT
  (SELECT count(*)::int FROM cards WHERE account_id = $1 AND ($2::text IS NULL OR status = $2) AND ($3::uuid IS NULL OR cardholder_id = $3)) AS total,
  (SELECT jsonb_object_agg(currency, balance::text) FROM ledger_accounts WHERE account_id = $1 AND purpose = 'ISSUING_AVAILABLE') AS funds`;

export async function cardListCountAndFunds(
  db: Pick<Database, 'pool'>,
  accountId: string,
  status: string | null,
  cardholderId: string | null,
): Promise<{ total: number; funds: Record<string, string> | null } | undefined> {
  const { rows } = await db.pool.query<{ total: number; funds: Record<string, string> | null }>({
    name: 'card_list_count_and_funds',
    text: CARD_LIST_COUNT_AND_FUNDS,
    values: [accountId, status, cardholderId],
  });
  return rows[0];
}

// The card row's side of each money movement (funds.ts posts the ledger's side in the same set).
const amountArg = (d: Decimal) => d.toFixed(2);
/** The statement's amount `a` (its JSON argument), as the predicates below read it. */
const A = `(($1::jsonb)->>'a')::numeric`;

/**
 * The room on the card `c` for an amount `a`, as predicates: a SINGLE card holds the amount itself,
 * a SHARE card stays under its limit (a limit of zero or less is none). Written once: the
 * reservation below is guarded by them, and the authorization decision's rules
 * (transactions/decision.ts cardBalanceCovers, withinCardLimit) re-check them at commit, held to
 * their TypeScript form by test/issuing/transactions/decision-parity.test.ts.
 */
export const CARD_BALANCE_COVERS = `(c.mode_type <> 'SINGLE' OR c.available_balance >= ${A})`;
export const WITHIN_CARD_LIMIT = `(c.mode_type = 'SINGLE' OR c.card_limit <= 0 OR c.card_limit - c.consumed_amount - c.auth_held >= ${A})`;

/** The card row's side of an authorization's reservation, guarded: ACTIVE, and room on the card for the amount. */
export function requireReserveOnCard(writes: WriteSet, cardId: string, amount: Decimal, refusal: DomainError): void {
  writes.require(
    {
      sql: `UPDATE cards c SET auth_held = c.auth_held + ${A},
              available_balance = c.available_balance - CASE WHEN c.mode_type = 'SINGLE' THEN ${A} ELSE 0 END
            WHERE c.id = (($1::jsonb)->>'card_id')::uuid AND c.status = 'ACTIVE' AND ${CARD_BALANCE_COVERS} AND ${WITHIN_CARD_LIMIT}
            RETURNING jsonb_build_object('available_balance', c.available_balance::text, 'auth_held', c.auth_held::text)`,
      args: { card_id: cardId, a: amountArg(amount) },
    },
    refusal,
  );
}

/** The card row's side of a hold's release, guarded: no more than is held. */
export function requireReleaseOnCard(writes: WriteSet, cardId: string, amount: Decimal, refusal: DomainError): void {
  writes.require(
    {
      sql: `UPDATE cards SET auth_held = auth_held - (($1::jsonb)->>'a')::numeric,
              available_balance = available_balance + CASE WHEN mode_type = 'SINGLE' THEN (($1::jsonb)->>'a')::numeric ELSE 0 END
            WHERE id = (($1::jsonb)->>'card_id')::uuid AND auth_held >= (($1::jsonb)->>'a')::numeric RETURNING 'true'::jsonb`,
      args: { card_id: cardId, a: amountArg(amount) },
    },
    refusal,
  );
}

/** The card row's side of a clearing, guarded: the hold covers `held`, and a SINGLE card's balance the excess. */
export function requireClearingOnCard(writes: WriteSet, cardId: string, held: Decimal, cleared: Decimal, diff: Decimal, refusal: DomainError): void {
  writes.require(
    {
      sql: `UPDATE cards SET auth_held = auth_held - (($1::jsonb)->>'a')::numeric, consumed_amount = consumed_amount + (($1::jsonb)->>'b')::numeric,
              available_balance = available_balance + CASE WHEN mode_type = 'SINGLE' THEN (($1::jsonb)->>'c')::numeric ELSE 0 END
            WHERE id = (($1::jsonb)->>'card_id')::uuid AND auth_held >= (($1::jsonb)->>'a')::numeric AND (mode_type <> 'SINGLE' OR available_balance + (($1::jsonb)->>'c')::numeric >= 0)
            RETURNING 'true'::jsonb`,
      args: { card_id: cardId, a: amountArg(held), b: amountArg(cleared), c: amountArg(diff) },
    },
    refusal,
  );
}

/** The card row's side of a merchant's refund: consumed falls (never below 0), a SINGLE card's balance rises. */
export function addRefundOnCard(writes: WriteSet, cardId: string, amount: Decimal): void {
  writes.run({
    sql: `UPDATE cards SET consumed_amount = greatest(consumed_amount - (($1::jsonb)->>'a')::numeric, 0),
            available_balance = available_balance + CASE WHEN mode_type = 'SINGLE' THEN (($1::jsonb)->>'a')::numeric ELSE 0 END
          WHERE id = (($1::jsonb)->>'card_id')::uuid`,
    args: { card_id: cardId, a: amountArg(amount) },
  });
}

/** A claimed unsolicited refund onto a SINGLE card's balance, guarded on the card still not CANCELLED (STALE otherwise). */
export function requireUnsolicitedRefundOnCard(writes: WriteSet, cardId: string, amount: Decimal): void {
  writes.require(
    {
      sql: `UPDATE cards SET available_balance = available_balance + (($1::jsonb)->>'a')::numeric
              WHERE id = (($1::jsonb)->>'card_id')::uuid AND mode_type = 'SINGLE' AND status <> 'CANCELLED' RETURNING 'true'::jsonb`,
      args: { card_id: cardId, a: amountArg(amount) },
    },
    STALE,
  );
}

/** Money moved onto a SINGLE card's balance. */
export function addFundsOnCard(writes: WriteSet, cardId: string, amount: Decimal): void {
  writes.run({ sql: `UPDATE cards SET available_balance = available_balance + (($1::jsonb)->>'a')::numeric WHERE id = (($1::jsonb)->>'card_id')::uuid`, args: { card_id: cardId, a: amountArg(amount) } });
}

/** Money taken off a SINGLE card's balance, guarded on the balance covering it. */
export function requireDefundOnCard(writes: WriteSet, cardId: string, amount: Decimal, shortfall: DomainError): void {
  writes.require(
    {
      sql: `UPDATE cards SET available_balance = available_balance - (($1::jsonb)->>'a')::numeric WHERE id = (($1::jsonb)->>'card_id')::uuid AND available_balance >= (($1::jsonb)->>'a')::numeric RETURNING 'true'::jsonb`,
      args: { card_id: cardId, a: amountArg(amount) },
    },
    shortfall,
  );
}

/** The card CANCELLED with its balance emptied, guarded on it not cancelled already and its balance exactly `release` as read (STALE otherwise). */
export function requireCardCancel(writes: WriteSet, cardId: string, release: Decimal, reason: string | null, at: Date): void {
  writes.require(
    {
      sql: `UPDATE cards SET status = 'CANCELLED', update_reason = ($1::jsonb)->>'reason', updated_at = (($1::jsonb)->>'at')::timestamptz,
              available_balance = 0
            WHERE id = (($1::jsonb)->>'card_id')::uuid AND status <> 'CANCELLED' AND available_balance = (($1::jsonb)->>'a')::numeric
            RETURNING 'true'::jsonb`,
      args: { card_id: cardId, a: amountArg(release), reason, at: at.toISOString() },
    },
    STALE,
  );
}

/** The card ACTIVE and not past its expiry_at, its row locked FOR UPDATE until the set commits. */
export function requireCardActiveLocked(writes: WriteSet, cardId: string, at: Date, refusal: DomainError): void {
  writes.require(
    {
      sql: `SELECT 'true'::jsonb FROM cards WHERE id = (($1::jsonb)->>'card_id')::uuid AND status = 'ACTIVE'
              AND (expiry_at IS NULL OR expiry_at > (($1::jsonb)->>'at')::timestamptz) FOR UPDATE`,
      args: { card_id: cardId, at: at.toISOString() },
    },
    refusal,
  );
}

/** A card's limit raised to `limit` until `until`, the limit it had (`base`) kept to go back to (card-orders' elevation, under the card's lock). */
export function addCardLimitElevation(writes: WriteSet, cardId: string, base: Decimal, limit: Decimal, until: Date, at: Date): void {
  writes.run({
    sql: `UPDATE cards SET base_card_limit = (($1::jsonb)->>'base')::numeric, card_limit = (($1::jsonb)->>'limit')::numeric,
            limit_elevated_until = (($1::jsonb)->>'until')::timestamptz, updated_at = (($1::jsonb)->>'at')::timestamptz
          WHERE id = (($1::jsonb)->>'card_id')::uuid`,
    args: { card_id: cardId, base: base.toFixed(), limit: limit.toFixed(), until: until.toISOString(), at: at.toISOString() },
  });
}

/** An elevated limit back to the one kept (`base`), when its days have run out (under the card's lock). */
export function addCardLimitRestore(writes: WriteSet, cardId: string, base: Decimal, at: Date): void {
  writes.run({
    sql: `UPDATE cards SET card_limit = (($1::jsonb)->>'base')::numeric, base_card_limit = NULL, limit_elevated_until = NULL, updated_at = (($1::jsonb)->>'at')::timestamptz
          WHERE id = (($1::jsonb)->>'card_id')::uuid`,
    args: { card_id: cardId, base: base.toFixed(), at: at.toISOString() },
  });
}
