import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';
import { chromium, type BrowserContext, type Page } from 'playwright-core';

/**
 * Chromium for the browser tests, first found of: CHROMIUM_PATH; a system Chromium (Debian's
 * `chromium` package and its usual names); the Chromium that the @sparticuz/chromium npm package
 * ships compressed, unpacked once into node_modules/.cache. So `npm install && npm test` needs no
 * browser beyond npm (`npx playwright install` cannot download here).
 */
export const SYSTEM_CHROMIUMS = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome', '/usr/bin/google-chrome-stable'];

const REPO = path.resolve(__dirname, '..', '..');

export async function chromiumExecutable(env: NodeJS.ProcessEnv = process.env, systemPaths = SYSTEM_CHROMIUMS): Promise<string> {
  const configured = env.CHROMIUM_PATH;
  if (configured) {
    if (!fs.existsSync(configured)) throw new Error(`CHROMIUM_PATH is ${configured}, which does not exist: point it at a Chromium binary, or unset it`);
    return configured;
  }
  return systemPaths.find((p) => fs.existsSync(p)) ?? unpackNpmChromium();
}

/**
 * The package's bin/chromium.br, brotli-decompressed to node_modules/.cache/payrail-chromium/<version>/.
 * Not its executablePath(): that unpacks into a fixed /tmp/chromium, which test workers starting at
 * once race on and which outlives the checkout. Written to a temp name and renamed, so a
 * concurrent worker sees either nothing or the whole binary.
 */
export async function unpackNpmChromium(): Promise<string> {
  // build/index.js -> the package root (its exports map hides package.json from require).
  const pkgDir = path.resolve(path.dirname(require.resolve('@sparticuz/chromium')), '..');
  const { version } = JSON.parse(fs.readFileSync(path.join(pkgDir, 'package.json'), 'utf8')) as { version: string };
  const dir = path.join(REPO, 'node_modules', '.cache', 'payrail-chromium', version);
  const binary = path.join(dir, 'chromium');
  if (fs.existsSync(binary)) return binary;
  fs.mkdirSync(dir, { recursive: true });
  const tmp = `${binary}.${process.pid}.tmp`;
  try {
    await pipeline(fs.createReadStream(path.join(pkgDir, 'bin', 'chromium.br')), zlib.createBrotliDecompress(), fs.createWriteStream(tmp, { mode: 0o755 }));
    fs.renameSync(tmp, binary);
  } finally {
    fs.rmSync(tmp, { force: true });
  }
  return binary;
}

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export interface ChromiumSession {
  context: BrowserContext;
  page: Page;
  /** Every URL any page or worker of the context requested, in order. */
  requests: string[];
  /** console.error messages and uncaught page errors. */
  errors: string[];
}

/**
 * Runs fn with a headless Chromium using a fresh, throw-away profile (--user-data-dir), then closes
 * it and deletes the profile. Fails (never skips) when no Chromium can be found.
 */
export async function withChromium<T>(fn: (session: ChromiumSession) => Promise<T>): Promise<T> {
  const executablePath = await chromiumExecutable();
  const userDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'payrail-chromium-'));
  let context: BrowserContext | undefined;
  try {
    // launchPersistentContext is how playwright takes --user-data-dir.
    context = await chromium.launchPersistentContext(userDataDir, {
      executablePath,
      headless: true,
      args: CHROMIUM_ARGS,
      viewport: { width: 1280, height: 800 },
      // runGraphiqlQuery pastes into the editors.
      permissions: ['clipboard-read', 'clipboard-write'],
      timeout: 30_000,
    });
    const requests: string[] = [];
    const errors: string[] = [];
    context.on('request', (req) => requests.push(req.url()));
    const watch = (p: Page) => {
      p.on('console', (msg) => {
        if (msg.type() === 'error') errors.push(`console: ${msg.text()}`);
      });
      p.on('pageerror', (err) => errors.push(`pageerror: ${err.message}`));
    };
    context.on('page', watch);
    const page = context.pages()[0] ?? (await context.newPage());
    watch(page);
    return await fn({ context, page, requests, errors });
  } finally {
    await context?.close().catch(() => undefined);
    fs.rmSync(userDataDir, { recursive: true, force: true });
  }
}

