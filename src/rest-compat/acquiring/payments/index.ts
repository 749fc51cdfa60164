import { restArea, EVENT_ORIGIN } from '../../area';
import { paymentEnvelopes } from './errors';
import type { IntentWithAttempt } from '../../../domain/acquiring/payments/queries';
import { toRestPaymentIntent } from './present';
import { registerPaymentIntentRoutes } from './routes';

/** The payments area's REST door: its routes and how its events' views read on the wire. */
export const rest = restArea({ envelopes: paymentEnvelopes, routes: [registerPaymentIntentRoutes], presenters: { payment_intent: (v: IntentWithAttempt) => toRestPaymentIntent(v, EVENT_ORIGIN) } });
