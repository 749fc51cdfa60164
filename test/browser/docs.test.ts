import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { nonLoopbackRequests, withChromium } from '../support/browser';
import { startTestApp, type TestApp } from '../support/app';
import { makeMaster, tokenFor, type Tenant } from '../support/tenants';

const ROOT = path.resolve(__dirname, '../..');

async function listen(t: TestApp): Promise<string> {
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = t.app.server.address() as { port: number };
  return `http://127.0.0.1:${port}`;
}

/** Swagger UI's operation block of `METHOD /api/...`. */
const operation = (method: string, apiPath: string) =>
  `.opblock-${method.toLowerCase()}:has(.opblock-summary-path[data-path="${apiPath}"])`;

describe('/docs: the API reference in headless Chromium', () => {
  let t: TestApp;
  let base: string;
  let master: Tenant;
  let token: string;
  beforeAll(async () => {
    execFileSync(process.execPath, [path.join(ROOT, 'scripts/build-docs.js')], { cwd: ROOT, stdio: 'pipe' });
    t = await startTestApp();
    base = await listen(t);
    master = await makeMaster(t.services, { name: 'Docs Co' });
    token = await tokenFor(t, master);
  }, 120_000);
  afterAll(() => t.close());

  it('renders every operation of the local document, with no request leaving loopback', async () => {
    const doc = (await t.inject({ method: 'GET', url: '/api/openapi.json' })).json() as { paths: Record<string, Record<string, unknown>> };
    const expected = Object.entries(doc.paths).flatMap(([p, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${p}`));
    await withChromium(async ({ page, requests, errors }) => {
      await page.goto(`${base}/docs`, { waitUntil: 'load' });
      await page.locator(operation('POST', '/api/v1/payouts')).waitFor({ state: 'visible', timeout: 30_000 });
      const shown = await page.$$eval('.opblock', (blocks) =>
        blocks.map((b) => `${b.querySelector('.opblock-summary-method')?.textContent ?? ''} ${b.querySelector('.opblock-summary-path')?.getAttribute('data-path') ?? ''}`),
      );
      expect([...shown].sort()).toEqual([...expected].sort());

      // An operation opens with its parameters and its schemas, read from the document.
      await page.locator(`${operation('GET', '/api/v1/payouts')} .opblock-summary-control`).click();
      const list = page.locator(operation('GET', '/api/v1/payouts'));
      await list.locator('.parameters').waitFor({ state: 'visible' });
      const parameters = await list.locator('.parameters .parameter__name').allInnerTexts();
      expect(parameters.map((p) => p.replace(/\s*\*?\s*$/, '').trim())).toEqual(
        expect.arrayContaining(['page_number', 'page_size', 'payout_status', 'x-on-behalf-of']),
      );
      await expect(list.locator('.responses-table').innerText()).resolves.toMatch(/total_pages|Payout/);

      for (const asset of ['/docs', '/docs/swagger-ui-bundle.js', '/docs/swagger-ui.css', '/docs/docs.js', '/api/openapi.json']) {
        expect(requests).toContain(`${base}${asset}`);
      }
      expect(nonLoopbackRequests(requests)).toEqual([]);
      expect(errors).toEqual([]);
      if (process.env.DOCS_SCREENSHOT) await page.screenshot({ path: process.env.DOCS_SCREENSHOT, fullPage: false });
    });
  });

  it('calls the API from "Try it out" with the token from ?token=, which leaves the address bar', async () => {
    await withChromium(async ({ page, requests, errors }) => {
      await page.goto(`${base}/docs?token=${token}`, { waitUntil: 'load' });
      const op = page.locator(operation('GET', '/api/v1/payouts'));
      await op.waitFor({ state: 'visible', timeout: 30_000 });
      expect(page.url()).toBe(`${base}/docs`);
      await op.locator('.opblock-summary-control').click();
      await op.locator('button.try-out__btn').click();
      await op.locator('button.execute').click();
      const status = op.locator('.live-responses-table .response .response-col_status').first();
      await status.waitFor({ state: 'visible', timeout: 30_000 });
      expect((await status.innerText()).trim()).toBe('200');
      const body = JSON.parse(await op.locator('.live-responses-table .response-col_description pre.microlight').first().innerText()) as unknown;
      expect(body).toEqual({ total_pages: 0, total_items: 0, data: [] });
      expect(requests).toContain(`${base}/api/v1/payouts?page_number=1&page_size=10`);
      expect(nonLoopbackRequests(requests)).toEqual([]);
      expect(errors).toEqual([]);
    });
  });
});
