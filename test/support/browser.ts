import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';

/** Debian's chromium (apt-get install chromium); `npx playwright install` cannot download here. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

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

export function assertChromiumInstalled(): void {
  if (!fs.existsSync(CHROMIUM_PATH)) {
    throw new Error(
      `Chromium not found at ${CHROMIUM_PATH}. Browser tests need Debian's chromium: .ci/run installs it ` +
        '(apt-get update && apt-get install -y --no-install-recommends chromium); do the same locally, ' +
        'or point CHROMIUM_PATH at another Chromium binary.',
    );
  }
}

/**
 * Runs fn with a headless Chromium using a fresh, throw-away profile (--user-data-dir), then closes
 * it and deletes the profile. Fails (never skips) when Chromium is not installed.
 */
export async function withChromium<T>(fn: (session: ChromiumSession) => Promise<T>): Promise<T> {
  assertChromiumInstalled();
  const userDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'payrail-chromium-'));
  let context: BrowserContext | undefined;
  try {
    // launchPersistentContext is how playwright takes --user-data-dir.
    context = await chromium.launchPersistentContext(userDataDir, {
      executablePath: CHROMIUM_PATH,
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
