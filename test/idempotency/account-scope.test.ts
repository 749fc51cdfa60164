import { randomUUID } from 'node:crypto';
import { startTestApp, type TestApp } from '../support/app';
import { registerProbeRoutes } from '../support/probe-routes';
import { auth, makeMaster, makeSub, tokenFor, type Tenant } from '../support/tenants';

/**
 * Idempotency keys belong to the acting account, `(account, key)`, as Stripe scopes them: a tenant
 * can neither find out which keys another tenant used nor claim one before it.
 */

let t: TestApp;
let a: Tenant;
let b: Tenant;
let tokenA: string;
let tokenB: string;

beforeAll(async () => {
  t = await startTestApp({ extraRestModules: [registerProbeRoutes] });
  a = await makeMaster(t.services, { name: 'Tenant A' });
  b = await makeMaster(t.services, { name: 'Tenant B' });
  tokenA = await tokenFor(t, a);
  tokenB = await tokenFor(t, b);
});
afterAll(() => t.close());

const AC = '/api/v1/probe/effects';
const ISS = '/api/v1/issuing/probe/effects';
const post = (url: string, key: string, payload: unknown, token: string, extra: Record<string, string> = {}) =>
  t.inject({ method: 'POST', url, payload: payload as string, headers: { ...auth(token, extra), 'x-idempotency-key': key } });
const subCount = (parentId: string) => t.db.prisma.account.count({ where: { parentId } });

describe('keys scoped to the acting account', () => {
  it('two tenants using the same key both succeed, each with its own effect, and a replay stays within its account', async () => {
    for (const url of [AC, ISS]) {
      const key = randomUUID();
      const [beforeA, beforeB] = [await subCount(a.account.id), await subCount(b.account.id)];
      const first = await post(url, key, { name: 'same words' }, tokenA);
      const second = await post(url, key, { name: 'same words' }, tokenB);
      expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
      expect(second.headers['idempotent-replayed']).toBeUndefined();
      expect(second.body).not.toBe(first.body);
      expect([await subCount(a.account.id), await subCount(b.account.id)]).toEqual([beforeA + 1, beforeB + 1]);

      const replayA = await post(url, key, { name: 'same words' }, tokenA);
      const replayB = await post(url, key, { name: 'same words' }, tokenB);
      expect([replayA.body, replayA.headers['idempotent-replayed']]).toEqual([first.body, 'true']);
      expect([replayB.body, replayB.headers['idempotent-replayed']]).toEqual([second.body, 'true']);
      expect([await subCount(a.account.id), await subCount(b.account.id)]).toEqual([beforeA + 1, beforeB + 1]);
    }
  });

  it('a key another tenant used first is neither revealed nor taken: another body under it still runs', async () => {
    const key = randomUUID();
    expect((await post(AC, key, { name: 'claimed first by B' }, tokenB)).statusCode).toBe(200);
    const mine = await post(AC, key, { name: 'mine' }, tokenA);
    expect(mine.statusCode).toBe(200);
    expect(mine.body).toContain('"mine"');
  });

  it('a master acting for a sub-account (x-on-behalf-of) uses the sub-account\'s keys, apart from its own', async () => {
    const sub = await makeSub(t.services, a, 'Acted for');
    const key = randomUUID();
    const own = await post(AC, key, { name: 'for itself' }, tokenA);
    const forSub = await post(AC, key, { name: 'for the sub' }, tokenA, { 'x-on-behalf-of': sub.id });
    expect([own.statusCode, forSub.statusCode]).toEqual([200, 200]);
    expect(forSub.headers['idempotent-replayed']).toBeUndefined();
    const again = await post(AC, key, { name: 'for the sub' }, tokenA, { 'x-on-behalf-of': sub.id });
    expect([again.body, again.headers['idempotent-replayed']]).toEqual([forSub.body, 'true']);
    const { rows } = await t.db.pool.query<{ account_id: string }>('SELECT account_id FROM idempotency_keys WHERE key = $1 ORDER BY account_id', [key]);
    expect(rows.map((r) => r.account_id)).toEqual([a.account.id, sub.id].sort());
  });
});
