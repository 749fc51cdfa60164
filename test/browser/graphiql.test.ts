import { execFileSync } from 'node:child_process';
import http, { type IncomingHttpHeaders } from 'node:http';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { buildSchema, introspectionFromSchema } from 'graphql';
import { registerGraphiql } from '../../src/graphiql/route';
import { nonLoopbackRequests, runGraphiqlQuery, withChromium } from '../support/browser';

const ROOT = path.resolve(__dirname, '../..');
const QUERY = '{ viewer { id name } }';

// Stand-in for the real API: answers introspection from a tiny schema (so GraphiQL gets a valid
// schema) and every other operation with a fixed viewer, recording the request headers.
const standInSchema = buildSchema('type Query { viewer: Viewer } type Viewer { id: ID! name: String }');

interface Recorded {
  headers: IncomingHttpHeaders;
  body: { query?: string; operationName?: string | null };
}

async function startServer(): Promise<{ app: FastifyInstance; baseUrl: string; received: Recorded[] }> {
  const received: Recorded[] = [];
  const app = Fastify({ logger: false });
  await registerGraphiql(app, {});
  app.post('/graphql', async (request) => {
    const body = (request.body ?? {}) as Recorded['body'];
    received.push({ headers: request.headers, body });
    if (body.operationName === 'IntrospectionQuery' || /\b__schema\b/.test(body.query ?? '')) {
      return { data: introspectionFromSchema(standInSchema) };
    }
    return { data: { viewer: { id: 'acc_1', name: 'Demo' } } };
  });
  return { app, baseUrl: await listen(app), received };
}

interface RawResponse {
  statusCode: number;
  headers: IncomingHttpHeaders;
  body: string;
}

/**
 * A request with the path sent exactly as written (fetch would normalise "/a/../b"). Used instead
 * of app.inject: light-my-request requires the ESM-only `cookie` package, which jest does not load.
 */
function rawRequest(baseUrl: string, pathname: string, opts: { method?: string; headers?: Record<string, string> } = {}): Promise<RawResponse> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const req = http.request({ host: hostname, port, path: pathname, method: opts.method ?? 'GET', headers: opts.headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ statusCode: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = app.server.address() as { port: number };
  return `http://127.0.0.1:${port}`;
}

const operations = (received: Recorded[]) => received.filter((r) => r.body.operationName !== 'IntrospectionQuery');

describe('GraphiQL route', () => {
  let app: FastifyInstance;
  let base: string;
  beforeAll(async () => {
    execFileSync(process.execPath, [path.join(ROOT, 'scripts/build-graphiql.js')], { cwd: ROOT, stdio: 'pipe' });
    app = Fastify({ logger: false });
    await registerGraphiql(app, {});
    base = await listen(app);
  }, 120_000);
  afterAll(() => app.close());

  it('serves the page and the assets with their content types', async () => {
    const page = await rawRequest(base, '/graphiql');
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['content-security-policy']).toContain("connect-src 'self'");
    expect(page.body).toContain('/graphiql/app.js');

    const expected: Record<string, string> = {
      'app.js': 'text/javascript; charset=utf-8',
      'app.css': 'text/css; charset=utf-8',
      'editor.worker.js': 'text/javascript; charset=utf-8',
      'json.worker.js': 'text/javascript; charset=utf-8',
      'graphql.worker.js': 'text/javascript; charset=utf-8',
    };
    for (const [file, type] of Object.entries(expected)) {
      const res = await rawRequest(base, `/graphiql/${file}`, { method: 'HEAD' });
      expect([file, res.statusCode, res.headers['content-type']]).toEqual([file, 200, type]);
    }
    const etag = (await rawRequest(base, '/graphiql/app.css')).headers.etag as string;
    expect((await rawRequest(base, '/graphiql/app.css', { headers: { 'if-none-match': etag } })).statusCode).toBe(304);
  });

  it('does not serve anything outside public/graphiql, nor its dotfiles', async () => {
    for (const url of [
      '/graphiql/../package.json',
      '/graphiql/..%2f..%2fpackage.json',
      '/graphiql/%2e%2e/%2e%2e/package.json',
      '/graphiql/..%5c..%5cpackage.json',
      '/graphiql/%00app.js',
      '/graphiql/.build-stamp.json',
      '/graphiql/nope.js',
    ]) {
      const res = await rawRequest(base, url);
      expect([url, res.statusCode]).toEqual([url, 404]);
      expect(res.body).not.toContain('"name"');
    }
  });

  it('answers 503 with a hint when the bundle is not built', async () => {
    const bare = Fastify({ logger: false });
    await registerGraphiql(bare, { publicDir: path.join(ROOT, 'public/does-not-exist') });
    const bareBase = await listen(bare);
    for (const url of ['/graphiql', '/graphiql/app.js']) {
      const res = await rawRequest(bareBase, url);
      expect(res.statusCode).toBe(503);
      expect(res.body).toContain('npm run build');
    }
    await bare.close();
  });
});

