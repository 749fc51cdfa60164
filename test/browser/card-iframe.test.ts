import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { nonLoopbackRequests, withChromium } from '../support/browser';
import { startTestApp, type TestApp } from '../support/app';
import type { Client } from '../support/client';
import { activeCard, panOf, revealer } from '../issuing/card-secure/fixtures';

/**
 * The card iframe page in headless Chromium, framed by a shop page on another origin, as the
 * official client's getSecureIframeUrl is used: the shop's page embeds `/iframe/card?token&cardId`.
 */
describe('card iframe page in a browser', () => {
  let t: TestApp;
  let c: Client;
  let base: string;
  const shops: { server: http.Server; origin: string }[] = [];

  /** A shop page on its own loopback port (another origin) that frames the URL in its `src` query. */
  async function shop(): Promise<string> {
    const server = http.createServer((req, res) => {
      const src = new URL(req.url ?? '/', 'http://x').searchParams.get('src') ?? '';
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(`<!doctype html><html><body><h1>Shop</h1><iframe id="card" width="400" height="300" src="${src.replace(/"/g, '&quot;')}"></iframe></body></html>`);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    shops.push({ server, origin });
    return origin;
  }

  let allowedShop: string;
  let otherShop: string;

  beforeAll(async () => {
    allowedShop = await shop();
    otherShop = await shop();
    t = await startTestApp({ config: { cardIframeAncestors: [allowedShop] } });
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    base = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
    c = await revealer(t, 'Browser shop');
  }, 60_000);
  afterAll(async () => {
    for (const s of shops) await new Promise<void>((resolve) => s.server.close(() => resolve()));
    await t.close();
  });

  async function iframeUrl(id: string): Promise<string> {
    const res = await c.post(`/v1/issuing/cards/${id}/token`, {}, { key: null });
    expect(res.status).toBe(200);
    return `${base}/iframe/card?${new URLSearchParams({ token: res.body.token as string, cardId: id, lang: 'en' }).toString()}`;
  }

  const shopPage = (origin: string, src: string) => `${origin}/?src=${encodeURIComponent(src)}`;

  it('shows the card number inside the shop page, and the error page when the token is used again', async () => {
    const id = await activeCard(c);
    const pan = await panOf(t, id);
    const src = await iframeUrl(id);
    await withChromium(async ({ page, requests, errors }) => {
      await page.goto(shopPage(allowedShop, src), { waitUntil: 'load' });
      const frame = page.frameLocator('iframe#card');
      await expect(frame.locator('#card-number').innerText()).resolves.toBe(pan);
      await expect(frame.locator('#expiry').innerText()).resolves.toMatch(/^\d{2}\/\d{2}$/);
      expect(errors).toEqual([]);
      await page.goto(shopPage(allowedShop, src), { waitUntil: 'load' });
      await expect(frame.locator('h1#error').innerText()).resolves.toBe('Card details unavailable');
      await expect(frame.locator('body').innerText()).resolves.not.toContain(pan);
      expect(nonLoopbackRequests(requests)).toEqual([]);
      // The spent token's page answers 400, which Chromium reports as a failed resource; nothing else.
      expect(errors).toEqual(['console: Failed to load resource: the server responded with a status of 400 (Bad Request)']);
    });
  });

  it('is not rendered inside a page of an origin that is not allowed to frame it', async () => {
    const id = await activeCard(c);
    const src = await iframeUrl(id);
    await withChromium(async ({ page }) => {
      await page.goto(shopPage(otherShop, src), { waitUntil: 'load' });
      await expect(page.locator('h1').innerText()).resolves.toBe('Shop');
      await expect(page.frameLocator('iframe#card').locator('#card-number').count()).resolves.toBe(0);
    });
  });
});
