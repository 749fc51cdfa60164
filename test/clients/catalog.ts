import { BANKING_METHODS } from './methods/banking';
import { CONNECT_METHODS } from './methods/connect';
import { ISSUING_CARD_METHODS } from './methods/issuing-cards';
import { ISSUING_MONEY_METHODS } from './methods/issuing-money';
import { PAYMENT_METHODS } from './methods/payment';
import { SIMULATOR_METHODS } from './methods/simulator';
import { SUPPORTING_METHODS } from './methods/supporting';

/**
 * Every HTTP method of the provider's two official clients, as facts read from their sources
 * (uqpay/uqpay-node 0.3.x and the methods its 1.2.0 and 2.0.0 added, uqpay/uqpay-sdk-python 2.0):
 * the method as a caller writes it, the HTTP verb and the path it builds. Nothing of their code is
 * here, only what they send.
 *
 * A method is either replayed by a test file under test/clients/ (which sends exactly what the
 * client sends and parses the answer into the type the client declares, see sdk.ts) or says why
 * payrail does not serve it. Each replay file ends with `replayedEveryMethod(__filename)`, so a
 * catalogue entry that names a file cannot go untested; docs/compatibility.md is written from this
 * list (test/clients/compatibility-doc.test.ts holds the two equal).
 */

export type SdkName = 'node' | 'python';
export type HttpVerb = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export type MethodStatus =
  /** Replayed by this test file (a path from the repository root). */
  | { replayedIn: string }
  /** Not served by payrail, and why. */
  | { unsupported: string };

export interface ClientMethod {
  sdk: SdkName;
  /**
   * The method as the client's caller writes it after `client.`: `issuing.cards.recharge` (Node,
   * camelCase resources) or `issuing.cards.recharge` (Python, snake_case), exactly as each spells it.
   */
  name: string;
  verb: HttpVerb;
  /** The path the client builds, parameters in braces: `/v1/issuing/cards/{card_id}/recharge`. */
  path: string;
  /** The client's own type names for the request and the answer, where it declares them. */
  request?: string;
  response?: string;
  status: MethodStatus;
}

/**
 * The catalogue's groups, as the clients' top-level resources (the Node client calls `connect`
 * `account`); issuing is kept in two files, its cards and its money.
 */
export const METHOD_GROUPS = {
  connect: CONNECT_METHODS,
  banking: BANKING_METHODS,
  issuing: [...ISSUING_CARD_METHODS, ...ISSUING_MONEY_METHODS],
  payment: PAYMENT_METHODS,
  simulator: SIMULATOR_METHODS,
  supporting: SUPPORTING_METHODS,
} as const;

export const CLIENT_METHODS: readonly ClientMethod[] = Object.values(METHOD_GROUPS).flat();

/**
 * The Node client's methods that arrived after 0.3.x (its CHANGELOG: 1.2.0 added RFIs, the card
 * capabilities, merchant brands, unsolicited refunds and terminals; 2.0.0 virtual account
 * applications). 0.3.x has the other 84. The Python client 2.0 has all of them.
 */
export const NODE_SINCE: Readonly<Record<string, '1.2.0' | '2.0.0'>> = {
  'account.rfis.list': '1.2.0',
  'account.rfis.retrieve': '1.2.0',
  'account.rfis.answer': '1.2.0',
  'issuing.cards.retrieveOrder': '1.2.0',
  'issuing.cards.elevateLimit': '1.2.0',
  'issuing.cards.enrollNetworkProtection': '1.2.0',
  'issuing.cards.removeNetworkProtection': '1.2.0',
  'issuing.cards.resetPin': '1.2.0',
  'issuing.cards.managePin': '1.2.0',
  'issuing.cards.listArts': '1.2.0',
  'issuing.cards.setDefaultArt': '1.2.0',
  'issuing.merchantBrands.list': '1.2.0',
  'issuing.transactions.claimUnsolicitedRefund': '1.2.0',
  'payment.terminals.register': '1.2.0',
  'payment.terminals.getPinKey': '1.2.0',
  'banking.virtualAccountApplications.list': '2.0.0',
  'banking.virtualAccountApplications.retrieve': '2.0.0',
};

/**
 * The clients' public methods that make no HTTP call of their own but depend on what payrail sends
 * (signatures, PGP): not replayed as requests, held by the tests named here.
 */
export interface LocalMethod {
  sdk: SdkName;
  name: string;
  what: string;
  /** The test files that hold payrail to it, or why it cannot work. */
  status: { heldBy: string[] } | { unsupported: string };
}

export const LOCAL_METHODS: readonly LocalMethod[] = [
  { sdk: 'node', name: 'webhooks.constructEvent', what: 'verifies x-wk-signature (HMAC-SHA512 over body then timestamp) and parses the envelope', status: { heldBy: ['test/developers/webhooks/signature.test.ts', 'test/developers/webhooks/delivery.test.ts'] } },
  { sdk: 'node', name: 'generateAuthDecisionKeyPair', what: "the customer's PGP key pair (openpgp.js defaults)", status: { heldBy: ['test/auth-decision/clients.test.ts'] } },
  { sdk: 'node', name: 'issuing.authDecision.configure', what: "loads the customer's private key and payrail's public key", status: { heldBy: ['test/auth-decision/portable-key.test.ts', 'test/auth-decision/clients.test.ts'] } },
  { sdk: 'node', name: 'issuing.authDecision.createHandler', what: 'decrypts a decision request, asks `decide`, encrypts the answer to payrail', status: { heldBy: ['test/auth-decision/clients.test.ts', 'test/auth-decision/decisions.test.ts'] } },
  { sdk: 'python', name: 'webhooks.construct_event', what: 'the same verification as the Node client', status: { heldBy: ['test/developers/webhooks/signature.test.ts'] } },
  { sdk: 'python', name: 'issuing.auth_decision.configure', what: "loads both keys with pgpy 0.6, which refuses SHA-3 preferences; payrail's keys state none", status: { heldBy: ['test/auth-decision/portable-key.test.ts', 'test/auth-decision/clients.test.ts'] } },
  {
    sdk: 'python',
    name: 'issuing.auth_decision.handle',
    what: 'decrypts a decision request with pgpy and encrypts the answer',
    status: {
      unsupported:
        "the client's own defect with pgpy 0.6: it unpacks `PGPMessage.from_blob(...)` as a pair, but pgpy 0.6 returns the message alone, so the unpacking takes the message's first packet and `decrypt` then fails (AttributeError) on every message, even one pgpy made itself; payrail's messages decrypt with pgpy 0.6 used directly, and its answers are read (test/auth-decision/clients.test.ts)",
    },
  },
];

export function methodOf(sdk: SdkName, name: string): ClientMethod {
  const found = CLIENT_METHODS.filter((m) => m.sdk === sdk && m.name === name);
  if (found.length !== 1) throw new Error(`the catalogue has ${found.length} entries for the ${sdk} client's ${name}`);
  return found[0]!;
}
