/**
 * The product groups and the areas of today's src/domain in each (the names the target
 * gives them; docs/architecture.md draws the same map). Platform folders belong to no group.
 */
export const PRODUCT_GROUPS = {
  wallet: ['balances', 'deposits', 'transfers', 'fx', 'beneficiaries', 'payouts', 'virtual-accounts'],
  acquiring: ['payments', 'refunds', 'settlements', 'payment-balances', 'payment-payouts', 'bank-accounts', 'terminals'],
  issuing: [
    'card-products',
    'cardholders',
    'cards',
    'card-data',
    'card-secure',
    'card-orders',
    'card-arts',
    'card-transactions',
    'issuing-balances',
    'issuing-transfers',
    'issuing-reports',
    'auth-decisions',
    'merchant-brands',
  ],
  onboarding: ['accounts', 'rfis', 'files', 'virtual-account-applications'],
  developers: ['auth', 'webhooks', 'events', 'sandbox', 'simulation'],
} as const;

export type ProductGroup = keyof typeof PRODUCT_GROUPS;

export const GROUP_TITLES: Record<ProductGroup, string> = {
  wallet: 'Wallet: balances, deposits, transfers, FX, beneficiaries, payouts, virtual accounts',
  acquiring: 'Acquiring: payments, refunds, settlements, payment balances and payouts, bank accounts, terminals',
  issuing: 'Issuing: card products, cardholders, cards and their money, transactions, reports',
  onboarding: 'Onboarding: accounts, requests for information, files, virtual account applications',
  developers: 'Developers: access tokens, webhooks, live events, the sandbox and its test clock',
};

export function groupOf(area: string): ProductGroup | undefined {
  return (Object.keys(PRODUCT_GROUPS) as ProductGroup[]).find((g) => (PRODUCT_GROUPS[g] as readonly string[]).includes(area));
}
