import * as openpgp from 'openpgp';
import { startTestApp, type TestApp } from '../support/app';
import { clientOf, type Client } from '../support/client';
import { advance } from '../support/sandbox';
import { createCard } from '../issuing/cards/fixtures';
import { freshSandbox } from '../clients/sandbox';
import { Sdk } from '../clients/sdk';
import { simulateAuthorizationResponse as declared } from '../clients/types/issuing-money';
import { customerKeyPair, startCustomer, type Customer, type KeyPair } from './customer';
import { startPgpyCustomer, type PgpyCustomer } from './pgpy';

/**
 * Authorization decisions with both official clients' PGP libraries, on a fresh sandbox whose
 * issuing balances start with test funds: the authorizations are the clients' own simulator calls,
 * and the customer's endpoint is built on the Node client's library (openpgp.js, customer.ts) or
 * on the Python client's (pgpy 0.6, run for real: pgpy_customer.py). Only the configuration of the
 * endpoint is payrail's own call (no client has one).
 */
let t: TestApp;
let c: Client;
let cardId: string;
let node: Sdk;
let python: Sdk;
let pgpy: PgpyCustomer;
let nodeKeys: KeyPair;
let nodeCustomer: Customer;

beforeAll(async () => {
  t = await startTestApp();
  const sandbox = await freshSandbox(t);
  c = await clientOf(t, sandbox);
  [node, python, pgpy, nodeKeys] = await Promise.all([Sdk.connect(t, 'node', sandbox), Sdk.connect(t, 'python', sandbox), startPgpyCustomer(100), customerKeyPair()]);
  nodeCustomer = await startCustomer(nodeKeys);
  cardId = (await createCard(c)).card_id as string;
  await advance(c, 3);
});
afterAll(async () => {
  await pgpy?.close();
  await nodeCustomer?.close();
  await t.close();
});

/** Points the sandbox master's decisions at `url`, and answers payrail's public key. */
async function configure(url: string, publicKey: string): Promise<string> {
  const res = await c.post('/v1/issuing/auth_decision', { url, public_key: publicKey, timeout_strategy: 'DECLINE' });
  if (res.status !== 200) throw new Error(`auth_decision: ${res.status} ${res.raw}`);
  return res.body.payrail_public_key as string;
}

/** The client's declared answer, with payrail's extra members (decided_by, partner_reference_id) kept for the assertions. */
const answer = declared.loose();

const body = (amount: number) => ({ card_id: cardId, transaction_amount: amount, transaction_currency: 'USD', merchant_name: 'Coffee Shop', merchant_category_code: '5814' });

describe("payrail's key in pgpy 0.6", () => {
  it("pgpy refuses a key with openpgp.js's default preferences (SHA-3) and loads payrail's", async () => {
    const { publicKey } = await openpgp.generateKey({ type: 'ecc', curve: 'curve25519Legacy', userIDs: [{ name: 'openpgp.js defaults' }], format: 'armored' });
    const refused = await pgpy.loadPayrailKey(publicKey);
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatch(/is not a valid HashAlgorithm/);
    const payrailKey = await configure(pgpy.url, pgpy.publicKey);
    expect(await pgpy.loadPayrailKey(payrailKey)).toEqual({ status: 200, body: { loaded: true } });
  });
});

describe("the Python client's simulator calls, decided by a pgpy endpoint", () => {
  it('approves (00, its partner_reference_id recorded), declines (51), and the approved one is reversed', async () => {
    await pgpy.loadPayrailKey(await configure(pgpy.url, pgpy.publicKey));
    const approved = await python.call('simulator.issuing.authorize', { body: body(40) }, answer);
    expect(approved).toMatchObject({ transaction_status: 'APPROVED', decided_by: 'PARTNER', partner_reference_id: expect.stringMatching(/^pgpy-\d+$/) });
    const declined = await python.call('simulator.issuing.authorize', { body: body(150) }, answer);
    expect(declined).toMatchObject({ transaction_status: 'DECLINED', decided_by: 'PARTNER', failure_reason: '51' });
    const reversal = await python.call('simulator.issuing.reverse', { body: { transaction_id: approved.transaction_id } }, answer);
    expect(reversal).toMatchObject({ transaction_type: 'REVERSAL', transaction_status: 'APPROVED', billing_amount: 40 });
  });
});

describe("the Node client's simulator calls, decided by an endpoint built as the Node client's createHandler", () => {
  it('approves (00) and declines (51) as the endpoint decides, and the approved one is reversed', async () => {
    await nodeCustomer.usePayrailKey(await configure(nodeCustomer.url, nodeKeys.publicKey));
    nodeCustomer.behave({ decide: (tx) => ((tx.billing_amount as number) > 100 ? { response_code: '51' } : { response_code: '00', partner_reference_id: 'node-ref' }) });
    const approved = await node.call('simulator.issuing.authorize', { body: { ...body(30), transaction_status: 'APPROVED' } }, answer);
    expect(approved).toMatchObject({ transaction_status: 'APPROVED', decided_by: 'PARTNER', partner_reference_id: 'node-ref' });
    const declined = await node.call('simulator.issuing.authorize', { body: { ...body(101), transaction_status: 'APPROVED' } }, answer);
    expect(declined).toMatchObject({ transaction_status: 'DECLINED', failure_reason: '51' });
    const reversal = await node.call('simulator.issuing.reverse', { body: { transaction_id: approved.transaction_id } }, answer);
    expect(reversal).toMatchObject({ transaction_type: 'REVERSAL', billing_amount: 30 });
  });
});