describe('GraphiQL in headless Chromium', () => {
  let server: Awaited<ReturnType<typeof startServer>>;
  beforeAll(async () => {
    execFileSync(process.execPath, [path.join(ROOT, 'scripts/build-graphiql.js')], { cwd: ROOT, stdio: 'pipe' });
    server = await startServer();
  }, 120_000);
  afterAll(() => server.app.close());
  beforeEach(() => {
    server.received.length = 0;
  });

  it('runs a query with headers from the headers editor, all from loopback', async () => {
    await withChromium(async ({ page, requests, errors }) => {
      const text = await runGraphiqlQuery(page, server.baseUrl, QUERY, { 'x-auth-token': 'Bearer test-token-1' });
      expect(text).toContain('acc_1');
      expect(JSON.parse(text)).toEqual({ data: { viewer: { id: 'acc_1', name: 'Demo' } } });

      const ops = operations(server.received);
      expect(ops).toHaveLength(1);
      expect(ops[0].body.query).toBe(QUERY);
      expect(ops[0].headers['x-auth-token']).toBe('Bearer test-token-1');
      expect(ops[0].headers['content-type']).toBe('application/json');

      if (process.env.GRAPHIQL_SCREENSHOT) await page.screenshot({ path: process.env.GRAPHIQL_SCREENSHOT });

      // The page, its bundle and all three Monaco workers loaded; nothing left 127.0.0.1.
      for (const asset of ['/graphiql', '/graphiql/app.js', '/graphiql/app.css', '/graphiql/editor.worker.js', '/graphiql/graphql.worker.js', '/graphiql/json.worker.js']) {
        expect(requests).toContain(`${server.baseUrl}${asset}`);
      }
      expect(requests.length).toBeGreaterThan(0);
      expect(nonLoopbackRequests(requests)).toEqual([]);
      expect(requests.every((u) => new URL(u).hostname === '127.0.0.1')).toBe(true);
      expect(errors).toEqual([]);
    });
  });

  it('fills the headers from ?token= and drops the token from the address bar', async () => {
    const multiLine = '# who am I\nquery Me {\n  viewer {\n    id\n    name\n  }\n}';
    await withChromium(async ({ page, requests }) => {
      const text = await runGraphiqlQuery(page, server.baseUrl, multiLine, undefined, { path: '/graphiql?token=tok_abc' });
      expect(text).toContain('acc_1');
      const ops = operations(server.received);
      expect(ops).toHaveLength(1);
      expect(ops[0].body.query).toBe(multiLine);
      expect(ops[0].headers['x-auth-token']).toBe('Bearer tok_abc');
      expect(page.url()).toBe(`${server.baseUrl}/graphiql`);
      expect(nonLoopbackRequests(requests)).toEqual([]);
    });
  });

  it('does not send the untouched "<paste token>" placeholder', async () => {
    await withChromium(async ({ page }) => {
      const text = await runGraphiqlQuery(page, server.baseUrl, QUERY);
      expect(text).toContain('acc_1');
      const headersEditor = await page.locator('.graphiql-editor-tool .graphiql-editor:not(.hidden) .view-lines').innerText();
      expect(headersEditor.replace(/\u00a0/g, ' ')).toContain('"x-auth-token": "Bearer <paste token>"');
      const ops = operations(server.received);
      expect(ops).toHaveLength(1);
      expect(ops[0].headers['x-auth-token']).toBeUndefined();
    });
  });
});
