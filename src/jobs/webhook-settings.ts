import type { WebhookSettings } from '../domain/developers/webhooks/dispatch';
import { renderEventData } from '../rest-compat/developers/events/render';
import type { AppServices } from '../services';

/**
 * The delivery settings of this process: configuration, the outbound address policy, the sealing
 * keys, and the REST door's renderer of event data (the domain's dispatch imports no door).
 */
export const webhookSettings = (services: AppServices): WebhookSettings => ({
  timeoutMs: services.config.webhooks.timeoutMs,
  concurrency: services.config.webhooks.concurrency,
  disableAfter: services.config.webhooks.disableAfter,
  policy: { allowLoopback: services.config.outbound.allowLoopback },
  keys: services.cardDataKeys,
  renderEventData,
});
