/**
 * The product groups: each is a folder of src/domain and of each door, holding its areas
 * (`src/rest-compat/<group>/<area>/`). docs/architecture.md draws the same map.
 */
export const PRODUCT_GROUPS = ['wallet', 'acquiring', 'issuing', 'onboarding', 'developers'] as const;

export type ProductGroup = (typeof PRODUCT_GROUPS)[number];

export const GROUP_TITLES: Record<ProductGroup, string> = {
  wallet: 'Wallet: balances, deposits, transfers, FX, beneficiaries, payouts, virtual accounts',
  acquiring: 'Acquiring: payments, refunds, settlements, payment balances and payouts, bank accounts, terminals',
  issuing: 'Issuing: card products, cardholders, cards and their money, transactions, reports',
  onboarding: 'Onboarding: accounts, requests for information, files, virtual account applications',
  developers: 'Developers: access tokens, webhooks, live events, the sandbox and its test clock',
};

/** The group and the area of a door's source file (`src/rest-compat/<group>/<area>/…`). */
export function areaOf(file: string): { group: ProductGroup | undefined; area: string } {
  const [, , group, area] = file.split('/');
  const known = PRODUCT_GROUPS.find((g) => g === group);
  return known && area ? { group: known, area } : { group: undefined, area: group ?? 'unknown' };
}
