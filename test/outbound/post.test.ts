import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { isPublicAddress } from '../../src/runtime/outbound/address-policy';
import { OutboundFailure, postOutbound } from '../../src/runtime/outbound/post';

let server: http.Server;
let base: string;
let port: number;
const received: { path: string; body: string; headers: http.IncomingHttpHeaders }[] = [];

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString('utf8')));
    req.on('end', () => {
      received.push({ path: req.url ?? '', body, headers: req.headers });
      if (req.url === '/redirect') {
        res.writeHead(302, { location: '/ok' }).end();
      } else if (req.url === '/slow') {
        setTimeout(() => res.writeHead(200).end('late'), 2_000).unref();
      } else if (req.url === '/big') {
        res.writeHead(500).end('x'.repeat(10_000));
      } else {
        res.writeHead(200).end('fine');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
  base = `http://127.0.0.1:${port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const sandbox = { allowPrivate: true };
const production = { allowPrivate: false };

test('only public unicast addresses count as public', () => {
  for (const a of ['127.0.0.1', '10.1.2.3', '172.16.0.1', '192.168.1.1', '169.254.169.254', '100.64.0.1', '0.0.0.0', '::1', 'fe80::1', 'fd00::1', '::ffff:10.0.0.1', '224.0.0.1', 'not-an-ip']) {
    expect([a, isPublicAddress(a)]).toEqual([a, false]);
  }
  for (const a of ['8.8.8.8', '93.184.216.34', '2606:4700:4700::1111']) expect([a, isPublicAddress(a)]).toEqual([a, true]);
});

test('the sandbox policy posts to a loopback receiver and returns its answer', async () => {
  const answer = await postOutbound({ url: `${base}/ok`, body: '{"a":1}', headers: { 'x-test': 'yes' }, timeoutMs: 5_000, policy: sandbox });
  expect(answer).toEqual({ status: 200, body: 'fine', truncated: false });
  const last = received[received.length - 1]!;
  expect(last.body).toBe('{"a":1}');
  expect(last.headers['x-test']).toBe('yes');
  expect(last.headers['content-type']).toBe('application/json');
});

test('the production policy refuses a loopback address, given literally or by a name that resolves to it', async () => {
  const before = received.length;
  for (const url of [`${base}/ok`, `http://localhost:${port}/ok`, `http://[::1]:${port}/ok`]) {
    const error = await postOutbound({ url, body: '{}', headers: {}, timeoutMs: 5_000, policy: production }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OutboundFailure);
    expect((error as OutboundFailure).kind).toBe('refused_address');
  }
  expect(received.length).toBe(before);
});

test('a redirect is not followed: the 3xx is the answer', async () => {
  const answer = await postOutbound({ url: `${base}/redirect`, body: '{}', headers: {}, timeoutMs: 5_000, policy: sandbox });
  expect(answer.status).toBe(302);
  expect(received[received.length - 1]!.path).toBe('/redirect');
});

test('no answer within the deadline is a timeout', async () => {
  const error = await postOutbound({ url: `${base}/slow`, body: '{}', headers: {}, timeoutMs: 200, policy: sandbox }).catch((e: unknown) => e);
  expect((error as OutboundFailure).kind).toBe('timeout');
});

test('a long answer is cut at the limit and marked truncated', async () => {
  const answer = await postOutbound({ url: `${base}/big`, body: '{}', headers: {}, timeoutMs: 5_000, policy: sandbox, maxAnswerBytes: 100 });
  expect(answer).toEqual({ status: 500, body: 'x'.repeat(100), truncated: true });
});

test('only http and https URLs are called', async () => {
  for (const url of ['ftp://example.com/x', 'file:///etc/passwd', 'nonsense']) {
    const error = await postOutbound({ url, body: '{}', headers: {}, timeoutMs: 1_000, policy: sandbox }).catch((e: unknown) => e);
    expect((error as OutboundFailure).kind).toBe('bad_url');
  }
});
