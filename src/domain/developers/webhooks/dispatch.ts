import type pg from 'pg';
import type { CardDataKeyring } from '../../../platform/sealing/keys';
import { openText } from '../../../platform/sealing/seal';
import type { ServiceDeps } from '../../../platform/context';
import type { EventType } from '../../../platform/events/catalogue';
import type { RenderEventData } from '../../../platform/events/render';
import { OutboundFailure, postOutbound } from '../../../platform/runtime/outbound/post';
import type { AddressPolicy } from '../../../platform/runtime/outbound/address-policy';
import { recordEndpointDisabled } from './events';
import { nextAttemptAfter } from './retry';
import type { DeliveryFailure } from './rules';
import { webhookBody, webhookHeaders } from './signature';
import { claimDueRows, readOutboxEvent } from './store';
import { toEndpointView } from './view';

/**
 * Dispatch: claim due deliveries, send each, record the outcome (docs/webhooks.md).
 *
 * - A claim is a lease: claimed_until (process clock) and a fresh claim_token, set in a short
 *   transaction on rows locked FOR UPDATE SKIP LOCKED. Two workers never claim one attempt; a
 *   worker records only while its token is still on the row.
 * - Only the oldest PENDING delivery of an endpoint is eligible (fan-out numbers them in event
 *   order), so an endpoint sees its events strictly in order, one at a time.
 * - At least once: the claim commits before the POST. A crash after the POST and before the record
 *   leaves the lease to run out; the same event_id is then sent again. Nothing is lost.
 * - Due means next_attempt_at <= the tree's time: its test clock's frozen time when it has one (so a
 *   clock advance drives retries), else the process clock. Under a test clock an attempt happens at
 *   its due time, as scheduled transitions do, but never before the endpoint's previous delivery
 *   finished: a delivery queued behind a failing one is first tried when that one gave up, so the
 *   simulated history keeps the endpoint's order and its 3-day window starts then, as in real time.
 */

export interface WebhookSettings {
  timeoutMs: number;
  /** Attempts in flight at once in one worker. */
  concurrency: number;
  /** FAILED deliveries in a row after which the endpoint is DISABLED. */
  disableAfter: number;
  policy: AddressPolicy;
  keys: CardDataKeyring;
  /** Jitter source of the retry schedule (tests fix it). */
  random?: () => number;
  /** The body's `data` from what the outbox stored: the REST door's renderer, given by the composition root. */
  renderEventData: RenderEventData;
}

/**
 * Bytes of the receiver's answer read: its status is what counts, and the body is never kept or
 * shown (rules.ts, DELIVERY_FAILURES).
 */
const MAX_ANSWER_BYTES = 1024;
/** How long a claim outlives the attempt's deadline before another worker may take it over. */
const LEASE_MARGIN_MS = 30_000;

export interface ClaimedDelivery {
  id: string;
  claimToken: string;
  endpointId: string;
  eventId: string;
  attempts: number;
  nextAttemptAt: Date;
  firstAttemptAt: Date | null;
  underTestClock: boolean;
  /** Under a test clock, when this attempt happens in simulated time (see the header). */
  simulatedAt: Date | null;
  url: string;
  secretSealed: string;
}

/** Claims up to `limit` due deliveries, at most one per endpoint, each the oldest PENDING of its endpoint. */
export async function claimDue(deps: ServiceDeps, settings: Pick<WebhookSettings, 'timeoutMs'>, limit: number): Promise<ClaimedDelivery[]> {
  if (limit <= 0) return [];
  const now = deps.clock.now();
  const leaseUntil = new Date(now.getTime() + settings.timeoutMs + LEASE_MARGIN_MS);
  const rows = await claimDueRows(deps.db.pool, now, limit, leaseUntil);
  return rows.map((r) => ({
    id: r.id,
    claimToken: r.claim_token,
    endpointId: r.endpoint_id,
    eventId: r.event_id,
    attempts: r.attempts,
    nextAttemptAt: r.next_attempt_at,
    firstAttemptAt: r.first_attempt_at,
    underTestClock: r.under_test_clock,
    simulatedAt: r.simulated_at,
    url: r.url,
    secretSealed: r.secret_sealed,
  }));
}

/**
 * The raw body of a delivery's event, rendered now from what the outbox stored: the same bytes on
 * every attempt (same event, same data, same renderer).
 */
async function bodyOf(pool: pg.Pool, render: RenderEventData, eventId: string): Promise<string> {
  const e = await readOutboxEvent(pool, eventId);
  if (!e) throw new Error(`outbox event ${eventId} is gone`);
  const data = render({ eventName: e.event_name, dataVersion: e.data_version, data: e.data });
  return webhookBody({ id: e.id, eventType: e.event_type as EventType, eventName: e.event_name, sourceId: e.source_id, data, accountId: e.account_id });
}

