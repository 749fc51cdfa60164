import { startTestApp, type TestApp } from '../support/app';
import { auth, makeMaster, tokenFor } from '../support/tenants';

/**
 * A literal segment of a served path is never taken for a parameter's value, in any area: whatever
 * the method, `/v1/issuing/cards/arts` is not a card whose id is `arts`, and `/v1/issuing/cards/orders`
 * (the start of `/cards/orders/{card_order_id}`) is not a card either. Fastify's router prefers a
 * static segment only among the routes of one method, so these are walked over the whole registry.
 */
let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await startTestApp();
  token = await tokenFor(t, await makeMaster(t.services, { name: 'Literal paths' }));
});
afterAll(() => t.close());

const ID = '7d3f4c2a-9b1e-4c55-8a6d-2f0e1b3c4d5e';
const isParameter = (seg: string) => seg.startsWith(':');

/** Every literal segment (from the third on) that some parameter route could take as its value. */
function literalCandidates(): { literal: string; url: string }[] {
  const paths = t.app.restRoutes.routes.map((r) => r.path.split('/'));
  const out = new Map<string, { literal: string; url: string }>();
  for (const segments of paths) {
    segments.forEach((seg, i) => {
      if (i < 3 || isParameter(seg)) return;
      const prefix = segments.slice(0, i);
      const shadowed = paths.some(
        (p) => p.length > i && isParameter(p[i]!) && p.slice(0, i).every((s, j) => isParameter(s) || isParameter(prefix[j]!) || s === prefix[j]),
      );
      if (!shadowed) return;
      const url = `/api${[...prefix, seg].map((s) => (isParameter(s) ? ID : s)).join('/')}`;
      out.set(url, { literal: seg, url });
    });
  }
  return [...out.values()];
}

describe('literal paths beside parameter paths, over every registered route', () => {
  const methods = ['GET', 'POST', 'DELETE'] as const;

  it('finds the places where a parameter route could take a literal (the walk below is not empty)', () => {
    const urls = literalCandidates().map((c) => c.url);
    expect(urls).toEqual(expect.arrayContaining(['/api/v1/issuing/cards/arts', '/api/v1/issuing/cards/orders', '/api/v1/beneficiaries/check']));
  });

  it('never lets a request reach a parameter route with a literal of another path as its value', async () => {
    const reached: string[] = [];
    for (const { literal, url } of literalCandidates()) {
      for (const method of methods) {
        const found = t.app.findRoute({ method, url });
        if (!found || !Object.values(found.params as Record<string, string>).includes(literal)) continue;
        const res = await t.inject({ method, url, headers: auth(token), ...(method === 'GET' ? {} : { payload: {} }) });
        if (res.statusCode !== 404 && res.statusCode !== 405) reached.push(`${method} ${url} -> ${res.statusCode} ${res.body}`);
      }
    }
    expect(reached).toEqual([]);
  });

  it('serves every registered path by its own route for its own method: no literal is bound as a parameter', () => {
    const bound: string[] = [];
    for (const route of t.app.restRoutes.routes) {
      const segments = route.path.split('/');
      const url = `/api${segments.map((s) => (isParameter(s) ? ID : s)).join('/')}`;
      const found = t.app.findRoute({ method: route.method, url });
      const literals = segments.filter((s, i) => i >= 1 && !isParameter(s));
      const values = Object.values((found?.params ?? {}) as Record<string, string>);
      if (!found || values.some((v) => literals.includes(v))) bound.push(`${route.method} ${route.path}`);
    }
    expect(bound).toEqual([]);
  });

  it.each([
    ['GET', '/api/v1/issuing/cards/orders', 404, undefined],
    ['GET', '/api/v1/issuing/cards/manage', 404, undefined],
    ['GET', '/api/v1/issuing/cards/arts/default', 405, 'POST'],
    ['DELETE', '/api/v1/issuing/cards/activate', 405, 'POST'],
    ['GET', '/api/v1/issuing/cards/pin', 405, 'POST'],
  ] as const)('answers %s %s with %d', async (method, url, status, allow) => {
    const res = await t.inject({ method, url, headers: auth(token), ...(method === 'GET' ? {} : { payload: {} }) });
    expect(res.statusCode).toBe(status);
    if (allow) expect(res.headers.allow).toBe(allow);
  });
});
