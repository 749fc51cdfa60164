import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { AREAS, EVENT_PAYLOADS, JOURNAL_ENTRY_KINDS, LEDGER_REFERENCE_TYPES, ROW_INSERTED_TABLES } from '../../src/domain/areas';
import { EVENT_CATALOGUE } from '../../src/domain/event-names';
import { declaredEvents } from '../../src/platform/events/catalogue';
import { REST_AREAS } from '../../src/rest-compat/areas';
import { GRAPHQL_AREAS } from '../../src/resolvers/areas';

// The writer of the lists is plain Node (the build runs it before tsc).
// eslint-disable-next-line @typescript-eslint/no-require-imports
const areas = require('../../scripts/areas.js') as {
  generate(src: string): Record<string, string>;
  stale(root?: string): string[];
};

const ROOT = path.resolve(__dirname, '..', '..');

const scratch: string[] = [];
afterAll(() => {
  for (const dir of scratch) fs.rmSync(dir, { recursive: true, force: true });
});

/** Writes `files` (path -> text) under a fresh directory, which is returned (and removed after the file). */
function tree(files: Record<string, string>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'payrail-areas-'));
  scratch.push(dir);
  for (const [file, text] of Object.entries(files)) {
    fs.mkdirSync(path.join(dir, path.dirname(file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), text);
  }
  return dir;
}

