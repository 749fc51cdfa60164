import type { ThreeDsAction } from '../rules';
import { decline, type CardOutcome } from './test-cards';

/**
 * What `payment_method.card.three_ds_action` does to the sandbox network's answer for a card
 * (docs/decisions/acquiring/payments.md). Without it the test card decides.
 *
 * - `enforce_3ds`: the merchant asks for 3-D Secure on every card. A card the network would
 *   authorize straight away is challenged first (REQUIRES_CUSTOMER_ACTION, the challenge page);
 *   the frictionless test card stays frictionless (the issuer authenticates without a challenge);
 *   a card the issuer declines is declined, whatever the merchant asked.
 * - `skip_3ds`: no authentication is run. The frictionless test card is authorized without 3-D
 *   Secure data; the challenge test card, whose issuer requires authentication, is declined
 *   `authentication_required` (advice 02, try another way: confirm again without skip_3ds), as
 *   Stripe's test card requiring authentication is when none was done.
 */
export function withThreeDsAction(outcome: CardOutcome, action: ThreeDsAction | undefined): CardOutcome {
  if (action === 'enforce_3ds') return outcome.kind === 'authorize' ? { kind: 'three_ds_challenge' } : outcome;
  if (action === 'skip_3ds') {
    if (outcome.kind === 'three_ds_frictionless') return { kind: 'authorize' };
    if (outcome.kind === 'three_ds_challenge') return decline('authentication_required', '02');
  }
  return outcome;
}
