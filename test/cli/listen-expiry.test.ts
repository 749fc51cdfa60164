import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { PayrailApi } from '../../src/cli/api';
import { newSigningSecret, startListening } from '../../src/cli/listen';
import { clientOf } from '../support/client';
import { makeMaster } from '../support/tenants';
import { createBeneficiary } from '../wallet/payouts/fixtures';
import { startLiveApp, untilSubscribers, type LiveApp } from '../live/support';

/**
 * `npm run cli -- listen` runs for hours: the server closes its socket when the token expires
 * (4401 "Token expired"), and the CLI signs in again with a fresh token and goes on forwarding.
 */
let live: LiveApp;
let receiver: http.Server;
let forwardTo: string;
const received: string[] = [];

beforeAll(async () => {
  live = await startLiveApp();
  receiver = http.createServer((req, res) => {
    let body = '';
    req.on('data', (d: Buffer) => (body += d.toString()));
    req.on('end', () => {
      received.push((JSON.parse(body) as { source_id: string }).source_id);
      res.end('ok');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  forwardTo = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
});
afterAll(async () => {
  await new Promise((resolve) => receiver.close(resolve));
  await live.t.close();
});

async function until<T>(what: string, probe: () => T | undefined, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

it('reconnects with a fresh token when the server closes the socket at the token expiry, and forwards what follows', async () => {
  const tenant = await makeMaster(live.t.services, { name: 'Long listener' });
  const lines: string[] = [];
  const api = new PayrailApi(live.base, { clientId: tenant.clientId, apiKey: tenant.apiKey, source: 'test' });
  const listening = startListening({ api, forwardTo, events: new Set(), secret: newSigningSecret(), out: (l) => lines.push(l) });
  let failed: unknown;
  listening.done.catch((err: unknown) => (failed = err));
  try {
    await untilSubscribers(live.base, 1);
    live.t.clock.advance(live.t.services.config.tokenTtlSeconds);
    await until('the reconnection', () => lines.find((l) => l === 'reconnected'));
    expect(lines).toContain('the access token expired, signing in again…');
    await untilSubscribers(live.base, 1);
    const beneficiary = await createBeneficiary(await clientOf(live.t, tenant));
    await until('the forwarded event', () => received.find((id) => id === beneficiary));
    expect(failed).toBeUndefined();
  } finally {
    await listening.stop();
  }
});
