import type { AppServices } from '../../services';
import type { WebhookSettings } from './dispatch';

/** The delivery settings of this process: configuration, the outbound address policy, the sealing keys. */
export const webhookSettings = (services: AppServices): WebhookSettings => ({
  timeoutMs: services.config.webhooks.timeoutMs,
  concurrency: services.config.webhooks.concurrency,
  disableAfter: services.config.webhooks.disableAfter,
  policy: { allowLoopback: services.config.outbound.allowLoopback },
  keys: services.cardDataKeys,
});
