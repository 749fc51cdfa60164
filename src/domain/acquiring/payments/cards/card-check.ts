import { paymentErrors } from '../errors';
import { storedAuthorizationType, type Billing, type CardCommand, type StoredAuthorizationType } from '../rules';
import { keyed } from '../secrets';
import { luhnValid, networkOf, NETWORK_RULES, outcomeOf, type CardOutcome, type Network } from './test-cards';
import { withThreeDsAction } from './three-ds-action';

/**
 * What payrail keeps of a card: bin, last4, the masked number and a keyed fingerprint (the same
 * card gives the same fingerprint, the fingerprint gives nothing back). The full number and the
 * CVC stay in the request that carried them.
 */
export interface CardFacts {
  cardName: string | null;
  cardNumber: string;
  network: Network;
  brand: Network;
  bin: string;
  last4: string;
  cardType: (typeof CARD_TYPES)[number];
  expiryMonth: string;
  expiryYear: string;
  authorizationType: StoredAuthorizationType;
  autoCapture: boolean;
  billing: Billing | null;
  fingerprint: string;
  outcome: CardOutcome;
  cvvResult: (typeof CVV_RESULTS)[number];
  avsResult: (typeof AVS_RESULTS)[number];
}

/** The card's kind: the sandbox network issues credit cards only. */
export const CARD_TYPES = ['CREDIT'] as const;
/** The issuer's CVC check: M, the CVC matched; N, it did not. */
export const CVV_RESULTS = ['M', 'N'] as const;
/** The issuer's address check: Y, the billing postcode matched; N, it did not; U, no address was sent. */
export const AVS_RESULTS = ['Y', 'N', 'U'] as const;

const FIELD = 'paymentMethod.card';

/**
 * The card check of PA1 and PA4: Luhn, a known network and its number length (and the `network`
 * the caller named, when it named one), the expiry against the platform clock (a card is valid
 * through the last day of its expiry month, UTC), the CVC length of the network. The billing fields
 * were checked by the schema (rules.ts). The sandbox network's answer is the test card's, as
 * `three_ds_action` changes it (three-ds-action.ts).
 */
export function checkCard(card: CardCommand, now: Date, key: Buffer): CardFacts {
  const number = card.cardNumber;
  if (!luhnValid(number)) throw paymentErrors.cardRefused(`${FIELD}.cardNumber`, 'the card number is not valid');
  const network = networkOf(number);
  if (!network || !NETWORK_RULES[network].lengths.includes(number.length)) {
    throw paymentErrors.cardRefused(`${FIELD}.cardNumber`, 'the card number is not valid');
  }
  if (card.network !== undefined && card.network.toUpperCase() !== network) {
    throw paymentErrors.cardRefused(`${FIELD}.network`, `the card number is a ${network} card`);
  }
  const month = Number(card.expiryMonth);
  const year = Number(card.expiryYear);
  const endOfValidity = Date.UTC(year, month, 1);
  if (endOfValidity <= now.getTime()) throw paymentErrors.cardRefused(`${FIELD}.expiryYear`, 'the card has expired');
  if (year > now.getUTCFullYear() + 50) throw paymentErrors.cardRefused(`${FIELD}.expiryYear`, 'must be within 50 years');
  const cvcLength = NETWORK_RULES[network].cvcLength;
  if (card.cvc.length !== cvcLength) throw paymentErrors.cardRefused(`${FIELD}.cvc`, `must be ${cvcLength} digits for ${network}`);
  const issuer = outcomeOf(number);
  const outcome = withThreeDsAction(issuer, card.threeDsAction);
  const bin = number.slice(0, 6);
  const last4 = number.slice(-4);
  const billing = card.billing ?? null;
  const avsDefault = billing?.address?.postcode ? 'Y' : 'U';
  return {
    cardName: card.cardName ?? null,
    cardNumber: `${bin}${'*'.repeat(number.length - 10)}${last4}`,
    network,
    brand: network,
    bin,
    last4,
    cardType: 'CREDIT',
    expiryMonth: String(month).padStart(2, '0'),
    expiryYear: card.expiryYear,
    authorizationType: storedAuthorizationType(card.authorizationType),
    // A pre-authorization is always left for a capture (rules.ts refuses autoCapture true with it).
    autoCapture: card.autoCapture ?? card.authorizationType !== 'pre_authorization',
    billing,
    fingerprint: keyed(key, 'card-fingerprint', number),
    outcome,
    // The checks are the issuer's, whether or not 3-D Secure comes first.
    cvvResult: issuer.kind === 'authorize' && issuer.cvvResult ? issuer.cvvResult : 'M',
    avsResult: issuer.kind === 'authorize' && issuer.avsResult ? issuer.avsResult : avsDefault,
  };
}
