import type { Aliases } from '../../shared/aliases';

/**
 * `payment_method.card` reaches the REST door in two spellings: the official clients' names
 * (`card_number`, `expiry_month`, `expiry_year`, the domain's) and the provider's own tool examples'
 * (`number`, `exp_month`, `exp_year`). The door reads the second as the first (PA1, PA4).
 */
export const CARD_SPELLINGS: Aliases = {
  at: ['payment_method', 'card'],
  names: { number: 'card_number', exp_month: 'expiry_month', exp_year: 'expiry_year' },
};
