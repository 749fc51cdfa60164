import type Decimal from 'decimal.js';
import type { Card, CardTransaction, Prisma } from '../../../generated/prisma/client';
import type { RequestContext } from '../../../platform/context';
import { readRows } from '../../../platform/db/reads';
import { isUuid } from '../../../platform/ids/ids';
import { money } from '../../../platform/money/amount';
import type { ListPage } from '../../../platform/pagination/page-reader';
import { STALE, type Statement, type WriteSet } from '../../../platform/writes/write-set';
import type { EnabledEndpoint } from '../auth-decisions/contract';
import { TIMEOUT_STRATEGIES, type TimeoutStrategy } from '../auth-decisions/rules';
import type { RiskControls, SpendingControl } from '../cards/rules';
import { CARD_RULES, cardExpiredAt, intervalStart, issuingBalanceCovers, spendingLimits, type AuthorizationFacts } from './decision';
import type { cardTransactionFilter } from './rules';

/**
 * Every statement of the card transactions area: the authorization's one read, the guards and locks
 * of its write set, the follow-ups' guarded updates, the claim of an unsolicited refund, and the
 * reads of transactions and cards. The rules the guards re-check are decision.ts's.
 */

const arg = (name: string, type: string) => `(($1::jsonb)->>'${name}')::${type}`;

/** The starts (UTC) of the intervals a spending control counts over, at `now`. */
const intervalStarts = (now: Date) => ({
  DAILY: intervalStart('DAILY', now)!,
  WEEKLY: intervalStart('WEEKLY', now)!,
  MONTHLY: intervalStart('MONTHLY', now)!,
});

/**
 * Net approved authorizations per interval of card `c` (each authorization's billing amount less
 * what was reversed of it, by its transaction_time: DAILY, WEEKLY and MONTHLY from the starts given,
 * ALL_TIME), and `open`, how many have an amount not reversed: the one definition the read's facts
 * and the approval's guard both count. Counted only for a card with spending controls or a ONE_TIME
 * card; null otherwise (nothing scanned).
 */
const spentByInterval = (daily: string, weekly: string, monthly: string): string => `CASE WHEN jsonb_array_length(c.spending_controls) > 0 OR c.usage_type = 'ONE_TIME' THEN
    (SELECT jsonb_build_object(
       'DAILY', coalesce(sum(t.billing_amount - t.reversed_amount) FILTER (WHERE t.transaction_time >= ${daily}), 0)::text,
       'WEEKLY', coalesce(sum(t.billing_amount - t.reversed_amount) FILTER (WHERE t.transaction_time >= ${weekly}), 0)::text,
       'MONTHLY', coalesce(sum(t.billing_amount - t.reversed_amount) FILTER (WHERE t.transaction_time >= ${monthly}), 0)::text,
       'ALL_TIME', coalesce(sum(t.billing_amount - t.reversed_amount), 0)::text,
       'open', count(*) FILTER (WHERE t.billing_amount > t.reversed_amount)::text)
     FROM card_transactions t WHERE t.card_id = c.id AND t.transaction_type = 'AUTHORIZATION' AND t.transaction_status = 'APPROVED') END`;

/** The card as an authorization reads it, with its funds and what it has spent. */
export interface AuthorizingCard extends AuthorizationFacts {
  id: string;
  accountId: string;
  cardholderId: string;
  maskedPan: string;
  cardCurrency: string;
  autoCancelTrigger: string | null;
  /** The account's enabled authorization decision endpoint, if any (src/domain/issuing/auth-decisions). */
  decisionEndpoint: EnabledEndpoint | null;
  /** The action code the network answers the card's authorizations with, when enrolled in its protection. */
  networkActionCode: string | null;
}

/** A row of READ_CARD. */
export interface AuthorizingCardRow {
  id: string;
  account_id: string;
  cardholder_id: string;
  masked_pan: string;
  mode_type: string;
  card_currency: string;
  status: string;
  usage_type: string;
  auto_cancel_trigger: string | null;
  card_limit: string;
  consumed_amount: string;
  auth_held: string;
  available_balance: string;
  spending_controls: SpendingControl[];
  risk_controls: RiskControls;
  expired: boolean;
  issuing_available: string | null;
  spent: Record<string, string> | null;
  auth_decision: { url: string; public_key: string; timeout_strategy: string } | null;
  network_protection_action_code: string | null;
}