describe('the registry of areas', () => {
  it('is what the area folders say: the written lists are up to date (npm run areas)', () => {
    expect(areas.stale(ROOT)).toEqual([]);
  });

  it('lists every area folder of the domain, and each door area is one of them', () => {
    const folders = ['wallet', 'acquiring', 'issuing', 'onboarding', 'developers'].flatMap((g) =>
      fs
        .readdirSync(path.join(ROOT, 'src', 'domain', g), { withFileTypes: true })
        .filter((e) => e.isDirectory())
        .map((e) => `${g}/${e.name}`),
    );
    expect(Object.keys(AREAS).sort()).toEqual(folders.sort());
    const domain = new Set(Object.keys(AREAS));
    const doorOnly = ['developers/events'];
    expect([...Object.keys(REST_AREAS), ...Object.keys(GRAPHQL_AREAS)].filter((a) => !domain.has(a) && !doorOnly.includes(a))).toEqual([]);
  });

  it("gathers the tables the areas' write sets insert into, each from the area that owns it", () => {
    expect(new Set(ROW_INSERTED_TABLES).size).toBe(ROW_INSERTED_TABLES.length);
    expect(AREAS['acquiring/payments'].tables).toEqual(['payment_intents', 'payment_attempts']);
    expect([...ROW_INSERTED_TABLES].sort()).toEqual(
      ['card_orders', 'card_transactions', 'conversions', 'deposits', 'issuing_reports', 'issuing_transfers', 'payment_attempts', 'payment_intents', 'payment_payouts', 'payouts', 'refunds', 'rfis', 'transfers', 'virtual_accounts'],
    );
  });

  it('gathers the ledger references and entry kinds, each declared by one area', () => {
    for (const list of [LEDGER_REFERENCE_TYPES, JOURNAL_ENTRY_KINDS]) expect(new Set(list).size).toBe(list.length);
    expect([...LEDGER_REFERENCE_TYPES].sort()).toEqual(
      ['CARD', 'CARD_TRANSACTION', 'CONVERSION', 'DEPOSIT', 'ISSUING_TRANSFER', 'PAYMENT_INTENT', 'PAYMENT_PAYOUT', 'PAYOUT', 'REFUND', 'SETTLEMENT', 'TRANSFER'],
    );
    expect(JOURNAL_ENTRY_KINDS).toHaveLength(23);
    expect(AREAS['acquiring/refunds'].entryKinds).toEqual(['REFUND', 'REFUND_COMPLETED', 'REFUND_RETURNED']);
  });

  it('gathers the event names, each declared by one area with its type; the loaded registry has declared them all', () => {
    const perArea = Object.keys(AREAS).flatMap((a) => {
      const file = path.join(ROOT, 'src', 'domain', a, 'event-names.ts');
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      return fs.existsSync(file) ? Object.keys((require(file) as { events: Record<string, string> }).events) : [];
    });
    expect(new Set(perArea).size).toBe(perArea.length);
    expect(Object.keys(EVENT_CATALOGUE).sort()).toEqual([...perArea].sort());
    expect(Object.keys(EVENT_CATALOGUE)).toHaveLength(78);
    expect([...declaredEvents().keys()].sort()).toEqual(Object.keys(EVENT_CATALOGUE).sort());
    expect(EVENT_CATALOGUE['transfer.create.succeeded']).toBe('PAYOUT');
  });

  it('files each stored kind under the area that declares it, once', () => {
    const declared = Object.values(AREAS).flatMap((a) => a.payloads.map((p) => p.kind));
    expect(new Set(declared).size).toBe(declared.length);
    expect(Object.keys(EVENT_PAYLOADS).sort()).toEqual([...declared].sort());
    expect(EVENT_PAYLOADS.payout).toBe(AREAS['wallet/payouts'].payloads[0]);
  });

  it('takes in a new area from its own folders alone: the registry, its event names, tables, ledger references, entry kinds and stored kinds, and both doors with their routes, presenters, resolvers and objects', () => {
    // An example area, "wallet/standing-orders", beside one that exists: only its folders are added.
    // (Its lifecycle, if it has one, is loaded by its area.ts: nothing else names it.)
    const before = tree({
      'domain/wallet/payouts/area.ts': '',
      'rest-compat/wallet/payouts/index.ts': '',
      'resolvers/wallet/payouts/index.ts': '',
    });
    const after = tree({
      'domain/wallet/payouts/area.ts': '',
      'rest-compat/wallet/payouts/index.ts': '',
      'resolvers/wallet/payouts/index.ts': '',
      'domain/wallet/standing-orders/event-names.ts': "export const events = defineEvents({ 'standing_order.create.succeeded': 'PAYOUT' });\n",
      'domain/wallet/standing-orders/area.ts':
        "export const area = defineArea({ payloads: [standingOrderPayload], tables: ['standing_orders'], ledgerReferences: ['STANDING_ORDER'], entryKinds: ['STANDING_ORDER'] });\n",
      'rest-compat/wallet/standing-orders/index.ts': 'export const rest = restArea({ routes: [registerStandingOrderRoutes], presenters: { standing_order: toRestStandingOrder } });\n',
      'resolvers/wallet/standing-orders/index.ts': 'export const graphql = graphqlArea({ resolvers: [StandingOrdersResolver] });\n',
    });
    const [was, is] = [areas.generate(before), areas.generate(after)];
    const added = (file: string) => is[file]!.split('\n').filter((line) => !was[file]!.split('\n').includes(line));
    expect(added('src/domain/areas.ts')).toEqual([
      "import { area as wallet_standingOrders } from './wallet/standing-orders/area';",
      "  'wallet/standing-orders': wallet_standingOrders,",
      '  ...wallet_standingOrders.tables,',
      '  ...wallet_standingOrders.ledgerReferences,',
      '  ...wallet_standingOrders.entryKinds,',
      '  ...wallet_standingOrders.payloads,',
      '  ...wallet_standingOrders.statusColumns,',
      '  ...wallet_standingOrders.nodes,',
    ]);
    expect(added('src/domain/event-names.ts')).toEqual([
      "import { events as wallet_standingOrders } from './wallet/standing-orders/event-names';",
      '  ...wallet_standingOrders,',
    ]);
    expect(added('src/rest-compat/areas.ts')).toEqual([
      "import { rest as wallet_standingOrders } from './wallet/standing-orders';",
      "  'wallet/standing-orders': wallet_standingOrders,",
      '  ...wallet_standingOrders.presenters,',
    ]);
    expect(added('src/resolvers/areas.ts')).toEqual([
      "import { graphql as wallet_standingOrders } from './wallet/standing-orders';",
      "  'wallet/standing-orders': wallet_standingOrders,",
      '  ...wallet_standingOrders.objects,',
    ]);
  });

  it('refuses a door area that the domain does not have', () => {
    const src = tree({ 'domain/wallet/payouts/area.ts': '', 'rest-compat/wallet/standing-orders/index.ts': '' });
    expect(() => areas.generate(src)).toThrow('rest-compat: wallet/standing-orders is no area of src/domain');
  });
});
