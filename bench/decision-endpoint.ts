import http from 'node:http';
import type { AddressInfo } from 'node:net';
import * as openpgp from 'openpgp';

/**
 * The bench's customer decision endpoint (issue 11), its own process so its PGP work does not share
 * a core's event loop with the load generator: a key pair as the official client's
 * generateAuthDecisionKeyPair makes it (RSA 2048), and each request handled as its createHandler
 * does (decrypt, JSON, answer `00` encrypted to payrail's key, 200). `POST /payrail-key` gives it
 * payrail's public key (known once the bench configured the account). Prints
 * `DECISION <port> <base64 of its armored public key>` when ready.
 */
async function main(): Promise<void> {
  const pair = await openpgp.generateKey({ type: 'rsa', rsaBits: 2048, userIDs: [{ name: 'Bench customer', email: 'bench@customer.test' }], format: 'armored' });
  const privateKey = await openpgp.readPrivateKey({ armoredKey: pair.privateKey });
  let payrailKey: openpgp.Key | undefined;

  const read = async (req: http.IncomingMessage): Promise<string> => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    return Buffer.concat(chunks).toString('utf8');
  };

  const server = http.createServer((req, res) => {
    void (async () => {
      const body = await read(req);
      if (req.url === '/payrail-key') {
        payrailKey = await openpgp.readKey({ armoredKey: body });
        res.writeHead(204).end();
        return;
      }
      try {
        const { data } = await openpgp.decrypt({ message: await openpgp.readMessage({ armoredMessage: body }), decryptionKeys: privateKey });
        const tx = JSON.parse(data as string) as { transaction_id: string };
        const answer = JSON.stringify({ transaction_id: tx.transaction_id, response_code: '00', partner_reference_id: `bench-${tx.transaction_id.slice(0, 8)}` });
        const encrypted = await openpgp.encrypt({ message: await openpgp.createMessage({ text: answer }), encryptionKeys: payrailKey! });
        res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8' });
        res.end(encrypted as string);
      } catch {
        // As the client's handler: no answer (payrail's timeout strategy decides).
      }
    })();
  });
  server.keepAliveTimeout = 1000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  process.stdout.write(`DECISION ${(server.address() as AddressInfo).port} ${Buffer.from(pair.publicKey).toString('base64')}\n`);
  process.on('SIGTERM', () => server.close(() => process.exit(0)));
}

void main();
