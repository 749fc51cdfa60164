import { DomainError } from '../../../platform/errors/domain-error';
import { defineErrors } from '../../../platform/errors/catalogue';

/**
 * Webhook errors (account-center family: every handler error is a 400). An unknown, malformed or
 * another tenant's id answers the same "not found", so ids cannot be probed.
 */
const flat = <C extends string>(code: C, message: string, kind: DomainError['kind'], field?: string): DomainError<C> =>
  new DomainError({ code, message, status: 400, kind, field });

export const webhookErrors = defineErrors('webhooks', 'account_center', {
  endpointNotFound: () => flat('webhook_endpoint_not_found', 'webhook endpoint not found', 'not_found', 'webhookEndpointId'),
  deliveryNotFound: () => flat('webhook_delivery_not_found', 'webhook delivery not found', 'not_found', 'webhookDeliveryId'),
  /** Resend of a delivery still waiting for its attempt: it will go out anyway. */
  deliveryPending: () => flat('webhook_delivery_pending', 'webhook delivery is still pending', 'business', 'webhookDeliveryId'),
});
