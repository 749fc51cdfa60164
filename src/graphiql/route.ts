import path from 'node:path';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyBaseLogger, FastifyInstance, RawServerDefault } from 'fastify';
import { findRepoRoot, registerBundledPage, sameOriginPolicy } from '../static/bundled-page';

/**
 * Serves the self-hosted GraphiQL bundle built by scripts/build-graphiql.js:
 *   GET /graphiql      the page
 *   GET /graphiql/*    its assets (app.js, app.css, the three Monaco workers)
 */
export interface GraphiqlOptions {
  /** Folder holding index.html and the bundles. Default: <repo root>/public/graphiql. */
  publicDir?: string;
}

/**
 * Only same-origin code, workers and requests. Monaco and React set inline styles, GraphiQL's
 * CSS carries its fonts as data: URLs.
 */
const PAGE_CSP = sameOriginPolicy({ workers: true });

export function defaultGraphiqlDir(): string {
  return path.join(findRepoRoot(), 'public', 'graphiql');
}

const NOT_BUILT =
  'GraphiQL is not built: public/graphiql/index.html is missing.\n' +
  'Run `npm run build` (or `node scripts/build-graphiql.js`) and reload this page.\n';

export async function registerGraphiql<Logger extends FastifyBaseLogger = FastifyBaseLogger>(
  app: FastifyInstance<RawServerDefault, IncomingMessage, ServerResponse, Logger>,
  opts: GraphiqlOptions = {},
): Promise<void> {
  await registerBundledPage(app, { prefix: '/graphiql', dir: opts.publicDir ?? defaultGraphiqlDir(), csp: PAGE_CSP, notBuilt: NOT_BUILT });
}
