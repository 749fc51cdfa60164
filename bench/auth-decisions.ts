import { randomUUID } from 'node:crypto';
import { call } from './fixtures';
import { BENCH_CARDS, ISSUING_FUNDING_USD } from './card-authorizations';

/**
 * Authorization decisions (issue 11) in the bench: the bench's sub-account gets BENCH_CARDS ACTIVE
 * SHARE cards and a funded issuing balance (as the master's card fixtures), and its decisions go to
 * the bench's local decision endpoint (decision-endpoint.ts) with timeout strategy DECLINE, so an
 * authorization answered APPROVED is one the endpoint approved in time.
 */
export interface DecisionFixtures {
  cardIds: string[];
  /** x-auth-token and x-on-behalf-of: the master acting for its sub-account. */
  auth: Record<string, string>;
  /** The decision endpoint's process: its CPU is part of what the scenario costs the machine. */
  endpointPid: number;
}

export async function makeDecisionFixtures(
  base: string,
  masterAuth: Record<string, string>,
  subAccountId: string,
  endpoint: { url: string; publicKey: string; pid: number },
): Promise<DecisionFixtures> {
  const auth = { ...masterAuth, 'x-on-behalf-of': subAccountId };
  const once = () => ({ ...auth, 'x-idempotency-key': randomUUID() });
  // The sub-account's simulated verification review takes a minute of the tree's clock (accounts/verification.ts).
  await call(base, 'POST', '/api/v1/simulation/clock/advance', masterAuth, { seconds: 61 });
  const products = await call(base, 'GET', '/api/v1/issuing/products?page_size=100&page_number=1', auth);
  const product = (products.data as { card_bin: string; product_id: string }[]).find((p) => p.card_bin === '428852')!;
  const holder = await call(base, 'POST', '/api/v1/issuing/cardholders', once(), {
    email: 'bench.decisions@example.com', first_name: 'Bench', last_name: 'Decisions', country_code: 'SG', phone_number: '+6581234568', date_of_birth: '1990-05-18',
  });
  const cardIds: string[] = [];
  for (let i = 0; i < BENCH_CARDS; i++) {
    const card = await call(base, 'POST', '/api/v1/issuing/cards', once(), { card_currency: 'USD', card_product_id: product.product_id, cardholder_id: holder.cardholder_id });
    cardIds.push(String(card.card_id));
  }
  await call(base, 'POST', '/api/v1/simulation/clock/advance', masterAuth, { seconds: 3 });
  await call(base, 'POST', '/api/v1/simulation/deposit', once(), { amount: Number(ISSUING_FUNDING_USD), currency: 'USD', sender_swift_code: 'DBSSSGSGXXX' });
  await call(base, 'POST', '/api/v1/issuing/balances/transfer_in', once(), { amount: Number(ISSUING_FUNDING_USD), currency: 'USD' });
  const config = await call(base, 'POST', '/api/v1/issuing/auth_decision', once(), { url: `${endpoint.url}/decide`, public_key: endpoint.publicKey, timeout_strategy: 'DECLINE' });
  const res = await fetch(`${endpoint.url}/payrail-key`, { method: 'POST', body: String(config.payrail_public_key) });
  if (res.status !== 204) throw new Error(`decision endpoint refused payrail's key: ${res.status}`);
  return { cardIds, auth, endpointPid: endpoint.pid };
}
