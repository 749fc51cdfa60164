import path from 'node:path';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyBaseLogger, FastifyInstance, RawServerDefault } from 'fastify';
import { findRepoRoot, registerBundledPage, sameOriginPolicy } from '../static/bundled-page';

/**
 * Serves the API reference put into public/docs by scripts/build-docs.js (Swagger UI on the local
 * /api/openapi.json):
 *   GET /docs      the page
 *   GET /docs/*    its assets (swagger-ui-bundle.js, swagger-ui.css, docs.js)
 */
export interface DocsOptions {
  /** Folder holding index.html and the assets. Default: <repo root>/public/docs. */
  publicDir?: string;
}

/**
 * Only same-origin code and requests: the document, and the calls "Try it out" sends to this
 * server. Swagger UI sets inline styles; its icons are data: URLs.
 */
const PAGE_CSP = sameOriginPolicy();

export function defaultDocsDir(): string {
  return path.join(findRepoRoot(), 'public', 'docs');
}

const NOT_BUILT =
  'The API reference is not built: public/docs/index.html is missing.\n' +
  'Run `npm run build` (or `node scripts/build-docs.js`) and reload this page. ' +
  'The OpenAPI document itself is at /api/openapi.json.\n';

export async function registerDocs<Logger extends FastifyBaseLogger = FastifyBaseLogger>(
  app: FastifyInstance<RawServerDefault, IncomingMessage, ServerResponse, Logger>,
  opts: DocsOptions = {},
): Promise<void> {
  await registerBundledPage(app, { prefix: '/docs', dir: opts.publicDir ?? defaultDocsDir(), csp: PAGE_CSP, notBuilt: NOT_BUILT });
}