/**
 * The one statement an authorization reads (the latency-critical path): the card, the issuing
 * balance of a SHARE card, the account's enabled decision endpoint (auth_decision_configs, by primary
 * key), and, only for a card with spending controls or a ONE_TIME card, its net approved
 * authorizations per interval. Everything the decision rests on is guarded again in the write set
 * (approvalGuards), so this read takes no lock. $1 card, $2 acting account, $3 now, $4-$6 the
 * DAILY, WEEKLY and MONTHLY starts.
 */
export const READ_CARD = `
SELECT c.id, c.account_id, c.cardholder_id, c.masked_pan, c.mode_type, c.card_currency, c.status, c.usage_type, c.auto_cancel_trigger,
  c.card_limit::text, c.consumed_amount::text, c.auth_held::text, c.available_balance::text, c.spending_controls, c.risk_controls,
  c.network_protection_action_code,
  ${cardExpiredAt('$3')} AS expired,
  CASE WHEN c.mode_type <> 'SINGLE' THEN
    (SELECT l.balance::text FROM ledger_accounts l WHERE l.account_id = c.account_id AND l.currency = c.card_currency AND l.purpose = 'ISSUING_AVAILABLE') END AS issuing_available,
  ${spentByInterval('$4', '$5', '$6')} AS spent,
  (SELECT jsonb_build_object('url', d.url, 'public_key', d.public_key, 'timeout_strategy', d.timeout_strategy)
     FROM auth_decision_configs d WHERE d.account_id = c.account_id AND d.enabled) AS auth_decision
FROM cards c WHERE c.id = $1 AND c.account_id = $2`;

/** READ_CARD's values for a card of the acting account at `now`. */
export function readCardValues(cardId: string, accountId: string, now: Date): unknown[] {
  const starts = intervalStarts(now);
  return [cardId, accountId, now, starts.DAILY, starts.WEEKLY, starts.MONTHLY];
}

export function toAuthorizingCard(r: AuthorizingCardRow): AuthorizingCard {
  const { open, ...spent } = r.spent ?? {};
  return {
    id: r.id,
    accountId: r.account_id,
    cardholderId: r.cardholder_id,
    maskedPan: r.masked_pan,
    cardCurrency: r.card_currency,
    autoCancelTrigger: r.auto_cancel_trigger,
    status: r.status,
    usageType: r.usage_type,
    oneTimeUsed: Number(open ?? '0') > 0,
    modeType: r.mode_type,
    cardLimit: r.card_limit,
    consumed: r.consumed_amount,
    authHeld: r.auth_held,
    cardBalance: r.available_balance,
    issuingAvailable: r.issuing_available ?? '0',
    spendingControls: r.spending_controls,
    riskControls: r.risk_controls,
    spent,
    expired: r.expired,
    decisionEndpoint: r.auth_decision && TIMEOUT_STRATEGIES.includes(r.auth_decision.timeout_strategy as TimeoutStrategy)
      ? { url: r.auth_decision.url, publicKey: r.auth_decision.public_key, timeoutStrategy: r.auth_decision.timeout_strategy as TimeoutStrategy }
      : null,
    networkActionCode: r.network_protection_action_code,
  };
}

export async function readAuthorizingCard(ctx: RequestContext, cardId: string, now: Date): Promise<AuthorizingCard | null> {
  if (!isUuid(cardId)) return null;
  const [row] = await readRows<AuthorizingCardRow>(ctx, { name: 'card_authorization_read', text: READ_CARD, values: readCardValues(cardId, ctx.acting.id, now) });
  return row ? toAuthorizingCard(row) : null;
}

const LOCK_CARD = `SELECT 'true'::jsonb FROM cards WHERE id = (($1::jsonb)->>'card_id')::uuid FOR UPDATE`;

/** decision.ts's card rules, re-checked on the locked card row with its spend counted afresh. */
export const CARD_GUARD = `SELECT 'true'::jsonb FROM cards c
  CROSS JOIN LATERAL (SELECT ${spentByInterval(arg('DAILY', 'timestamptz'), arg('WEEKLY', 'timestamptz'), arg('MONTHLY', 'timestamptz'))} AS spent) s
  WHERE c.id = (($1::jsonb)->>'card_id')::uuid
    AND ${CARD_RULES.map((r) => r.guard).join('\n    AND ')}`;

/** The rules whose guard reads no spend (`s.spent`): all a card without spending controls that is not ONE_TIME needs. */
export const RULES_WITHOUT_SPEND = CARD_RULES.filter((r) => !r.guard.includes('s.spent'));

/**
 * The same guard for a card without spending controls that is not ONE_TIME, where the spend rules
 * hold whatever was spent: the rules that read no spend, and no spend counted. Each write-set
 * statement is planned where it runs, so the shorter text is what keeps the hottest card path's
 * planning as cheap as before the rules were written once.
 */
