import type Decimal from 'decimal.js';
import { money } from '../../../platform/money/amount';
import { SPENDING_INTERVALS, type RiskControls, type SpendingControl } from '../cards/rules';
import { CARD_BALANCE_COVERS, WITHIN_CARD_LIMIT } from '../cards/store';
import type { FailureReason } from './rules';

/**
 * The authorization decision. Each rule that another request can break between the read and the
 * commit (the card's status, a ONE_TIME card's use, what an interval has spent, the room on the card
 * and the issuing balance) is written here twice, side by side: `holds`, on the facts the read found,
 * answers the request; `guard`, the same rule as a predicate, re-checks it under the card's lock in
 * the write set (store.ts approvalGuards). They are one rule: test/issuing/transactions/decision-parity.test.ts
 * evaluates each guard in PostgreSQL beside `holds` on the same rows, at every boundary.
 *
 * A card guard is a predicate over the card row `c` (locked), its spend `s.spent` (store.ts
 * SPENT_BY_INTERVAL: the one definition the read counts too) and the statement's argument: `a`
 * (the billing amount), `now`, `limits` (spendingLimits). The issuing balance's guard is over its
 * ledger row `l` and `a`.
 */

/** The start (UTC) of the interval a spending control counts over, at `now`. */
export function intervalStart(interval: SpendingControl['interval'], now: Date): Date | null {
  const y = now.getUTCFullYear();
  const m = now.getUTCMonth();
  const d = now.getUTCDate();
  switch (interval) {
    case 'PER_TRANSACTION':
      return null;
    case 'DAILY':
      return new Date(Date.UTC(y, m, d));
    case 'WEEKLY':
      // Weeks start on Monday (ISO 8601).
      return new Date(Date.UTC(y, m, d - ((now.getUTCDay() + 6) % 7)));
    case 'MONTHLY':
      return new Date(Date.UTC(y, m, 1));
    case 'ALL_TIME':
      return new Date(0);
  }
}

/** What the read of a card found, as the decision needs it (amounts in the card's currency). */
export interface AuthorizationFacts {
  status: string;
  usageType: string;
  /** A ONE_TIME card already has an approved authorization not fully reversed. */
  oneTimeUsed: boolean;
  modeType: string;
  cardLimit: string;
  consumed: string;
  authHeld: string;
  /** SINGLE: the prepaid balance on the card. */
  cardBalance: string;
  /** SHARE: the account's issuing balance in the card's currency. */
  issuingAvailable: string;
  spendingControls: SpendingControl[];
  riskControls: RiskControls;
  /** Net approved authorizations per interval (DAILY, WEEKLY, MONTHLY, ALL_TIME). */
  spent: Partial<Record<SpendingControl['interval'], string>>;
  expired: boolean;
}

export interface AuthorizationAsk {
  forced: boolean;
  /** null when the transaction currency cannot be converted into the card's. */
  billing: string | null;
  mcc: string;
  threeDs: boolean;
}

/** A rule on the card's state alone. */
export interface StateRule {
  reason: FailureReason;
  holds(f: AuthorizationFacts): boolean;
  guard: string;
}

/** A rule on the amount asked for. */
export interface AmountRule {
  reason: FailureReason;
  holds(f: AuthorizationFacts, amount: Decimal): boolean;
  guard: string;
}

const arg = (name: string, type: string) => `(($1::jsonb)->>'${name}')::${type}`;
const A = arg('a', 'numeric');

/** The card has expired at `now` (an SQL expression): the read's fact and the guard's check. */
export const cardExpiredAt = (now: string): string => `coalesce(c.expiry_at <= ${now}, false)`;

export const cardActive: StateRule = {
  reason: 'CARD_NOT_ACTIVE',
  holds: (f) => f.status === 'ACTIVE' && !f.expired,
  guard: `c.status = 'ACTIVE' AND NOT ${cardExpiredAt(arg('now', 'timestamptz'))}`,
};

export const oneTimeUnused: StateRule = {
  reason: 'ONE_TIME_CARD_USED',
  holds: (f) => f.usageType !== 'ONE_TIME' || !f.oneTimeUsed,
  guard: `(c.usage_type <> 'ONE_TIME' OR coalesce((s.spent->>'open')::numeric, 0) = 0)`,
};

