import { BANKING_METHODS } from './methods/banking';
import { CONNECT_METHODS } from './methods/connect';
import { ISSUING_CARD_METHODS } from './methods/issuing-cards';
import { ISSUING_MONEY_METHODS } from './methods/issuing-money';
import { PAYMENT_METHODS } from './methods/payment';
import { SIMULATOR_METHODS } from './methods/simulator';
import { SUPPORTING_METHODS } from './methods/supporting';

/**
 * Every HTTP method of the provider's two official clients, as facts read from their sources
 * (uqpay/uqpay-node 0.3.x, uqpay/uqpay-sdk-python 2.0): the method as a caller writes it, the HTTP
 * verb and the path it builds. Nothing of their code is here, only what they send.
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

export function methodOf(sdk: SdkName, name: string): ClientMethod {
  const found = CLIENT_METHODS.filter((m) => m.sdk === sdk && m.name === name);
  if (found.length !== 1) throw new Error(`the catalogue has ${found.length} entries for the ${sdk} client's ${name}`);
  return found[0]!;
}
