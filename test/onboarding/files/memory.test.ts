import { request } from 'node:http';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { startTestApp, type TestApp } from '../../support/app';
import { clientOf, type Client } from '../../support/client';
import { makeMaster } from '../../support/tenants';
import { BOUNDARY, MULTIPART, samples } from './fixtures';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

let t: TestApp;
let c: Client;
let port: number;

beforeAll(async () => {
  t = await startTestApp();
  c = await clientOf(t, await makeMaster(t.services, { name: 'Big uploader' }));
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as { port: number }).port;
});
afterAll(() => t.close());

/**
 * Live memory after a full collection: the JS heap plus Buffers (which live outside it). V8 frees
 * dead Buffers' memory on a background thread after a collection, late when the machine is busy;
 * a second collection first finishes that sweep, so its figure counts no dead Buffer.
 */
const live = (): number => {
  gc();
  gc();
  const m = process.memoryUsage();
  return m.heapUsed + m.arrayBuffers;
};

const MiB = 1024 * 1024;

/**
 * Holding the file whole anywhere (the parser, the typing step, the store) is what these tests must
 * catch. Live memory sampled while bytes are in flight measures the pipeline's buffers as much as
 * the file, and how full those are depends on the machine's load (0-12 MiB was seen against a
 * 30 MiB file). So the upload stops near its end instead: the client has sent 28 MiB and waits
 * until the store holds all but the last, still incomplete, piece of them. An upload held whole
 * stores nothing before its end, so that wait is the first proof, and load cannot fail it. Then
 * nothing is in flight and live memory is measured at rest: 28 MiB held anywhere shows as 28 MiB,
 * while a drained pipeline measured 0.9-1.6 MiB on either door over repeated runs. The bound is
 * half the bytes sent: ten times what was measured, half of what holding them would show.
 */
const total = 30 * MiB;
const PAUSE_AT = 28 * MiB;
/** What the server may still hold unstored at the pause: one unfinished 256 KiB piece and the parser's look-behind, with room. */
const NOT_YET_STORED = 1 * MiB;
const BOUND_AT_REST = PAUSE_AT / 2;

const storedBytes = async (): Promise<number> => {
  const r = await t.db.pool.query<{ n: string }>('SELECT coalesce(sum(octet_length(data)), 0)::text AS n FROM file_chunks');
  return Number(r.rows[0]!.n);
};

/** Polls the store (each poll a round trip, no deadline of its own) until it holds at least `bytes` more than `before`. */
async function storedAtLeast(before: number, bytes: number): Promise<void> {
  while ((await storedBytes()) - before < bytes) await new Promise((r) => setImmediate(r));
}

/**
 * Sends preamble, a pdf head, then one reused 64 KiB block up to 28 MiB; waits for the store to catch up and
 * measures live memory at rest; then sends the rest up to 30 MiB and the epilogue.
 */
async function streamed(path: string, headers: Record<string, string>, preamble: Buffer, epilogue: Buffer): Promise<{ body: string; atRest: number; baseline: number }> {
  const head = samples.pdf();
  const block = Buffer.alloc(64 * 1024, 0x20);
  const storedBefore = await storedBytes();
  const baseline = live();
  let atRest = Number.NaN;
  const body = await new Promise<string>((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, method: 'POST', path, headers: { 'content-type': MULTIPART, 'x-auth-token': `Bearer ${c.token}`, ...headers } }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (d: string) => (text += d));
      res.on('end', () => resolve(text));
    });
    req.on('error', reject);
    void (async () => {
      const write = (b: Buffer) => (req.write(b) ? Promise.resolve() : new Promise<void>((r) => req.once('drain', () => r())));
      await write(preamble);
      await write(head);
      let sent = head.length;
      while (sent < total) {
        if (Number.isNaN(atRest) && sent >= PAUSE_AT) {
          await storedAtLeast(storedBefore, PAUSE_AT - NOT_YET_STORED);
          atRest = live() - baseline;
        }
        const piece = sent + block.length <= total ? block : block.subarray(0, total - sent);
        await write(piece);
        sent += piece.length;
      }
      req.end(epilogue);
    })().catch(reject);
  });
  return { body, atRest, baseline };
}

const filePartHead = (name: string) =>
  `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"; filename="big.pdf"\r\nContent-Type: application/pdf\r\n\r\n`;
const epilogue = Buffer.from(`\r\n--${BOUNDARY}--\r\n`);
const report = (door: string, atRest: number, baseline: number) =>
  // The figure the issue asks for; kept in the test output.
  console.log(`30 MiB upload (${door}), paused at 28 MiB once stored: live-memory growth ${(atRest / MiB).toFixed(2)} MiB over ${(baseline / MiB).toFixed(1)} MiB`);

describe('a 30 MiB upload streams', () => {
  it('over REST: at 28 MiB sent, the store holds them and live memory at rest has grown by less than half of them', async () => {
    const { body, atRest, baseline } = await streamed('/api/v1/files/upload', {}, Buffer.from(filePartHead('file')), epilogue);
    expect(JSON.parse(body)).toMatchObject({ file_name: 'big.pdf', file_type: 'pdf', size: total });
    report('REST', atRest, baseline);
    expect(atRest).toBeLessThan(BOUND_AT_REST);
  });

  it('over GraphQL (multipart request spec): at 28 MiB sent, the store holds them and live memory at rest has grown by less than half of them', async () => {
    const operations = JSON.stringify({ query: 'mutation($file: Upload!) { uploadFile(file: $file) { file { fileName size } userErrors { field message code } } }', variables: { file: null } });
    const preamble = Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="operations"\r\n\r\n${operations}\r\n` +
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="map"\r\n\r\n{"0":["variables.file"]}\r\n` +
        filePartHead('0'),
    );
    const { body, atRest, baseline } = await streamed('/graphql', { 'apollo-require-preflight': 'true' }, preamble, epilogue);
    expect(JSON.parse(body)).toEqual({ data: { uploadFile: { file: { fileName: 'big.pdf', size: total }, userErrors: [] } }, extensions: { cost: { requested: 3, limit: 5000 } } });
    report('GraphQL', atRest, baseline);
    expect(atRest).toBeLessThan(BOUND_AT_REST);
  });
});
