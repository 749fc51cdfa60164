/**
 * The sandbox card network: what a card number does when a PaymentIntent is confirmed with it.
 * Stripe-style test numbers (docs/acquiring.md "Test cards"), one per outcome; any other number that passes
 * the card check is authorized. The table is the only place outcomes are decided.
 */

/** The networks payrail tells from a card number (NETWORK_RULES). */
export const NETWORKS = ['VISA', 'MASTERCARD', 'AMEX', 'DISCOVER', 'JCB', 'UNIONPAY'] as const;
export type Network = (typeof NETWORKS)[number];

/** Soft declines leave the intent to be tried again; hard ones ("do not try again", advice 03) fail it. */
export type CardOutcome =
  | { kind: 'authorize'; cvvResult?: 'M' | 'N'; avsResult?: 'Y' | 'N'; capturePending?: boolean; settlesAtOnce?: boolean }
  | { kind: 'decline'; failureCode: string; adviceCode: '01' | '02' | '03'; hard: boolean }
  | { kind: 'three_ds_frictionless' }
  | { kind: 'three_ds_challenge' };

export interface TestCard {
  number: string;
  outcome: CardOutcome;
  /** What docs/acquiring.md says the number does. */
  description: string;
}

export const decline = (failureCode: string, adviceCode: '01' | '02' | '03'): CardOutcome => ({
  kind: 'decline',
  failureCode,
  adviceCode,
  hard: adviceCode === '03',
});

export const TEST_CARDS: readonly TestCard[] = [
  { number: '4242424242424242', outcome: { kind: 'authorize' }, description: 'VISA: authorized' },
  { number: '5555555555554444', outcome: { kind: 'authorize' }, description: 'MASTERCARD: authorized' },
  { number: '378282246310005', outcome: { kind: 'authorize' }, description: 'AMEX (4-digit CVC): authorized' },
  { number: '4000000000009995', outcome: decline('insufficient_funds', '01'), description: 'declined: insufficient funds' },
  { number: '4000000000000002', outcome: decline('do_not_honor', '02'), description: 'declined: do not honor' },
  { number: '4000000000000069', outcome: decline('expired_card', '02'), description: 'declined: expired card (the issuer says so, whatever expiry is sent)' },
  { number: '4000000000000127', outcome: decline('incorrect_cvc', '01'), description: 'declined: incorrect CVC' },
  { number: '4000000000009987', outcome: decline('lost_card', '03'), description: 'declined: lost card (hard: the intent FAILS)' },
  { number: '4000000000009979', outcome: decline('stolen_card', '03'), description: 'declined: stolen card (hard: the intent FAILS)' },
  { number: '4100000000000019', outcome: decline('fraudulent', '03'), description: 'declined: suspected fraud (hard: the intent FAILS)' },
  { number: '4000000000000101', outcome: { kind: 'authorize', cvvResult: 'N' }, description: 'CVC check fails (cvv_result N), still authorized' },
  { number: '4000000000000010', outcome: { kind: 'authorize', avsResult: 'N' }, description: 'address check fails (avs_result N), still authorized' },
  { number: '4000000000000606', outcome: { kind: 'authorize', capturePending: true }, description: 'capture pending at the network: PENDING, then SUCCEEDED (and posted) 2 seconds later on the clock' },
  {
    number: '4000000000000077',
    outcome: { kind: 'authorize', settlesAtOnce: true },
    description: 'sandbox accounts: the capture settles at once (net of fees in the available balance, no daily cut); an ordinary card in production',
  },
  { number: '4000000000003055', outcome: { kind: 'three_ds_frictionless' }, description: '3-D Secure frictionless: authenticated without a challenge, authorized' },
  { number: '4000000000003220', outcome: { kind: 'three_ds_challenge' }, description: '3-D Secure challenge: REQUIRES_CUSTOMER_ACTION until the challenge page is completed' },
];

const BY_NUMBER = new Map(TEST_CARDS.map((c) => [c.number, c.outcome]));

export const outcomeOf = (number: string): CardOutcome => BY_NUMBER.get(number) ?? { kind: 'authorize' };

/**
 * Whether the network answers this card's captures later (PENDING). A capture happens after the
 * number is gone, so the test card is known again by what is kept of it: bin and last4.
 */
const PENDING_CAPTURE = new Set(TEST_CARDS.filter((c) => c.outcome.kind === 'authorize' && c.outcome.capturePending).map((c) => `${c.number.slice(0, 6)}|${c.number.slice(-4)}`));
export const capturesPending = (card: { bin?: unknown; last4?: unknown } | null): boolean =>
  card !== null && PENDING_CAPTURE.has(`${String(card.bin)}|${String(card.last4)}`);

/**
 * Whether a capture of this card settles in its own commit (sandbox accounts only: the caller
 * checks the account), known again by bin and last4 as capturesPending is.
 */
const SETTLES_AT_ONCE = new Set(TEST_CARDS.filter((c) => c.outcome.kind === 'authorize' && c.outcome.settlesAtOnce).map((c) => `${c.number.slice(0, 6)}|${c.number.slice(-4)}`));
export const settlesAtOnce = (card: { bin?: unknown; last4?: unknown } | null): boolean =>
  card !== null && SETTLES_AT_ONCE.has(`${String(card.bin)}|${String(card.last4)}`);

/** The network a number belongs to, by its leading digits (IIN ranges). */
export function networkOf(number: string): Network | undefined {
  const two = Number(number.slice(0, 2));
  const four = Number(number.slice(0, 4));
  if (number.startsWith('4')) return 'VISA';
  if ((two >= 51 && two <= 55) || (four >= 2221 && four <= 2720)) return 'MASTERCARD';
  if (two === 34 || two === 37) return 'AMEX';
  if (number.startsWith('6011') || number.startsWith('65')) return 'DISCOVER';
  if (four >= 3528 && four <= 3589) return 'JCB';
  if (two === 62) return 'UNIONPAY';
  return undefined;
}

/** Card number lengths and CVC length per network. */
export const NETWORK_RULES: Record<Network, { lengths: number[]; cvcLength: number }> = {
  VISA: { lengths: [13, 16, 19], cvcLength: 3 },
  MASTERCARD: { lengths: [16], cvcLength: 3 },
  AMEX: { lengths: [15], cvcLength: 4 },
  DISCOVER: { lengths: [16, 19], cvcLength: 3 },
  JCB: { lengths: [16, 19], cvcLength: 3 },
  UNIONPAY: { lengths: [16, 17, 18, 19], cvcLength: 3 },
};

export function luhnValid(number: string): boolean {
  let sum = 0;
  for (let i = 0; i < number.length; i++) {
    let d = number.charCodeAt(number.length - 1 - i) - 48;
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return number.length > 0 && sum % 10 === 0;
}
