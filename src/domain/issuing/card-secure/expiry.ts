/**
 * A card's printed expiry. The cards area stores no expiry month (its `expiry_at` is an automatic
 * cancel time, not what is printed on the card), so it is derived from the creation time: the month
 * of creation, 3 years on, in UTC. It never changes for a card, so neither does its CVV.
 */
export const CARD_VALIDITY_YEARS = 3;

export function cardExpiry(createdAt: Date): { month: string; year: string } {
  const month = String(createdAt.getUTCMonth() + 1).padStart(2, '0');
  const year = String((createdAt.getUTCFullYear() + CARD_VALIDITY_YEARS) % 100).padStart(2, '0');
  return { month, year };
}

/** `MM/YY`, the form CI6's fixture shows. */
export const expireDate = (createdAt: Date): string => {
  const e = cardExpiry(createdAt);
  return `${e.month}/${e.year}`;
};

/** `MMYY`, the form the CVV derivation takes. */
export const expiryMmyy = (createdAt: Date): string => {
  const e = cardExpiry(createdAt);
  return `${e.month}${e.year}`;
};
