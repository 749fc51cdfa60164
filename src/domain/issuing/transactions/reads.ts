import Decimal from 'decimal.js';
import type { RequestContext } from '../../../platform/context';
import type { RiskControls, SpendingControl } from '../cards/rules';
import { midRatePerUsd } from '../../wallet/fx/rates';
import type { EnabledEndpoint } from '../auth-decisions/contract';
import { TIMEOUT_STRATEGIES, type TimeoutStrategy } from '../auth-decisions/rules';
import { isUuid } from '../../../platform/ids/ids';
import { money } from '../../../platform/money/amount';
import { intervalStart, type AuthorizationFacts } from './rules';

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

interface Row {
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
 * authorizations per interval. Everything the decision rests on is guarded again in the
 * write set (authorize.ts), so this read takes no lock.
 */
export const READ_CARD = `
SELECT c.id, c.account_id, c.cardholder_id, c.masked_pan, c.mode_type, c.card_currency, c.status, c.usage_type, c.auto_cancel_trigger,
  c.card_limit::text, c.consumed_amount::text, c.auth_held::text, c.available_balance::text, c.spending_controls, c.risk_controls,
  c.network_protection_action_code,
  coalesce(c.expiry_at <= $3, false) AS expired,
  CASE WHEN c.mode_type <> 'SINGLE' THEN
    (SELECT l.balance::text FROM ledger_accounts l WHERE l.account_id = c.account_id AND l.currency = c.card_currency AND l.purpose = 'ISSUING_AVAILABLE') END AS issuing_available,
  CASE WHEN jsonb_array_length(c.spending_controls) > 0 OR c.usage_type = 'ONE_TIME' THEN
    (SELECT jsonb_build_object(
       'DAILY', coalesce(sum(t.billing_amount - t.reversed_amount) FILTER (WHERE t.transaction_time >= $4), 0)::text,
       'WEEKLY', coalesce(sum(t.billing_amount - t.reversed_amount) FILTER (WHERE t.transaction_time >= $5), 0)::text,
       'MONTHLY', coalesce(sum(t.billing_amount - t.reversed_amount) FILTER (WHERE t.transaction_time >= $6), 0)::text,
       'ALL_TIME', coalesce(sum(t.billing_amount - t.reversed_amount), 0)::text,
       'open', count(*) FILTER (WHERE t.billing_amount > t.reversed_amount)::text)
     FROM card_transactions t WHERE t.card_id = c.id AND t.transaction_type = 'AUTHORIZATION' AND t.transaction_status = 'APPROVED') END AS spent,
  (SELECT jsonb_build_object('url', d.url, 'public_key', d.public_key, 'timeout_strategy', d.timeout_strategy)
     FROM auth_decision_configs d WHERE d.account_id = c.account_id AND d.enabled) AS auth_decision
FROM cards c WHERE c.id = $1 AND c.account_id = $2`;

export async function readAuthorizingCard(ctx: RequestContext, cardId: string, now: Date): Promise<AuthorizingCard | null> {
  if (!isUuid(cardId)) return null;
  const { rows } = await ctx.db.pool.query<Row>({
    name: 'card_authorization_read',
    text: READ_CARD,
    values: [cardId, ctx.acting.id, now, intervalStart('DAILY', now), intervalStart('WEEKLY', now), intervalStart('MONTHLY', now)],
  });
  const r = rows[0];
  if (!r) return null;
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

/** XUSD is the provider's USD ledger currency: priced 1:1 with USD (docs/decisions/issuing/card-transactions.md "Card transactions"). */
const pricedAs = (c: string) => (c === 'XUSD' ? 'USD' : c);

/**
 * The billing amount in the card's currency, at the FX area's mid rate (no spread: the network's
 * rate), rounded half up to cents and at least 0.01; null when either currency has no rate.
 * No read at all when the currencies are the same.
 */
export async function billingAmount(ctx: RequestContext, amount: Decimal, from: string, to: string, now: Date): Promise<Decimal | null> {
  if (pricedAs(from) === pricedAs(to)) return amount;
  const [fromPerUsd, toPerUsd] = await Promise.all([midRatePerUsd(ctx.db.prisma, pricedAs(from), now), midRatePerUsd(ctx.db.prisma, pricedAs(to), now)]);
  if (!fromPerUsd || !toPerUsd) return null;
  const billed = amount.times(toPerUsd).div(fromPerUsd).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
  return Decimal.max(billed, money('0.01'));
}
