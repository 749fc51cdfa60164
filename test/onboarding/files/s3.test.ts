import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { loadConfig, type FilesConfig } from '../../../src/config';
import { startTestApp, type TestApp } from '../../support/app';
import { clientOf, type Client } from '../../support/client';
import { makeMaster } from '../../support/tenants';
import { fetchLink, samples, uploadOne } from './fixtures';

/**
 * PAYRAIL_FILE_STORE=s3 against s3rver, an S3-compatible server running in this process: the
 * official AWS SDK's PutObject / multipart upload / GetObject go over HTTP to it.
 */
let s3: S3rver;
let dir: string;
let endpoint: string;
let t: TestApp;
let c: Client;
const base = loadConfig({ LOG_LEVEL: 'info', PAYRAIL_DATA_DIR: '/tmp/payrail-test-unused' });
const s3Files = (url: string): FilesConfig => ({
  ...base.files,
  store: 's3',
  s3: { endpoint: url, region: 'us-east-1', bucket: 'payrail-files', accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER', forcePathStyle: true },
});

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'payrail-s3-'));
  s3 = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: dir, configureBuckets: [{ name: 'payrail-files', configs: [] }] });
  const addr = (await s3.run()) as { address: string; port: number };
  endpoint = `http://127.0.0.1:${addr.port}`;
  t = await startTestApp({ config: { files: s3Files(endpoint) } });
  c = await clientOf(t, await makeMaster(t.services, { name: 'S3 user' }));
});
afterAll(async () => {
  await t.close();
  await s3.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('files in an S3-compatible store', () => {
  it('uploads through the SDK, keeps no chunks in PostgreSQL, and serves the link from the store', async () => {
    const data = Buffer.concat([samples.pdf(), Buffer.from(Array.from({ length: 300_000 }, (_, i) => i % 253))]);
    const up = await uploadOne(c, 'scan.pdf', data);
    expect(up.status).toBe(200);
    const id = up.body.file_id as string;
    const row = await t.db.pool.query("SELECT storage, (SELECT count(*)::int FROM file_chunks WHERE file_id = $1) AS chunks FROM files WHERE id = $1", [id]);
    expect(row.rows[0]).toEqual({ storage: 's3', chunks: 0 });
    const links = await c.post('/v1/files/download_links', { file_ids: [id] }, { key: null });
    const got = await fetchLink(t, links.body.files[0].url);
    expect(got.statusCode).toBe(200);
    expect(got.rawPayload.equals(data)).toBe(true);
  });

  it('streams a file larger than one 5 MiB part as a multipart upload', async () => {
    const data = Buffer.concat([samples.pdf(), Buffer.alloc(12 * 1024 * 1024, 0x41)]);
    const up = await uploadOne(c, 'big.pdf', data);
    expect(up.status).toBe(200);
    const links = await c.post('/v1/files/download_links', { file_ids: [up.body.file_id] }, { key: null });
    const got = await fetchLink(t, links.body.files[0].url);
    expect(got.rawPayload.equals(data)).toBe(true);
  });

  it('answers File size error over 30 MiB in S3 mode too', async () => {
    const data = Buffer.concat([samples.pdf(), Buffer.alloc(30 * 1024 * 1024, 0x41)]);
    expect(await uploadOne(c, 'huge.pdf', data)).toEqual({ status: 400, body: { code: 400, message: 'File size error' } });
  });

  it('answers upload file occur error when the store cannot be reached', async () => {
    const down = await startTestApp({ database: { url: t.url }, clock: t.clock, config: { files: s3Files('http://127.0.0.1:9') } });
    try {
      const dc = await clientOf(down, await makeMaster(down.services, { name: 'Store down' }));
      expect(await uploadOne(dc, 'a.pdf', samples.pdf())).toEqual({
        status: 400,
        body: { code: 400, message: 'upload file occur error, please contact our team' },
      });
      const rows = await t.db.pool.query('SELECT count(*)::int AS n FROM files WHERE file_name = $1 AND account_id IN (SELECT id FROM accounts WHERE name = $2)', ['a.pdf', 'Store down']);
      expect(rows.rows[0].n).toBe(0);
    } finally {
      await down.close();
    }
  });

  it('answers open file occur error when a file kept in S3 is linked on a process without the store', async () => {
    const up = await uploadOne(c, 'kept.pdf', samples.pdf());
    const links = await c.post('/v1/files/download_links', { file_ids: [up.body.file_id] }, { key: null });
    const plain = await startTestApp({ database: { url: t.url }, clock: t.clock });
    try {
      const res = await fetchLink(plain, links.body.files[0].url);
      expect({ status: res.statusCode, body: res.json() }).toEqual({ status: 400, body: { code: 400, message: 'open file occur error' } });
    } finally {
      await plain.close();
    }
  });
});
