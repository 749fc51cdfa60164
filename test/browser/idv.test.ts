import { nonLoopbackRequests, withChromium } from '../support/browser';
import { startTestApp, type TestApp } from '../support/app';
import { makeMaster, tokenFor, type Tenant } from '../support/tenants';
import { holderBody } from '../cardholders/fixtures';

/** The sandbox's identity-verification page (idv_verification_url) in headless Chromium. */
describe('IDV verification page', () => {
  let t: TestApp;
  let base: string;
  let master: Tenant;
  let token: string;

  beforeAll(async () => {
    t = await startTestApp();
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    base = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
    master = await makeMaster(t.services, { name: 'IDV issuer' });
    token = await tokenFor(t, master);
  }, 60_000);
  afterAll(() => t.close());

  /** A call over the real listening socket, so the link carries the origin a browser uses. */
  async function api(path: string, body: unknown = undefined) {
    const res = await fetch(`${base}/api${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { 'x-auth-token': token, 'content-type': 'application/json', 'x-idempotency-key': crypto.randomUUID() },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    return (await res.json()) as Record<string, any>;
  }

  async function redirected() {
    const ref = await api('/v1/issuing/cardholders', holderBody({ first_name: 'Ada', last_name: 'Lovelace', kyc_verification: { method: 'SUMSUB_REDIRECT' } }));
    expect(ref.cardholder_status).toBe('PENDING');
    const url = ref.idv_verification_url as string;
    expect(url.startsWith(`${base}/issuing/idv/`)).toBe(true);
    return { id: ref.cardholder_id as string, url };
  }

  it('approves: the check passes, and the link is spent', async () => {
    const { id, url } = await redirected();
    await withChromium(async ({ page, requests, errors }) => {
      await page.goto(url, { waitUntil: 'load' });
      await expect(page.locator('h1').innerText()).resolves.toBe('Identity verification');
      await expect(page.locator('body').innerText()).resolves.toContain('Ada Lovelace');
      await page.locator('button#approve').click();
      await page.waitForURL(`${url}/approve`);
      await expect(page.locator('h1').innerText()).resolves.toBe('Identity verified');
      expect(nonLoopbackRequests(requests)).toEqual([]);
      expect(errors).toEqual([]);
      await page.goto(url, { waitUntil: 'load' });
      await expect(page.locator('h1').innerText()).resolves.toBe('This verification link is no longer valid');
    });
    expect(await api(`/v1/issuing/cardholders/${id}`)).toMatchObject({ cardholder_status: 'SUCCESS', idv_status: 'PASSED', review_status: 'SUCCESS' });
  });

  it('rejects: the check fails', async () => {
    const { id, url } = await redirected();
    await withChromium(async ({ page }) => {
      await page.goto(url, { waitUntil: 'load' });
      await page.locator('button#reject').click();
      await page.waitForURL(`${url}/reject`);
      await expect(page.locator('h1').innerText()).resolves.toBe('Identity verification rejected');
    });
    expect(await api(`/v1/issuing/cardholders/${id}`)).toMatchObject({ cardholder_status: 'FAILED', idv_status: 'FAILED', review_status: 'FAILED' });
  });
});
