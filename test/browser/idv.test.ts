import { nonLoopbackRequests, withChromium } from '../support/browser';
import { listeningApp, type ListeningApp } from '../support/listening';
import { holderBody } from '../issuing/cardholders/fixtures';

/** The sandbox's identity-verification page (idv_verification_url) in headless Chromium. */
describe('IDV verification page', () => {
  let app: ListeningApp;
  let base: string;
  const api = (path: string, body?: unknown) => app.api(path, body);

  beforeAll(async () => {
    app = await listeningApp('IDV issuer');
    ({ base } = app);
  }, 60_000);
  afterAll(() => app.close());

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
