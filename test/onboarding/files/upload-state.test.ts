import { randomUUID } from 'node:crypto';
import { request, type ClientRequest } from 'node:http';
import { outboxHead, readOutboxAfter, type OutboxCursor } from '../../../src/platform/events/tail';
import { startTestApp, type TestApp } from '../../support/app';
import { clientOf, type Client } from '../../support/client';
import { makeMaster } from '../../support/tenants';
import { BOUNDARY, MULTIPART, samples, upload } from './fixtures';

/**
 * An upload holds no transaction while its bytes stream in: an open transaction would hold back every
 * outbox reader (webhooks, live subscriptions) for as long as a slow client takes. The file stays
 * invisible until it is complete.
 */
let t: TestApp;
let c: Client;
let accountId: string;
let port: number;

beforeAll(async () => {
  t = await startTestApp();
  const tenant = await makeMaster(t.services, { name: 'Slow uploader' });
  accountId = tenant.account.id;
  c = await clientOf(t, tenant);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as { port: number }).port;
});
afterAll(() => t.close());

const links = (ids: string[]) => c.post('/v1/files/download_links', { file_ids: ids }, { key: null });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Starts an upload over a real socket and sends only its first part; the caller ends it. */
function startUpload(): { req: ClientRequest; answer: Promise<{ status: number; body: string }> } {
  let req!: ClientRequest;
  const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
    req = request({ host: '127.0.0.1', port, method: 'POST', path: '/api/v1/files/upload', headers: { 'content-type': MULTIPART, 'x-auth-token': `Bearer ${c.token}` } }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (d: string) => (text += d));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
    });
    req.on('error', reject);
  });
  req.write(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="slow.pdf"\r\nContent-Type: application/pdf\r\n\r\n`);
  // More than the typing step's 64 KiB and one 256 KiB piece, so the row and a piece are written.
  req.write(Buffer.concat([samples.pdf(), Buffer.alloc(400 * 1024, 0x20)]));
  return { req, answer };
}

async function incompleteRow(): Promise<string> {
  for (let i = 0; i < 500; i++) {
    const r = await t.db.pool.query<{ id: string; chunks: number }>(
      `SELECT f.id, (SELECT count(*)::int FROM file_chunks WHERE file_id = f.id) AS chunks FROM files f WHERE f.account_id = $1 AND NOT f.complete`,
      [accountId],
    );
    if (r.rows[0] && r.rows[0].chunks > 0) return r.rows[0].id;
    await sleep(20);
  }
  throw new Error('the upload never wrote its row and first piece');
}

/** Transaction ids are cluster-wide: another test file's transaction can hold the reader back for a moment. */
async function readUntilFound(from: OutboxCursor, eventId: string): Promise<boolean> {
  let cursor = from;
  for (let i = 0; i < 1000; i++) {
    const page = await readOutboxAfter(t.db.pool, cursor, 100);
    if (page.some((e) => e.id === eventId)) return true;
    if (page.length > 0) cursor = page[page.length - 1]!.cursor;
    else await sleep(20);
  }
  return false;
}

test('while an upload streams, its file is invisible and the outbox stays readable; once complete it is a file', async () => {
  const head = await outboxHead(t.db.pool);
  const { req, answer } = startUpload();
  const id = await incompleteRow();

  expect((await links([id])).body).toMatchObject({ message: 'Query data error' });

  const eventId = randomUUID();
  await t.db.pool.query(
    `INSERT INTO outbox_events (id, account_id, event_type, event_name, source_id, data, created_at) VALUES ($1, $2, 'DEPOSIT', 'deposit.create.succeeded', $3, '{}', now())`,
    [eventId, accountId, randomUUID()],
  );
  expect(await readUntilFound(head, eventId)).toBe(true);

  req.end(`\r\n--${BOUNDARY}--\r\n`);
  const done = await answer;
  expect(done.status).toBe(200);
  expect(JSON.parse(done.body)).toMatchObject({ file_id: id, file_name: 'slow.pdf' });
  const row = await t.db.pool.query('SELECT complete, size::int AS size FROM files WHERE id = $1', [id]);
  expect(row.rows[0]).toEqual({ complete: true, size: samples.pdf().length + 400 * 1024 });
  expect((await links([id])).status).toBe(200);
});

test('an upload broken off leaves no row and no piece behind', async () => {
  const { req, answer } = startUpload();
  const id = await incompleteRow();
  req.destroy();
  await answer.catch(() => undefined);
  for (let i = 0; i < 500; i++) {
    const left = await t.db.pool.query('SELECT (SELECT count(*)::int FROM files WHERE id = $1) + (SELECT count(*)::int FROM file_chunks WHERE file_id = $1) AS n', [id]);
    if (left.rows[0].n === 0) return;
    await sleep(20);
  }
  throw new Error('the broken upload left its row or pieces');
});

test("the rows of an upload cut short by a crash more than an hour ago are removed by the account's next upload", async () => {
  const orphan = randomUUID();
  await t.db.pool.query(
    `INSERT INTO files (id, account_id, file_name, file_type, media_type, size, storage, created_at, complete, upload_started_at)
     VALUES ($1, $2, 'lost.pdf', 'pdf', 'application/pdf', 0, 'postgres', now(), false, now() - interval '2 hours')`,
    [orphan, accountId],
  );
  await t.db.pool.query(`INSERT INTO file_chunks (file_id, seq, data) VALUES ($1, 0, '\\x00')`, [orphan]);
  const recent = randomUUID();
  await t.db.pool.query(
    `INSERT INTO files (id, account_id, file_name, file_type, media_type, size, storage, created_at, complete)
     VALUES ($1, $2, 'busy.pdf', 'pdf', 'application/pdf', 0, 'postgres', now(), false)`,
    [recent, accountId],
  );

  const res = await upload(c, [{ name: 'file', filename: 'next.pdf', contentType: 'application/pdf', data: samples.pdf() }]);
  expect(res.status).toBe(200);
  const left = await t.db.pool.query<{ id: string }>('SELECT id FROM files WHERE id = ANY($1::uuid[])', [[orphan, recent]]);
  expect(left.rows.map((r) => r.id)).toEqual([recent]);
  const chunks = await t.db.pool.query('SELECT count(*)::int AS n FROM file_chunks WHERE file_id = $1', [orphan]);
  expect(chunks.rows[0].n).toBe(0);
  await t.db.pool.query('DELETE FROM files WHERE id = $1', [recent]);
});
