import { paymentErrors } from '../errors';
import type { Billing, CardInput } from '../rules';
import { keyed } from '../secrets';
import { luhnValid, networkOf, NETWORK_RULES, outcomeOf, type CardOutcome, type Network } from './test-cards';

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
  cardType: 'CREDIT';
  expiryMonth: string;
  expiryYear: string;
  authorizationType: 'FINAL_AUTH';
  autoCapture: boolean;
  billing: Billing | null;
  fingerprint: string;
  outcome: CardOutcome;
  /** M: the CVC matched. */
  cvvResult: 'M' | 'N';
  /** Y: the billing postcode matched; U: no address was sent. */
  avsResult: 'Y' | 'N' | 'U';
}

const FIELD = 'payment_method.card';

/**
 * The card check of PA4: Luhn, a known network and its number length, the expiry against the
 * platform clock (a card is valid through the last day of its expiry month, UTC), the CVC length of
 * the network. The billing fields were checked by the schema (rules.ts).
 */
export function checkCard(card: CardInput, now: Date, key: Buffer): CardFacts {
  const { number } = card;
  if (!luhnValid(number)) throw paymentErrors.cardRefused(`${FIELD}.number`, 'the card number is not valid');
  const network = networkOf(number);
  if (!network || !NETWORK_RULES[network].lengths.includes(number.length)) {
    throw paymentErrors.cardRefused(`${FIELD}.number`, 'the card number is not valid');
  }
  const month = Number(card.expiry_month);
  const year = Number(card.expiry_year);
  const endOfValidity = Date.UTC(year, month, 1);
  if (endOfValidity <= now.getTime()) throw paymentErrors.cardRefused(`${FIELD}.expiry_year`, 'the card has expired');
  if (year > now.getUTCFullYear() + 50) throw paymentErrors.cardRefused(`${FIELD}.expiry_year`, 'must be within 50 years');
  const cvcLength = NETWORK_RULES[network].cvcLength;
  if (card.cvc.length !== cvcLength) throw paymentErrors.cardRefused(`${FIELD}.cvc`, `must be ${cvcLength} digits for ${network}`);
  const outcome = outcomeOf(number);
  const bin = number.slice(0, 6);
  const last4 = number.slice(-4);
  const billing = card.billing ?? null;
  const avsDefault = billing?.address?.postcode ? 'Y' : 'U';
  return {
    cardName: card.card_name ?? null,
    cardNumber: `${bin}${'*'.repeat(number.length - 10)}${last4}`,
    network,
    brand: network,
    bin,
    last4,
    cardType: 'CREDIT',
    expiryMonth: String(month).padStart(2, '0'),
    expiryYear: card.expiry_year,
    authorizationType: 'FINAL_AUTH',
    autoCapture: card.auto_capture ?? true,
    billing,
    fingerprint: keyed(key, 'card-fingerprint', number),
    outcome,
    cvvResult: outcome.kind === 'authorize' && outcome.cvvResult ? outcome.cvvResult : 'M',
    avsResult: outcome.kind === 'authorize' && outcome.avsResult ? outcome.avsResult : avsDefault,
  };
}
