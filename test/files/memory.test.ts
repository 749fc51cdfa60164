import { request } from 'node:http';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { startTestApp, type TestApp } from '../support/app';
import { clientOf, type Client } from '../support/client';
import { makeMaster } from '../support/tenants';
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

/** Live memory after a full collection: the JS heap plus Buffers (which live outside it). */
const live = (): number => {
  gc();
  const m = process.memoryUsage();
  return m.heapUsed + m.arrayBuffers;
};

const MiB = 1024 * 1024;

/**
 * Streams a 30 MiB upload over a real socket, writing one reused 64 KiB block at a time, and
 * samples live memory every 2 MiB sent. Holding the file whole anywhere (the parser, the typing
 * step, the store) would show as >= 30 MiB; the bound leaves room for the pipeline's buffers.
 */
const total = 30 * MiB;

/** Sends preamble, a pdf head, then one reused 64 KiB block up to 30 MiB, then the epilogue; samples live memory every 2 MiB. */
async function streamed(path: string, headers: Record<string, string>, preamble: Buffer, epilogue: Buffer): Promise<{ body: string; peak: number; baseline: number }> {
  const head = samples.pdf();
  const block = Buffer.alloc(64 * 1024, 0x20);
  const baseline = live();
  let peak = 0;
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
      let nextSample = 2 * MiB;
      while (sent < total) {
        const piece = sent + block.length <= total ? block : block.subarray(0, total - sent);
        await write(piece);
        sent += piece.length;
        if (sent >= nextSample) {
          peak = Math.max(peak, live() - baseline);
          nextSample += 2 * MiB;
        }
      }
      req.end(epilogue);
    })().catch(reject);
  });
  return { body, peak, baseline };
}

const filePartHead = (name: string) =>
  `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"; filename="big.pdf"\r\nContent-Type: application/pdf\r\n\r\n`;
const epilogue = Buffer.from(`\r\n--${BOUNDARY}--\r\n`);
const report = (door: string, peak: number, baseline: number) =>
  // The figure the issue asks for; kept in the test output.
  console.log(`30 MiB upload (${door}): peak live-memory growth ${(peak / MiB).toFixed(2)} MiB over ${(baseline / MiB).toFixed(1)} MiB`);

/**
 * A 30 MiB upload over a real socket. Holding the file whole anywhere (the parser, the typing
 * step, the store) would show as >= 30 MiB; the bound leaves room for the pipeline's buffers and
 * for what the forced collection leaves behind: repeated runs on the development machine measured
 * 0-12 MiB on either door (docs/decisions.md, Files, "Memory"), so the bound is half the file.
 */
const BOUND = 16 * MiB;

describe('a 30 MiB upload streams', () => {
  it('over REST without growing live memory by more than a few MiB', async () => {
    const { body, peak, baseline } = await streamed('/api/v1/files/upload', {}, Buffer.from(filePartHead('file')), epilogue);
    expect(JSON.parse(body)).toMatchObject({ file_name: 'big.pdf', file_type: 'pdf', size: total });
    report('REST', peak, baseline);
    expect(peak).toBeLessThan(BOUND);
  });

  it('over GraphQL (multipart request spec) without growing live memory by more than a few MiB', async () => {
    const operations = JSON.stringify({ query: 'mutation($file: Upload!) { uploadFile(file: $file) { fileName size } }', variables: { file: null } });
    const preamble = Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="operations"\r\n\r\n${operations}\r\n` +
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="map"\r\n\r\n{"0":["variables.file"]}\r\n` +
        filePartHead('0'),
    );
    const { body, peak, baseline } = await streamed('/graphql', { 'apollo-require-preflight': 'true' }, preamble, epilogue);
    expect(JSON.parse(body)).toEqual({ data: { uploadFile: { fileName: 'big.pdf', size: total } } });
    report('GraphQL', peak, baseline);
    expect(peak).toBeLessThan(BOUND);
  });
});
