import { loadConfig } from '../../../src/config';
import { startTestApp, type TestApp } from '../../support/app';
import { clientOf } from '../../support/client';
import { makeMaster } from '../../support/tenants';
import { samples, uploadOne } from './fixtures';

let t: TestApp;
const base = loadConfig({ LOG_LEVEL: 'info', PAYRAIL_DATA_DIR: '/tmp/payrail-test-unused' });
const PDF = samples.pdf().length;

beforeAll(async () => {
  // Room for 3 files, or for the bytes of 2 (not 3) small pdfs, per account.
  t = await startTestApp({ config: { files: { ...base.files, quotaCount: 3, quotaBytes: PDF * 3 - 1 } } });
});
afterAll(() => t.close());

const err = (message: string) => ({ status: 400, body: { code: 400, message } });

describe('per-account file quotas (PAYRAIL_FILE_QUOTA_BYTES, PAYRAIL_FILE_QUOTA_COUNT)', () => {
  it('refuses the upload that would pass the byte quota, and counts each account apart', async () => {
    const a = await clientOf(t, await makeMaster(t.services, { name: 'Bytes A' }));
    const b = await clientOf(t, await makeMaster(t.services, { name: 'Bytes B' }));
    expect((await uploadOne(a, 'one.pdf', samples.pdf())).status).toBe(200);
    expect((await uploadOne(a, 'two.pdf', samples.pdf())).status).toBe(200);
    expect(await uploadOne(a, 'three.pdf', samples.pdf())).toEqual(
      err(`File quota exceeded: the account may store at most ${PDF * 3 - 1} bytes of files`),
    );
    expect((await uploadOne(b, 'one.pdf', samples.pdf())).status).toBe(200);
    const stored = await t.db.pool.query('SELECT count(*)::int AS n FROM files f JOIN file_chunks c ON c.file_id = f.id');
    expect(stored.rows[0].n).toBe(3);
  });

  it('refuses the file past the count quota', async () => {
    const a = await clientOf(t, await makeMaster(t.services, { name: 'Count A' }));
    const tiny = samples.png();
    for (let i = 0; i < 3; i += 1) expect((await uploadOne(a, `p${i}.png`, tiny)).status).toBe(200);
    expect(await uploadOne(a, 'p3.png', tiny)).toEqual(err('File quota exceeded: the account may store at most 3 files'));
  });

  it('two concurrent uploads cannot both take the last place', async () => {
    const tenant = await makeMaster(t.services, { name: 'Race A' });
    const a = await clientOf(t, tenant);
    const tiny = samples.png();
    for (let i = 0; i < 2; i += 1) expect((await uploadOne(a, `p${i}.png`, tiny)).status).toBe(200);
    const both = await Promise.all([uploadOne(a, 'x.png', tiny), uploadOne(a, 'y.png', tiny)]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 400]);
    const n = await t.db.pool.query('SELECT count(*)::int AS n FROM files WHERE account_id = $1', [tenant.account.id]);
    expect(n.rows[0].n).toBe(3);
  });
});
