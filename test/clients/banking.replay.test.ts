import { z } from 'zod';
import { startTestApp, type TestApp } from '../support/app';
import { fundWallet } from '../support/ledger';
import { makeMaster } from '../support/tenants';
import { replayedEveryMethod, Sdk } from './sdk';

/** The official clients' banking methods, each sent as the client sends it (test/clients/sdk.ts). */
let t: TestApp;
let node: Sdk;
let python: Sdk;

beforeAll(async () => {
  t = await startTestApp();
  const tenant = await makeMaster(t.services, { name: 'Banking replay' });
  node = await Sdk.connect(t, 'node', tenant);
  python = await Sdk.connect(t, 'python', tenant);
  await fundWallet(t.services, node.accountId, 'USD', '100.00');
});
afterAll(() => t.close());

const paginated = <T extends z.ZodType>(item: T) => z.object({ data: z.array(item), total_pages: z.number(), total_items: z.number() });
// Node: banking/types.ts Balance
const balance = z.object({ balance_id: z.string(), currency: z.string(), available_balance: z.union([z.string(), z.number()]) });

describe('banking.balances', () => {
  it.each(['node', 'python'] as const)('%s: list', async (sdk) => {
    const caller = sdk === 'node' ? node : python;
    const page = await caller.call('banking.balances.list', { query: { page_number: 1, page_size: 20 } }, paginated(balance));
    expect(page.data.map((b) => b.currency)).toContain('USD');
  });
});

replayedEveryMethod(__filename);