export const CARD_GUARD_WITHOUT_SPEND = `SELECT 'true'::jsonb FROM cards c
  WHERE c.id = (($1::jsonb)->>'card_id')::uuid
    AND ${RULES_WITHOUT_SPEND.map((r) => r.guard).join('\n    AND ')}`;

/** Whether the card's spend is counted at all (spentByInterval's own condition, as the read found it). */
const countsSpend = (card: AuthorizingCard): boolean => card.spendingControls.length > 0 || card.usageType === 'ONE_TIME';

/** decision.ts's issuingBalanceCovers on the issuing balance's ledger row, which it locks. */
export const ISSUING_GUARD = `SELECT 'true'::jsonb FROM ledger_accounts l WHERE l.account_id = (($1::jsonb)->>'account_id')::uuid AND l.currency = ($1::jsonb)->>'currency'
  AND l.purpose = 'ISSUING_AVAILABLE' AND ${issuingBalanceCovers.guard} FOR UPDATE`;

export interface ApprovalGuards {
  lock: Statement;
  card: Statement;
  /** A SHARE card's issuing balance; null for a SINGLE card. */
  issuing: Statement | null;
}

/**
 * The statements an approval rests on, for `amount` on `card` as read at `now`. The card row is
 * locked first, in a statement of its own, so that the guard after it counts the spend in a
 * snapshot taken under the lock; then the issuing balance's ledger row (locks: card, then ledger).
 */
export function approvalGuards(card: AuthorizingCard, amount: Decimal, now: Date): ApprovalGuards {
  const a = amount.toFixed(2);
  const starts = intervalStarts(now);
  return {
    lock: { sql: LOCK_CARD, args: { card_id: card.id } },
    card: countsSpend(card)
      ? {
          sql: CARD_GUARD,
          args: {
            card_id: card.id,
            a,
            now: now.toISOString(),
            limits: spendingLimits(card.spendingControls),
            DAILY: starts.DAILY.toISOString(),
            WEEKLY: starts.WEEKLY.toISOString(),
            MONTHLY: starts.MONTHLY.toISOString(),
          },
        }
      : { sql: CARD_GUARD_WITHOUT_SPEND, args: { card_id: card.id, a, now: now.toISOString() } },
    issuing: card.modeType === 'SINGLE' ? null : { sql: ISSUING_GUARD, args: { account_id: card.accountId, currency: card.cardCurrency, a }, readsBalances: true },
  };
}

/**
 * Adds the approval's guards to its write set. A guard that fails means a concurrent request took
 * the room (or changed the card): the request is prepared again from a fresh read, which then
 * declines it with its reason.
 */
export function addApprovalGuards(writes: WriteSet, card: AuthorizingCard, amount: Decimal, now: Date): void {
  const guards = approvalGuards(card, amount, now);
  writes.run(guards.lock);
  writes.require(guards.card, STALE);
  if (guards.issuing) writes.require(guards.issuing, STALE);
}

/** One of the acting account's card transactions. */
export async function findOwnTransaction(ctx: RequestContext, id: string): Promise<CardTransaction | null> {
  return isUuid(id) ? ctx.db.prisma.cardTransaction.findFirst({ where: { id, accountId: ctx.acting.id } }) : null;
}

/** The acting account's transactions with these (well-formed) ids. */
export async function findOwnTransactions(ctx: RequestContext, ids: readonly string[]): Promise<CardTransaction[]> {
  return ctx.db.prisma.cardTransaction.findMany({ where: { id: { in: [...ids] }, accountId: ctx.acting.id } });
}

/** One of the acting account's cards. */
export async function findOwnCard(ctx: RequestContext, id: string): Promise<Card | null> {
  return isUuid(id) ? ctx.db.prisma.card.findFirst({ where: { id, accountId: ctx.acting.id } }) : null;
}

/** Whether the acting account has the card. */
export async function ownsCard(ctx: RequestContext, id: string): Promise<boolean> {
  return isUuid(id) && (await ctx.db.prisma.card.findFirst({ where: { id, accountId: ctx.acting.id }, select: { id: true } })) !== null;
}

/** The card of a transaction already found (and so of the acting account). */
export async function findCard(ctx: RequestContext, id: string): Promise<Card | null> {
  return ctx.db.prisma.card.findUnique({ where: { id } });
}

/** The account's issuing balance in the card's currency, as last committed. */
export async function issuingAvailable(ctx: RequestContext, c: Pick<Card, 'accountId' | 'cardCurrency'>): Promise<Decimal> {
  const l = await ctx.db.prisma.ledgerAccount.findUnique({ where: { accountId_currency_purpose: { accountId: c.accountId, currency: c.cardCurrency, purpose: 'ISSUING_AVAILABLE' } } });
  return money(l?.balance ?? 0);
}

