import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { allows, isGlobalUnicast } from '../../src/platform/runtime/outbound/address-policy';
import { failureKindOf, OutboundFailure, postOutbound } from '../../src/platform/runtime/outbound/post';

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

/** The explicit opt-in of a local sandbox, and the policy of every other process. */
const sandbox = { allowLoopback: true };
const production = { allowLoopback: false };

test('only global unicast addresses count as global unicast', () => {
  for (const a of ['127.0.0.1', '10.1.2.3', '172.16.0.1', '192.168.1.1', '169.254.169.254', '100.64.0.1', '0.0.0.0', '::1', 'fe80::1', 'fd00::1', '::ffff:10.0.0.1', '224.0.0.1', 'not-an-ip']) {
    expect([a, isGlobalUnicast(a)]).toEqual([a, false]);
  }
  for (const a of ['8.8.8.8', '93.184.216.34', '2606:4700:4700::1111', '::ffff:8.8.8.8']) expect([a, isGlobalUnicast(a)]).toEqual([a, true]);
});

test('refuses IPv4-compatible IPv6 and every other address that is not global unicast, embedded IPv4 forms included', () => {
  const refused = {
    'IPv4-compatible (::/96), loopback inside': '::127.0.0.1',
    'IPv4-compatible, written in hex': '::7f00:1',
    'IPv4-compatible, private inside': '::a00:1',
    'IPv4-compatible, public inside': '::8.8.8.8',
    'IPv4-mapped private': '::ffff:192.168.0.1',
    'IPv4-translated (RFC 6145)': '::ffff:0:7f00:1',
    'NAT64 (64:ff9b::/96)': '64:ff9b::7f00:1',
    'NAT64 local-use (64:ff9b:1::/48)': '64:ff9b:1::a00:1',
    '6to4 (2002::/16)': '2002:7f00:1::1',
    'Teredo (2001::/32)': '2001:0:4136:e378:8000:63bf:3fff:fdd2',
    'documentation (2001:db8::/32)': '2001:db8::1',
    'benchmarking (2001:2::/48)': '2001:2::1',
    'ORCHIDv2': '2001:20::1',
    'discard-only (100::/64)': '100::1',
    'site-local (fec0::/10)': 'fec0::1',
    'outside 2000::/3': '4000::1',
    'unspecified': '::',
    'multicast': 'ff02::1',
    'IPv4 reserved (240/4)': '240.0.0.1',
    'IPv4 documentation': '192.0.2.1',
    'IPv4 benchmarking': '198.18.0.1',
    'IPv4 broadcast': '255.255.255.255',
  };
  for (const [what, a] of Object.entries(refused)) {
    expect([what, isGlobalUnicast(a), allows(sandbox, a)]).toEqual([what, false, false]);
  }
});

test('the loopback opt-in adds loopback and nothing else', () => {
  for (const a of ['127.0.0.1', '127.1.2.3', '::1', '::ffff:127.0.0.1']) expect([a, allows(sandbox, a), allows(production, a)]).toEqual([a, true, false]);
  for (const a of ['10.0.0.1', '192.168.1.1', '169.254.169.254', 'fd00::1', '::127.0.0.1']) expect([a, allows(sandbox, a)]).toEqual([a, false]);
});

test('the sandbox opt-in posts to a loopback receiver and returns its answer', async () => {
  const answer = await postOutbound({ url: `${base}/ok`, body: '{"a":1}', headers: { 'x-test': 'yes' }, timeoutMs: 5_000, policy: sandbox });
  expect(answer).toEqual({ status: 200, body: 'fine', truncated: false });
  const last = received[received.length - 1]!;
  expect(last.body).toBe('{"a":1}');
  expect(last.headers['x-test']).toBe('yes');
  expect(last.headers['content-type']).toBe('application/json');
});

test('the default policy refuses a loopback address, given literally, by a name that resolves to it, or IPv4-compatible', async () => {
  const before = received.length;
  for (const url of [`${base}/ok`, `http://localhost:${port}/ok`, `http://[::1]:${port}/ok`, `http://[::127.0.0.1]:${port}/ok`, `http://2130706433:${port}/ok`]) {
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

describe('a failure says its class, never the socket\'s words', () => {
  const failureOf = async (url: string, timeoutMs = 5_000) => {
    const error = await postOutbound({ url, body: '{}', headers: {}, timeoutMs, policy: sandbox }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OutboundFailure);
    const f = error as OutboundFailure;
    // The message is fixed text; the socket's own words are kept apart, for operators.
    expect(f.message).not.toMatch(/ECONN|EPROTO|127\.0\.0\.1|\d{2,5}|ssl|getaddrinfo/i);
    return f;
  };

  test('a closed port: refused', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const closedPort = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const f = await failureOf(`http://127.0.0.1:${closedPort}/x`);
    expect(f.kind).toBe('refused');
    expect(f.detail).toContain('ECONNREFUSED');
  });

  test('https to a server that speaks plain http: tls', async () => {
    expect((await failureOf(`https://127.0.0.1:${port}/ok`)).kind).toBe('tls');
  });

  test('no answer in time: timeout', async () => {
    expect((await failureOf(`${base}/slow`, 200)).kind).toBe('timeout');
  });

  test('a refused address: refused_address', async () => {
    const error = await postOutbound({ url: `${base}/ok`, body: '{}', headers: {}, timeoutMs: 5_000, policy: production }).catch((e: unknown) => e);
    expect((error as OutboundFailure).message).toBe('the address is not a global unicast address');
  });

  test("the classes of resolver and socket errors, by Node's codes", () => {
    const err = (code: string) => Object.assign(new Error(`x ${code}`), { code });
    expect(['ENOTFOUND', 'EAI_AGAIN', 'ECONNREFUSED', 'ECONNRESET', 'EHOSTUNREACH', 'CERT_HAS_EXPIRED', 'ERR_TLS_CERT_ALTNAME_INVALID', 'DEPTH_ZERO_SELF_SIGNED_CERT', 'EPROTO'].map((c) => failureKindOf(err(c)))).toEqual([
      'dns',
      'dns',
      'refused',
      'network',
      'network',
      'tls',
      'tls',
      'tls',
      'tls',
    ]);
  });
});
