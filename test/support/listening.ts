import { startTestApp, type TestApp } from './app';
import { makeMaster, tokenFor, type Tenant } from './tenants';

/** A payrail app listening on a loopback port, with one master and its token: what the browser tests drive. */
export interface ListeningApp {
  t: TestApp;
  /** `http://127.0.0.1:<port>`: the origin the app's links carry and a browser opens. */
  base: string;
  master: Tenant;
  /** A call over the real socket as the master (with its x-client-id, which /v2 needs), answering the JSON body. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  api(path: string, body?: unknown): Promise<Record<string, any>>;
  close(): Promise<void>;
}

export async function listeningApp(masterName: string): Promise<ListeningApp> {
  const t = await startTestApp();
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  const base = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
  const master = await makeMaster(t.services, { name: masterName });
  const token = await tokenFor(t, master);
  return {
    t,
    base,
    master,
    async api(path, body) {
      const res = await fetch(`${base}/api${path}`, {
        method: body === undefined ? 'GET' : 'POST',
        headers: { 'x-auth-token': token, 'x-client-id': master.clientId, 'content-type': 'application/json', 'x-idempotency-key': crypto.randomUUID() },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      return (await res.json()) as Record<string, never>;
    },
    close: () => t.close(),
  };
}