/** URLs that left loopback: anything but http(s)/ws(s) to 127.0.0.1, ::1 or localhost, data: and blob:. */
export function nonLoopbackRequests(urls: string[]): string[] {
  return urls.filter((u) => {
    const url = new URL(u);
    if (url.protocol === 'data:' || url.protocol === 'blob:' || u === 'about:blank') return false;
    const loopbackHost = url.hostname === '127.0.0.1' || url.hostname === '[::1]' || url.hostname === 'localhost';
    return !(loopbackHost && ['http:', 'https:', 'ws:', 'wss:'].includes(url.protocol));
  });
}

const QUERY_EDITOR = '.graphiql-query-editor .monaco-editor';
const HEADERS_EDITOR = '.graphiql-editor-tool .graphiql-editor:not(.hidden) .monaco-editor';
const RESPONSE = '.graphiql-response .monaco-editor .view-lines';

/** Visible text of a Monaco editor (Monaco renders spaces as U+00A0). */
async function editorText(page: Page, selector: string): Promise<string> {
  const text = await page.locator(selector).first().innerText();
  return text.replace(/\u00a0/g, ' ');
}

/**
 * Replaces the whole content of a Monaco editor the way a user pasting text would: select all,
 * paste. (Typing, even with keyboard.insertText, runs Monaco's auto-closing brackets and
 * auto-indent on multi-line text and corrupts it; a paste does not.)
 */
async function replaceEditorContent(page: Page, editorSelector: string, text: string): Promise<void> {
  const editor = page.locator(editorSelector).first();
  await editor.locator('.view-lines').click();
  await page.evaluate((t) => navigator.clipboard.writeText(t), text);
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.press('ControlOrMeta+V');
}

/**
 * Opens `${baseUrl}/graphiql`, puts `query` into the query editor and (when given) `headers` into
 * the headers editor and presses the execute button; answers the response pane's text from before.
 */
export async function startGraphiqlOperation(
  page: Page,
  baseUrl: string,
  query: string,
  headers?: Record<string, string>,
  opts: { path?: string; timeoutMs?: number } = {},
): Promise<string> {
  const timeout = opts.timeoutMs ?? 30_000;
  await page.goto(`${baseUrl}${opts.path ?? '/graphiql'}`, { waitUntil: 'load', timeout });
  await page.locator(`${QUERY_EDITOR} .view-lines`).first().waitFor({ state: 'visible', timeout });

  if (headers) {
    await page.locator('.graphiql-editor-tools button[data-name="headers"]').click();
    await page.locator(HEADERS_EDITOR).first().waitFor({ state: 'visible', timeout });
    await replaceEditorContent(page, HEADERS_EDITOR, JSON.stringify(headers, null, 2));
  }
  await replaceEditorContent(page, QUERY_EDITOR, query);

  const before = await editorText(page, RESPONSE).catch(() => '');
  await page.locator('button.graphiql-execute-button').click();
  return before;
}

/** The response pane's text once it contains `needle` (a subscription's pane fills as events arrive). */
export async function graphiqlResponseContaining(page: Page, needle: string, timeoutMs = 30_000): Promise<string> {
  await page.waitForFunction(
    ([sel, n]) => (document.querySelector(sel)?.textContent ?? '').replace(/\u00a0/g, ' ').includes(n),
    [RESPONSE, needle] as const,
    { timeout: timeoutMs },
  );
  return editorText(page, RESPONSE);
}

/**
 * Opens `${baseUrl}/graphiql`, puts `query` into the query editor and (when given) `headers` into
 * the headers editor, runs it with the execute button and returns the response pane's text once a
 * response arrived.
 */
export async function runGraphiqlQuery(
  page: Page,
  baseUrl: string,
  query: string,
  headers?: Record<string, string>,
  opts: { path?: string; timeoutMs?: number } = {},
): Promise<string> {
  const timeout = opts.timeoutMs ?? 30_000;
  const before = await startGraphiqlOperation(page, baseUrl, query, headers, opts);
  await page.waitForFunction(
    ([sel, prev]) => {
      const el = document.querySelector(sel);
      const text = (el?.textContent ?? '').replace(/\u00a0/g, ' ').trim();
      const running = document.querySelector('.graphiql-response .graphiql-spinner');
      return text !== '' && text !== prev.trim() && !running;
    },
    [RESPONSE, before] as const,
    { timeout },
  );
  return editorText(page, RESPONSE);
}
