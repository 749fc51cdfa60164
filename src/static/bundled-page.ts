import fs from 'node:fs';
import path from 'node:path';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest, RawServerDefault } from 'fastify';

/**
 * Serves a page bundled at build time into public/<name>/ (GraphiQL, the API reference):
 *   GET <prefix>      the page (index.html)
 *   GET <prefix>/*    its assets
 * Everything comes from our own origin; the page's Content-Security-Policy forbids anything else.
 */
export interface BundledPage {
  /** URL prefix, e.g. /graphiql. */
  prefix: string;
  /** Folder holding index.html and the assets. */
  dir: string;
  /** Content-Security-Policy of the page. */
  csp: string;
  /** Plain-text answer (503) while index.html is missing: how to build it. */
  notBuilt: string;
}

/**
 * The Content-Security-Policy of a bundled page: everything from our own origin only (inline styles
 * allowed, as both bundles set them at run time); `workers` for a page that starts web workers
 * (GraphiQL's Monaco editor).
 */
export function sameOriginPolicy(opts: { workers?: boolean } = {}): string {
  return [
    "default-src 'none'",
    "script-src 'self'",
    ...(opts.workers ? ["worker-src 'self'"] : []),
    "connect-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "font-src 'self' data:",
    "img-src 'self' data:",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
};

/** The nearest folder above `from` holding package.json (and node_modules or public, so that a
 * package.json copied into dist/ by tsc does not count). Works from src/ and from dist/src/. */
export function findRepoRoot(from: string = __dirname): string {
  let firstWithPackageJson: string | undefined;
  for (let dir = path.resolve(from); ; dir = path.dirname(dir)) {
    if (fs.existsSync(path.join(dir, 'package.json'))) {
      firstWithPackageJson ??= dir;
      if (fs.existsSync(path.join(dir, 'node_modules')) || fs.existsSync(path.join(dir, 'public'))) return dir;
    }
    if (path.dirname(dir) === dir) return firstWithPackageJson ?? process.cwd();
  }
}

/** Generic over the logger so an instance built with `loggerInstance: pino(...)` fits as well. */
export async function registerBundledPage<Logger extends FastifyBaseLogger = FastifyBaseLogger>(
  app: FastifyInstance<RawServerDefault, IncomingMessage, ServerResponse, Logger>,
  page: BundledPage,
): Promise<void> {
  const root = path.resolve(page.dir);

  /** Absolute path of a file inside root, or undefined when the name is unsafe or escapes it. */
  const resolveInside = (relative: string): string | undefined => {
    if (relative.includes('\0') || relative.includes('\\')) return undefined;
    const segments = relative.split('/').filter((s) => s !== '');
    // No dotfiles (the build stamp), no "." or ".." segments.
    if (segments.some((s) => s.startsWith('.'))) return undefined;
    const full = path.resolve(root, ...segments);
    return full.startsWith(root + path.sep) ? full : undefined;
  };

  const notBuilt = (reply: FastifyReply) =>
    reply.code(503).header('content-type', 'text/plain; charset=utf-8').header('cache-control', 'no-store').send(page.notBuilt);

  const sendFile = async (request: FastifyRequest, reply: FastifyReply, file: string) => {
    const stat = await fs.promises.stat(file).catch(() => undefined);
    if (!stat?.isFile()) {
      return reply.code(404).header('content-type', 'text/plain; charset=utf-8').send('Not found\n');
    }
    const etag = `W/"${stat.size.toString(16)}-${Math.floor(stat.mtimeMs).toString(16)}"`;
    const type = CONTENT_TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream';
    reply
      .header('content-type', type)
      .header('x-content-type-options', 'nosniff')
      // Fixed file names: let the browser revalidate each time (cheap 304s).
      .header('cache-control', 'no-cache')
      .header('etag', etag)
      .header('last-modified', stat.mtime.toUTCString());
    if (type.startsWith('text/html')) {
      reply.header('content-security-policy', page.csp).header('referrer-policy', 'no-referrer').header('x-frame-options', 'DENY');
    }
    const inm = request.headers['if-none-match'];
    if (inm !== undefined && inm.split(',').some((t) => t.trim() === etag)) {
      return reply.code(304).send();
    }
    reply.header('content-length', stat.size);
    if (request.method === 'HEAD') return reply.send();
    return reply.send(fs.createReadStream(file));
  };

  const indexFile = path.join(root, 'index.html');
  const index = async (request: FastifyRequest, reply: FastifyReply) => {
    if (!fs.existsSync(indexFile)) return notBuilt(reply);
    return sendFile(request, reply, indexFile);
  };

  app.get(page.prefix, index);
  app.get<{ Params: { '*': string } }>(`${page.prefix}/*`, async (request, reply) => {
    const relative = request.params['*'] ?? '';
    if (relative === '' || relative === 'index.html') return index(request, reply);
    if (!fs.existsSync(indexFile)) return notBuilt(reply);
    const file = resolveInside(relative);
    if (!file) return reply.code(404).header('content-type', 'text/plain; charset=utf-8').send('Not found\n');
    return sendFile(request, reply, file);
  });
}
