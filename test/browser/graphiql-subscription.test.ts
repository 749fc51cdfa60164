import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { graphiqlResponseContaining, nonLoopbackRequests, startGraphiqlOperation, withChromium } from '../support/browser';
import { clientOf } from '../support/client';
import { fundWallet } from '../support/ledger';
import { makeMaster, tokenFor } from '../support/tenants';
import { createBeneficiary, createPayout, payoutBody } from '../wallet/payouts/fixtures';
import { startLiveApp, untilSubscribers, type LiveApp } from '../live/support';

const ROOT = path.resolve(__dirname, '../..');
const SUBSCRIPTION = 'subscription {\n  events(filter: {types: ["payout.create.succeeded"]}) {\n    type\n    objectId\n  }\n}';

let live: LiveApp;
beforeAll(async () => {
  execFileSync(process.execPath, [path.join(ROOT, 'scripts/build-graphiql.js')], { cwd: ROOT, stdio: 'pipe' });
  live = await startLiveApp();
}, 120_000);
afterAll(() => live.t.close());

describe('GraphiQL subscribes over graphql-ws', () => {
  it("runs subscription { events } with the token from the headers editor and shows a payout's event as it commits", async () => {
    const master = await makeMaster(live.t.services, { name: 'Dashboard Co' });
    const token = await tokenFor(live.t, master);
    const c = await clientOf(live.t, master);
    await fundWallet(live.t.services, master.account.id, 'USD', '1000.00');
    const beneficiary = await createBeneficiary(c);
    await withChromium(async ({ page, requests, errors }) => {
      const sockets: string[] = [];
      page.on('websocket', (ws) => sockets.push(ws.url()));
      await startGraphiqlOperation(page, live.base, SUBSCRIPTION, { 'x-auth-token': `Bearer ${token}` });
      // The page's socket is open and its subscription registered: now the payout commits.
      await untilSubscribers(live.base, 1);
      const payout = await createPayout(c, payoutBody(beneficiary));
      const text = await graphiqlResponseContaining(page, payout);
      expect(text).toContain('payout.create.succeeded');
      // One WebSocket, same origin and path as the HTTP endpoint (playwright lists sockets apart from requests).
      expect(sockets).toEqual([live.wsUrl]);
      expect(nonLoopbackRequests(requests)).toEqual([]);
      expect(errors).toEqual([]);
    });
    await untilSubscribers(live.base, 0);
  });
});