/**
 * How an attempt ended: the receiver's status, or the class of the failure with its details for
 * payrail's operators (`detail`: logged by the worker, never stored on the delivery).
 */
export type AttemptOutcome = { kind: 'answer'; status: number } | { kind: 'failure'; failure: DeliveryFailure; detail: string };

/** Sends one claimed delivery: signed with the endpoint's secret at real time (receivers check it). */
export async function send(deps: ServiceDeps, settings: WebhookSettings, d: ClaimedDelivery): Promise<AttemptOutcome> {
  try {
    const body = await bodyOf(deps.db.pool, settings.renderEventData, d.eventId);
    const secret = openText(settings.keys, 'webhooks/endpoint-secret', d.endpointId, d.secretSealed);
    const answer = await postOutbound({ url: d.url, body, headers: webhookHeaders(secret, body), timeoutMs: settings.timeoutMs, policy: settings.policy, maxAnswerBytes: MAX_ANSWER_BYTES });
    return { kind: 'answer', status: answer.status };
  } catch (e) {
    if (e instanceof OutboundFailure) return { kind: 'failure', failure: e.kind, detail: e.detail };
    return { kind: 'failure', failure: 'internal_error', detail: e instanceof Error ? e.message : String(e) };
  }
}

/** Only a 2xx answer counts as delivered. */
const delivered = (o: AttemptOutcome): boolean => o.kind === 'answer' && o.status >= 200 && o.status < 300;

/**
 * Records an attempt, if the claim is still this worker's. Success resets the endpoint's failure
 * count; a failure schedules the next attempt or, past the window, fails the delivery, and enough
 * FAILED deliveries in a row disable the endpoint with its event, all in one transaction.
 */
export async function record(deps: ServiceDeps, settings: WebhookSettings, d: ClaimedDelivery, outcome: AttemptOutcome): Promise<'SUCCEEDED' | 'PENDING' | 'FAILED' | 'lost_claim'> {
  const at = d.underTestClock ? (d.simulatedAt ?? d.nextAttemptAt) : deps.clock.now();
  const first = d.firstAttemptAt ?? at;
  const attempts = d.attempts + 1;
  const ok = delivered(outcome);
  const next = ok ? null : nextAttemptAfter(attempts, at, first, settings.random);
  const status = ok ? 'SUCCEEDED' : next ? 'PENDING' : 'FAILED';
  const lastError: DeliveryFailure | null = outcome.kind === 'failure' ? outcome.failure : ok ? null : 'non_2xx';
  return deps.db.prisma.$transaction(async (tx) => {
    const updated = await tx.webhookDelivery.updateMany({
      where: { id: d.id, claimToken: d.claimToken, status: 'PENDING' },
      data: {
        status,
        attempts,
        firstAttemptAt: first,
        lastAttemptAt: at,
        lastStatusCode: outcome.kind === 'answer' ? outcome.status : null,
        lastError,
        ...(next ? { nextAttemptAt: next } : {}),
        claimedUntil: null,
        claimToken: null,
        updatedAt: deps.clock.now(),
      },
    });
    if (updated.count === 0) return 'lost_claim';
    if (status === 'SUCCEEDED') {
      await tx.webhookEndpoint.updateMany({ where: { id: d.endpointId, consecutiveFailures: { gt: 0 } }, data: { consecutiveFailures: 0 } });
    } else if (status === 'FAILED') {
      const endpoint = await tx.webhookEndpoint.update({ where: { id: d.endpointId }, data: { consecutiveFailures: { increment: 1 } } });
      if (endpoint.status === 'ENABLED' && endpoint.consecutiveFailures >= settings.disableAfter) {
        const disabled = await tx.webhookEndpoint.update({ where: { id: d.endpointId }, data: { status: 'DISABLED', updatedAt: at } });
        await recordEndpointDisabled(tx, toEndpointView(disabled), at);
      }
    }
    return status;
  });
}

/** Claims, sends and records what is due now, with at most `concurrency` attempts at once (tests, CLI). */
export async function dispatchDue(deps: ServiceDeps, settings: WebhookSettings): Promise<number> {
  let done = 0;
  for (;;) {
    const claimed = await claimDue(deps, settings, settings.concurrency);
    if (claimed.length === 0) return done;
    await Promise.all(claimed.map(async (d) => record(deps, settings, d, await send(deps, settings, d))));
    done += claimed.length;
  }
}
