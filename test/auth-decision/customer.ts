import http from 'node:http';
import type { AddressInfo } from 'node:net';
import * as openpgp from 'openpgp';

/**
 * A customer's decision endpoint built as the official client builds it (uqpay-node
 * `generateAuthDecisionKeyPair`, `PgpContext`, `AuthDecisionResource.createHandler`), re-implemented
 * here from reading it:
 * - the key pair: RSA 2048, one user id {name, email}, armored;
 * - a request: the whole body read as UTF-8, `readMessage({armoredMessage})`, decrypted with the
 *   private key alone (no signature is verified), JSON-parsed;
 * - the answer: `{transaction_id, response_code, partner_reference_id: result.partner_reference_id ?? ''}`
 *   stringified, `createMessage({text})`, encrypted to payrail's public key (armored, unsigned), sent
 *   with 200 and `Content-Type: application/json; charset=utf-8`;
 * - on any error (or `decide` taking over 4.5 s), nothing is sent at all, so payrail's timeout
 *   strategy applies.
 */

export interface Transaction {
  transaction_id: string;
  [field: string]: unknown;
}
export interface Decision {
  response_code: string;
  partner_reference_id?: string;
}
/** How the endpoint answers: the client's handler with a `decide`, or a raw body (for invalid answers). */
export type Behaviour = { decide: (t: Transaction) => Decision | Promise<Decision> } | { raw: (t: Transaction, encrypt: (text: string) => Promise<string>) => Promise<string> };

export interface KeyPair {
  publicKey: string;
  privateKey: string;
}

/** As generateAuthDecisionKeyPair: RSA 2048, armored. */
export async function customerKeyPair(name = 'Customer', email = 'decisions@customer.test'): Promise<KeyPair> {
  const { publicKey, privateKey } = await openpgp.generateKey({ type: 'rsa', rsaBits: 2048, userIDs: [{ name, email }], format: 'armored' });
  return { publicKey, privateKey };
}

const DECIDE_TIMEOUT_MS = 4500;

export interface Customer {
  url: string;
  /** Every transaction the endpoint decrypted, in order. */
  received: Transaction[];
  /** The raw request bodies and content types, as they arrived. */
  raw: { body: string; contentType: string | undefined }[];
  behave(b: Behaviour): void;
  /** payrail's public key to encrypt answers to (from GET /v1/issuing/auth_decision). */
  usePayrailKey(armored: string): Promise<void>;
  close(): Promise<void>;
}

export async function startCustomer(keys: KeyPair): Promise<Customer> {
  const privateKey = await openpgp.readPrivateKey({ armoredKey: keys.privateKey });
  let payrailKey: openpgp.Key | undefined;
  let behaviour: Behaviour = { decide: () => ({ response_code: '00' }) };
  const received: Transaction[] = [];
  const raw: Customer['raw'] = [];

  const encrypt = async (text: string): Promise<string> => {
    const message = await openpgp.createMessage({ text });
    return (await openpgp.encrypt({ message, encryptionKeys: payrailKey! })) as string;
  };

  const handle = async (req: http.IncomingMessage, res: http.ServerResponse) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks).toString('utf8');
    raw.push({ body, contentType: req.headers['content-type'] });
    try {
      const message = await openpgp.readMessage({ armoredMessage: body });
      const { data } = await openpgp.decrypt({ message, decryptionKeys: privateKey });
      const transaction = JSON.parse(data as string) as Transaction;
      received.push(transaction);
      const b = behaviour;
      let answer: string;
      if ('raw' in b) {
        answer = await b.raw(transaction, encrypt);
      } else {
        let timer: NodeJS.Timeout | undefined;
        const result = await Promise.race([
          Promise.resolve(b.decide(transaction)).finally(() => clearTimeout(timer)),
          new Promise<never>((_, reject) => {
            timer = setTimeout(() => reject(new Error('decide timed out')), DECIDE_TIMEOUT_MS);
          }),
        ]);
        answer = await encrypt(
          JSON.stringify({ transaction_id: transaction.transaction_id, response_code: result.response_code, partner_reference_id: result.partner_reference_id ?? '' }),
        );
      }
      res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8' });
      res.end(answer);
    } catch {
      // As the client's handler: no answer at all.
    }
  };

  const server = http.createServer((req, res) => void handle(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/auth-decision`,
    received,
    raw,
    behave: (b) => {
      behaviour = b;
    },
    usePayrailKey: async (armored) => {
      payrailKey = await openpgp.readKey({ armoredKey: armored });
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