type Filter = ReturnType<typeof cardTransactionFilter.parse>;

/** A window of the acting account's card transactions in the list's order (newest first), and their count. */
export async function listTransactions(ctx: RequestContext, filter: Filter, page: ListPage): Promise<{ rows: CardTransaction[]; totalCount: number }> {
  const time = {
    ...(filter.startTime ? { gte: new Date(filter.startTime) } : {}),
    ...(filter.endTime ? { lte: new Date(filter.endTime) } : {}),
  };
  const where: Prisma.CardTransactionWhereInput = {
    accountId: ctx.acting.id,
    ...(filter.cardId ? { cardId: filter.cardId } : {}),
    ...(filter.startTime || filter.endTime ? { transactionTime: time } : {}),
  };
  const [rows, totalCount] = await Promise.all([
    ctx.db.prisma.cardTransaction.findMany(page.prisma(where)),
    ctx.db.prisma.cardTransaction.count({ where }),
  ]);
  return { rows, totalCount };
}

/**
 * Changes an authorization row's amounts, guarded on what the preparation read: a concurrent
 * reversal, clearing or refund of the same authorization makes it match no row, and the request is
 * prepared again from a fresh read (STALE), so a reversal racing a clearing never releases what was
 * cleared. The authorization row is locked first, before the card row (cards/funds.ts).
 */
const authorizationUpdate = (set: string, guard: string) =>
  `UPDATE card_transactions SET ${set} WHERE id = (($1::jsonb)->>'id')::uuid AND ${guard} RETURNING 'true'::jsonb`;

const REVERSE_HOLD = authorizationUpdate(
  `held_amount = held_amount - (($1::jsonb)->>'a')::numeric, reversed_amount = reversed_amount + (($1::jsonb)->>'a')::numeric`,
  `held_amount = (($1::jsonb)->>'held')::numeric`,
);
const CLEAR_HOLD = authorizationUpdate(
  `held_amount = 0, cleared_amount = cleared_amount + (($1::jsonb)->>'c')::numeric, posted_time = (($1::jsonb)->>'at')::timestamptz`,
  `held_amount = (($1::jsonb)->>'held')::numeric`,
);
const ADD_REFUNDED = authorizationUpdate(`refunded_amount = refunded_amount + (($1::jsonb)->>'a')::numeric`, `refunded_amount = (($1::jsonb)->>'was')::numeric`);

/** A reversal of `amount` of the authorization's hold, `held` as read. */
export function reverseHold(writes: WriteSet, authId: string, amount: Decimal, held: Decimal): void {
  writes.require({ sql: REVERSE_HOLD, args: { id: authId, a: amount.toFixed(2), held: held.toFixed(2) } }, STALE);
}

/** The clearing of the authorization's whole hold (`held` as read) for `cleared`. */
export function clearHold(writes: WriteSet, authId: string, cleared: Decimal, held: Decimal, at: Date): void {
  writes.require({ sql: CLEAR_HOLD, args: { id: authId, c: cleared.toFixed(2), held: held.toFixed(2), at: at.toISOString() } }, STALE);
}

/** A refund of `amount` of what the authorization cleared, `was` refunded as read. */
export function addRefunded(writes: WriteSet, authId: string, amount: Decimal, was: Decimal): void {
  writes.require({ sql: ADD_REFUNDED, args: { id: authId, a: amount.toFixed(2), was: was.toFixed(2) } }, STALE);
}

const CLAIM_REFUND = `UPDATE card_transactions SET transaction_status = 'APPROVED', held_amount = 0, posted_time = (($1::jsonb)->>'at')::timestamptz,
    card_available_balance = (($1::jsonb)->>'available')::numeric, description = ($1::jsonb)->>'description'
  WHERE id = (($1::jsonb)->>'id')::uuid AND transaction_status = 'PENDING' RETURNING 'true'::jsonb`;

/** The claim of a PENDING unsolicited refund, guarded on its status: of two concurrent claims one commits, the other is prepared again. */
export function claimRefund(writes: WriteSet, claimed: Pick<CardTransaction, 'id' | 'postedTime' | 'cardAvailableBalance' | 'description'>): void {
  writes.require(
    {
      sql: CLAIM_REFUND,
      args: { id: claimed.id, at: claimed.postedTime!.toISOString(), available: claimed.cardAvailableBalance.toFixed(2), description: claimed.description },
    },
    STALE,
  );
}
