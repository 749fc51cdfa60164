import { nonLoopbackRequests, withChromium } from '../support/browser';
import { listeningApp, type ListeningApp } from '../support/listening';
import { card, intentBody } from '../acquiring/payments/fixtures';

/** The 3-D Secure challenge page (next_action.redirect_to_url) in headless Chromium. */
describe('3-D Secure challenge page', () => {
  let app: ListeningApp;
  let base: string;
  const api = (path: string, body?: unknown) => app.api(path, body);

  beforeAll(async () => {
    app = await listeningApp('3DS shop');
    ({ base } = app);
  }, 60_000);
  afterAll(() => app.close());

  async function challenged(autoCapture: boolean) {
    const intent = await api('/v2/payment_intents/create', intentBody({ return_url: `${base}/healthz` /* stands for the shop page */ }));
    const confirmed = await api(`/v2/payment_intents/${intent.payment_intent_id}/confirm`, card('4000000000003220', { auto_capture: autoCapture }));
    expect(confirmed.intent_status).toBe('REQUIRES_CUSTOMER_ACTION');
    const url = confirmed.next_action.redirect_to_url.url as string;
    expect(url.startsWith(`${base}/pay/3ds/`)).toBe(true);
    return { id: intent.payment_intent_id as string, url };
  }

  it('completes the challenge: the browser returns to return_url and the intent moves on', async () => {
    const { id, url } = await challenged(false);
    await withChromium(async ({ page, requests, errors }) => {
      await page.goto(url, { waitUntil: 'load' });
      await expect(page.locator('h1').innerText()).resolves.toBe('3-D Secure authentication');
      await expect(page.locator('body').innerText()).resolves.toContain('100 USD');
      await page.locator('button#complete').click();
      await page.waitForURL(`${base}/healthz?payment_intent_id=${id}`);
      expect(nonLoopbackRequests(requests)).toEqual([]);
      expect(errors).toEqual([]);
      // The link is single-use: going back to it shows it is spent.
      await page.goto(url, { waitUntil: 'load' });
      await expect(page.locator('h1').innerText()).resolves.toBe('This authentication link is no longer valid');
    });
    const after = await api(`/v2/payment_intents/${id}`);
    expect(after).toMatchObject({ intent_status: 'REQUIRES_CAPTURE', next_action: null });
    expect(after.latest_payment_attempt).toMatchObject({ attempt_status: 'AUTHORIZED', authentication_data: { three_ds: { three_ds_authentication_status: 'Y', eci: '05' } } });
    const captured = await api(`/v2/payment_intents/${id}/capture`, {});
    expect(captured).toMatchObject({ intent_status: 'SUCCEEDED', captured_amount: '100.00' });
  });

  it('fails the challenge: the attempt fails and the intent waits for another card', async () => {
    const { id, url } = await challenged(true);
    await withChromium(async ({ page }) => {
      await page.goto(url, { waitUntil: 'load' });
      await page.locator('button#fail').click();
      await page.waitForURL(`${base}/healthz?payment_intent_id=${id}`);
    });
    const after = await api(`/v2/payment_intents/${id}`);
    expect(after).toMatchObject({ intent_status: 'REQUIRES_PAYMENT_METHOD' });
    expect(after.latest_payment_attempt).toMatchObject({ attempt_status: 'FAILED', failure_code: 'authentication_failed' });
  });
});
