import type { Database } from '../../../platform/db/client';
import type { AddressPolicy } from '../../../platform/runtime/outbound/address-policy';
import { OutboundFailure, postOutbound } from '../../../platform/runtime/outbound/post';
import type { CardDataKeyring } from '../../../platform/sealing/keys';
import { treeKeyPair } from './keys';
import { decryptText, encryptText, readEncryptionKey } from './pgp';
import { RESPONSE_CODE, type TimeoutStrategy } from './rules';
import type { AuthDecisionTransaction } from './transaction';

/** What the decision call needs from the process: the sealing keys, the address policy, the deadline. */
export interface AuthDecisionDeps {
  cardDataKeys: CardDataKeyring;
  policy: AddressPolicy;
  /** PAYRAIL_AUTH_DECISION_TIMEOUT_MS: the whole exchange, from encrypting the request to reading the answer. */
  timeoutMs: number;
}

export const authDecisionDeps = (s: {
  cardDataKeys: CardDataKeyring;
  config: { outbound: AddressPolicy; authDecisionTimeoutMs: number };
}): AuthDecisionDeps => ({ cardDataKeys: s.cardDataKeys, policy: s.config.outbound, timeoutMs: s.config.authDecisionTimeoutMs });

/** An account's enabled decision endpoint, as the authorization read it. */
export interface EnabledEndpoint {
  url: string;
  publicKey: string;
  timeoutStrategy: TimeoutStrategy;
}

export type PartnerOutcome =
  | { answered: true; responseCode: string; partnerReferenceId: string }
  /** No valid answer in time: the timeout strategy decides. `why` is for logs and tests. */
  | { answered: false; why: string };

// Big enough for any armored answer of three short fields; more is not an answer of the client's handler.
const MAX_ANSWER_BYTES = 64 * 1024;

// Parsed customer keys by their armored text (checked when configured; parsing and checking one
// again costs about as much as encrypting): a cache of a pure function of the text, bounded.
const customerKeys = new Map<string, Awaited<ReturnType<typeof readEncryptionKey>>>();
const CUSTOMER_KEYS_LIMIT = 1000;

async function customerKeyOf(armored: string): Promise<Awaited<ReturnType<typeof readEncryptionKey>>> {
  const hit = customerKeys.get(armored);
  if (hit !== undefined) return hit;
  const key = await readEncryptionKey(armored);
  if (customerKeys.size >= CUSTOMER_KEYS_LIMIT) customerKeys.clear();
  customerKeys.set(armored, key);
  return key;
}

/**
 * One decision call: the transaction as JSON, encrypted to the customer's key, POSTed to its URL
 * (postOutbound: address policy, no redirects); the answer must be a 2xx whose body is an armored
 * message to the tree's key holding `{transaction_id, response_code, partner_reference_id}` for this
 * transaction. Anything else, or nothing within the deadline, is no valid answer. Never throws for
 * what the customer did; it runs outside any database transaction.
 */
export async function askPartner(
  db: Database,
  deps: AuthDecisionDeps,
  rootAccountId: string,
  now: Date,
  endpoint: EnabledEndpoint,
  transaction: AuthDecisionTransaction,
): Promise<PartnerOutcome> {
  const deadline = Date.now() + deps.timeoutMs;
  const customerKey = await customerKeyOf(endpoint.publicKey);
  if (typeof customerKey === 'string') return { answered: false, why: `stored public key ${customerKey}` };
  const [body, ours] = await Promise.all([encryptText(JSON.stringify(transaction), customerKey), treeKeyPair(db, deps.cardDataKeys, rootAccountId, now)]);
  const left = deadline - Date.now();
  if (left <= 0) return { answered: false, why: 'deadline passed before the call' };
  let answer;
  try {
    answer = await postOutbound({ url: endpoint.url, body, headers: {}, timeoutMs: left, policy: deps.policy, maxAnswerBytes: MAX_ANSWER_BYTES });
  } catch (e) {
    if (e instanceof OutboundFailure) return { answered: false, why: `${e.kind}: ${e.message}` };
    throw e;
  }
  if (answer.status < 200 || answer.status > 299) return { answered: false, why: `answered HTTP ${answer.status}` };
  if (answer.truncated) return { answered: false, why: `answer larger than ${MAX_ANSWER_BYTES} bytes` };
  let text: string;
  try {
    text = await decryptText(answer.body, ours.privateKey);
  } catch {
    return { answered: false, why: "answer is not a PGP message to payrail's key" };
  }
  return readAnswer(text, transaction.transaction_id);
}

/** The decrypted answer's JSON, checked field by field against the transaction it must answer. */
export function readAnswer(text: string, transactionId: string): PartnerOutcome {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { answered: false, why: 'answer is not JSON' };
  }
  if (typeof json !== 'object' || json === null || Array.isArray(json)) return { answered: false, why: 'answer is not a JSON object' };
  const a = json as Record<string, unknown>;
  if (a.transaction_id !== transactionId) return { answered: false, why: 'answer names another transaction_id' };
  if (typeof a.response_code !== 'string' || !RESPONSE_CODE.test(a.response_code)) return { answered: false, why: 'response_code is not a two-character code' };
  const ref = a.partner_reference_id ?? '';
  if (typeof ref !== 'string' || ref.length > 255) return { answered: false, why: 'partner_reference_id is not a string of at most 255 characters' };
  return { answered: true, responseCode: a.response_code, partnerReferenceId: ref };
}
