import { startTestApp, type TestApp } from '../support/app';
import { checkRestRoute, freshKey, listen } from '../support/replay';
import { applicationBody } from '../onboarding/virtual-account-applications/fixtures';
import { closeTables, REST_NOT_IDEMPOTENT, REST_TABLE } from './replay-table';

/**
 * Every mutating REST route of the registry, replayed (spec 7.1, 7.2, 8; docs/decisions/platform/idempotency.md,
 * Idempotency): the same key and body answers the same, another body under the key is refused,
 * and duplicates fired together make one effect. The table (replay-table.ts) must name every route.
 */

let t: TestApp;
let base: string;

beforeAll(async () => {
  t = await startTestApp();
  base = await listen(t);
});
afterAll(async () => {
  await closeTables();
  await t.close();
});

const mutating = () => t.app.restRoutes.routes.filter((r) => r.method !== 'GET');
const keyOf = (r: { method: string; path: string }) => `${r.method} ${r.path}`;

describe('the table', () => {
  it('has a fixture for every mutating route the layer applies to, and nothing more', () => {
    const layered = mutating().filter((r) => !r.public && r.idempotency !== 'none').map(keyOf).sort();
    expect(Object.keys(REST_TABLE).sort()).toEqual(layered);
  });

  it('lists exactly the mutating routes that are outside the layer by design (public, or idempotency none)', () => {
    const outside = mutating().filter((r) => r.public || r.idempotency === 'none').map(keyOf).sort();
    expect(Object.keys(REST_NOT_IDEMPOTENT).sort()).toEqual(outside);
  });
});

describe('every mutating route', () => {
  const routes = Object.entries(REST_TABLE);
  it.each(routes)('%s: replays the same answer, refuses another body, and makes one effect of concurrent duplicates', async (route, fixture) => {
    const registered = t.app.restRoutes.routes.find((r) => keyOf(r) === route);
    if (!registered) throw new Error(`${route} is not registered`);
    await checkRestRoute(t, base, { route, family: registered.family, prepare: fixture.prepare, shownOnce: fixture.shownOnce });
  });
});

describe('a route with two key contracts', () => {
  it('POST /v1/virtual/accounts with an application body (the official clients\' opaque key): replays, refuses another body, one effect of concurrent duplicates', async () => {
    await checkRestRoute(t, base, {
      route: 'POST /v1/virtual/accounts',
      family: 'account_center',
      prepare: async () => ({ path: '/v1/virtual/accounts', body: applicationBody() }),
      // Not a UUID, which the account-center contract would refuse: any 1-64 characters.
      key: () => `va-application-${freshKey().slice(0, 8)}`,
    });
  });
});
