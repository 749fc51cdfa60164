import { execFileSync } from 'node:child_process';
import http, { type IncomingHttpHeaders } from 'node:http';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { registerGraphiql } from '../../src/graphiql/route';
import { nonLoopbackRequests, runGraphiqlQuery, withChromium } from '../support/browser';
import { startTestApp, type TestApp } from '../support/app';
import { makeMaster, tokenFor, type Tenant } from '../support/tenants';

const ROOT = path.resolve(__dirname, '../..');
const QUERY = '{ viewer { id name } }';

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

describe('GraphiQL in headless Chromium, against the real API', () => {
  let t: TestApp;
  let base: string;
  let master: Tenant;
  let token: string;
  beforeAll(async () => {
    execFileSync(process.execPath, [path.join(ROOT, 'scripts/build-graphiql.js')], { cwd: ROOT, stdio: 'pipe' });
    t = await startTestApp();
    base = await listen(t.app);
    master = await makeMaster(t.services, { name: 'Browser Co' });
    token = await tokenFor(t, master);
  }, 120_000);
  afterAll(() => t.close());

  it('runs { viewer { … } } with the token from the headers editor, no request leaving loopback', async () => {
    await withChromium(async ({ page, requests, errors }) => {
      const text = await runGraphiqlQuery(page, base, QUERY, { 'x-auth-token': `Bearer ${token}` });
      expect(JSON.parse(text)).toEqual({ data: { viewer: { id: master.account.id, name: 'Browser Co' } }, extensions: { cost: { requested: 1, limit: 5000 } } });
      if (process.env.GRAPHIQL_SCREENSHOT) await page.screenshot({ path: process.env.GRAPHIQL_SCREENSHOT });
      // The page, its bundle and all three Monaco workers loaded; nothing left 127.0.0.1.
      for (const asset of ['/graphiql', '/graphiql/app.js', '/graphiql/app.css', '/graphiql/editor.worker.js', '/graphiql/graphql.worker.js', '/graphiql/json.worker.js']) {
        expect(requests).toContain(`${base}${asset}`);
      }
      expect(requests).toContain(`${base}/graphql`);
      expect(nonLoopbackRequests(requests)).toEqual([]);
      expect(errors).toEqual([]);
    });
  });

  it('takes the token from ?token= and drops it from the address bar', async () => {
    const multiLine = '# who am I\nquery Me {\n  viewer {\n    id\n    name\n  }\n}';
    await withChromium(async ({ page, requests }) => {
      const text = await runGraphiqlQuery(page, base, multiLine, undefined, { path: `/graphiql?token=${token}` });
      expect(JSON.parse(text)).toEqual({ data: { viewer: { id: master.account.id, name: 'Browser Co' } }, extensions: { cost: { requested: 1, limit: 5000 } } });
      expect(page.url()).toBe(`${base}/graphiql`);
      expect(nonLoopbackRequests(requests)).toEqual([]);
    });
  });

  it('does not send the untouched placeholder: viewer answers the authorization error', async () => {
    await withChromium(async ({ page }) => {
      const text = await runGraphiqlQuery(page, base, QUERY);
      expect(JSON.parse(text).errors[0].extensions).toMatchObject({ code: 'authorization_error', httpStatus: 403 });
    });
  });
});
