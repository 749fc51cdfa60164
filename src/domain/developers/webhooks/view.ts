import type { DeliveryFailure, DeliveryStatus, EndpointStatus } from './rules';

/** An endpoint as both doors present it; the secret is only in WebhookEndpointWithSecret. */
export interface WebhookEndpointView {
  id: string;
  accountId: string;
  url: string;
  /** null: every event. */
  eventNames: string[] | null;
  status: EndpointStatus;
  consecutiveFailures: number;
  createdAt: Date;
  updatedAt: Date;
}

/** The answer of create and rotate: the only two times the signing secret is shown. */
export interface WebhookEndpointWithSecret extends WebhookEndpointView {
  secret: string;
}

export interface WebhookDeliveryView {
  id: string;
  endpointId: string;
  eventId: string;
  eventName: string;
  /** The event's account: the endpoint's own, or one of its sub-accounts. */
  eventAccountId: string;
  status: DeliveryStatus;
  attempts: number;
  nextAttemptAt: Date | null;
  lastAttemptAt: Date | null;
  lastStatusCode: number | null;
  lastError: DeliveryFailure | null;
  createdAt: Date;
}

export interface EndpointRow {
  id: string;
  accountId: string;
  url: string;
  eventNames: string[];
  allEvents: boolean;
  status: string;
  consecutiveFailures: number;
  createdAt: Date;
  updatedAt: Date;
}

export const toEndpointView = (r: EndpointRow): WebhookEndpointView => ({
  id: r.id,
  accountId: r.accountId,
  url: r.url,
  eventNames: r.allEvents ? null : r.eventNames,
  status: r.status === 'DISABLED' ? 'DISABLED' : 'ENABLED',
  consecutiveFailures: r.consecutiveFailures,
  createdAt: r.createdAt,
  updatedAt: r.updatedAt,
});

export interface DeliveryRow {
  id: string;
  endpointId: string;
  eventId: string;
  eventName: string;
  eventAccountId: string;
  status: string;
  attempts: number;
  nextAttemptAt: Date;
  lastAttemptAt: Date | null;
  lastStatusCode: number | null;
  lastError: string | null;
  createdAt: Date;
}

export const toDeliveryView = (r: DeliveryRow): WebhookDeliveryView => {
  const status: DeliveryStatus = r.status === 'SUCCEEDED' || r.status === 'FAILED' ? r.status : 'PENDING';
  return {
    id: r.id,
    endpointId: r.endpointId,
    eventId: r.eventId,
    eventName: r.eventName,
    eventAccountId: r.eventAccountId,
    status,
    attempts: r.attempts,
    nextAttemptAt: status === 'PENDING' ? r.nextAttemptAt : null,
    lastAttemptAt: r.lastAttemptAt,
    lastStatusCode: r.lastStatusCode,
    lastError: r.lastError as DeliveryFailure | null,
    createdAt: r.createdAt,
  };
};