/** What each interval may still take at most: its control's amount (the lowest, were one named twice). */
export function spendingLimits(controls: readonly SpendingControl[]): Partial<Record<SpendingControl['interval'], string>> {
  const limits: Partial<Record<SpendingControl['interval'], string>> = {};
  for (const c of controls) {
    const was = limits[c.interval];
    if (was === undefined || money(c.amount).lt(was)) limits[c.interval] = money(c.amount).toFixed();
  }
  return limits;
}

const spentIn = (f: AuthorizationFacts, interval: SpendingControl['interval']): Decimal =>
  interval === 'PER_TRANSACTION' ? money(0) : money(f.spent[interval] ?? '0');

export const withinSpendingControls: AmountRule = {
  reason: 'SPENDING_CONTROL_EXCEEDED',
  holds: (f, amount) => f.spendingControls.every((c) => spentIn(f, c.interval).plus(amount).lte(money(c.amount))),
  guard: SPENDING_INTERVALS.map((i) => {
    const spent = i === 'PER_TRANSACTION' ? '0' : `coalesce((s.spent->>'${i}')::numeric, 0)`;
    return `coalesce(${spent} + ${A} <= (($1::jsonb)->'limits'->>'${i}')::numeric, true)`;
  }).join(' AND '),
};

export const cardBalanceCovers: AmountRule = {
  reason: 'INSUFFICIENT_FUNDS',
  holds: (f, amount) => f.modeType !== 'SINGLE' || money(f.cardBalance).gte(amount),
  guard: CARD_BALANCE_COVERS,
};

export const withinCardLimit: AmountRule = {
  reason: 'CARD_LIMIT_EXCEEDED',
  holds: (f, amount) => f.modeType === 'SINGLE' || !money(f.cardLimit).gt(0) || money(f.cardLimit).minus(f.consumed).minus(f.authHeld).gte(amount),
  guard: WITHIN_CARD_LIMIT,
};

/** A SHARE card spends the issuing balance; its guard runs only for such a card (a SINGLE one has its own money). */
export const issuingBalanceCovers: AmountRule = {
  reason: 'INSUFFICIENT_FUNDS',
  holds: (f, amount) => f.modeType === 'SINGLE' || money(f.issuingAvailable).gte(amount),
  guard: `l.balance >= ${A}`,
};

/** The rules the card guard re-checks, in the decision's order. */
export const CARD_RULES: readonly (StateRule | AmountRule)[] = [cardActive, oneTimeUnused, withinSpendingControls, cardBalanceCovers, withinCardLimit];

const STATE_RULES = [cardActive, oneTimeUnused] as const;
const ROOM_RULES = [cardBalanceCovers, withinCardLimit, issuingBalanceCovers] as const;

/**
 * The authorization decision, in this order (docs/issuing.md "Card authorizations and transactions"): the request's own
 * DECLINED, card status, ONE_TIME, currency, spending controls, MCC lists, 3DS, then room (card
 * limit, prepaid balance, issuing balance). Answers null to approve.
 */
export function decideAuthorization(f: AuthorizationFacts, a: AuthorizationAsk): FailureReason | null {
  if (a.forced) return 'DECLINED_BY_REQUEST';
  for (const rule of STATE_RULES) if (!rule.holds(f)) return rule.reason;
  if (a.billing === null) return 'CURRENCY_NOT_SUPPORTED';
  const amount = money(a.billing);
  if (!withinSpendingControls.holds(f, amount)) return withinSpendingControls.reason;
  const allowed = f.riskControls.allowed_mcc;
  if (allowed && !allowed.includes(a.mcc)) return 'MCC_NOT_ALLOWED';
  if ((f.riskControls.blocked_mcc ?? []).includes(a.mcc)) return 'MCC_BLOCKED';
  if (a.threeDs && (f.riskControls.enable_3ds === 'N' || f.riskControls.allow_3ds_transactions === 'N')) return 'THREE_DS_NOT_ALLOWED';
  for (const rule of ROOM_RULES) if (!rule.holds(f, amount)) return rule.reason;
  return null;
}
