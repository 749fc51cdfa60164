import { startTestApp, type TestApp } from '../../support/app';
import { clientOf, type Client } from '../../support/client';
import { makeMaster, makeSub } from '../../support/tenants';
import { fetchLink, samples, uploadOne } from './fixtures';

let t: TestApp;
let a: Client;
let b: Client;

beforeAll(async () => {
  t = await startTestApp();
  a = await clientOf(t, await makeMaster(t.services, { name: 'Tenant A' }));
  b = await clientOf(t, await makeMaster(t.services, { name: 'Tenant B' }));
});
afterAll(() => t.close());

const err = (message: string) => ({ status: 400, body: { code: 400, message } });
const links = (c: Client, body: unknown) => c.post('/v1/files/download_links', body, { key: null });
const pick = (r: { status: number; body: unknown }) => ({ status: r.status, body: r.body });

async function uploaded(c: Client, name = 'doc.pdf', data = samples.pdf()): Promise<string> {
  const res = await uploadOne(c, name, data);
  expect(res.status).toBe(200);
  return res.body.file_id as string;
}

describe('POST /v1/files/download_links (AF7)', () => {
  it('answers DownloadLinks in the order asked; each link serves the exact bytes with their type', async () => {
    const png = samples.png();
    const id1 = await uploaded(a, 'one.pdf');
    const id2 = await uploaded(a, 'two.png', png);
    const res = await links(a, { file_ids: [id2, id1] });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      files: [
        { file_id: id2, file_name: 'two.png', file_type: 'png', size: png.length, url: expect.stringMatching(/^http:\/\/localhost(:\d+)?\/api\/v1\/files\/download\//) },
        { file_id: id1, file_name: 'one.pdf', file_type: 'pdf', size: samples.pdf().length, url: expect.any(String) },
      ],
      absent_files: [],
    });
    const got = await fetchLink(t, res.body.files[0].url);
    expect(got.statusCode).toBe(200);
    expect(got.headers['content-type']).toBe('image/png');
    expect(got.headers['content-disposition']).toBe("attachment; filename*=UTF-8''two.png");
    expect(got.rawPayload.equals(png)).toBe(true);
  });

  it('serves a file of many chunks byte for byte', async () => {
    const big = Buffer.concat([samples.pdf(), Buffer.from(Array.from({ length: 700_000 }, (_, i) => i % 251))]);
    const id = await uploaded(a, 'big.pdf', big);
    const chunks = await t.db.pool.query('SELECT count(*)::int AS n FROM file_chunks WHERE file_id = $1', [id]);
    expect(chunks.rows[0].n).toBe(3);
    const res = await links(a, { file_ids: [id] });
    const got = await fetchLink(t, res.body.files[0].url);
    expect(got.rawPayload.equals(big)).toBe(true);
  });

  it.each([
    ['no body', {}],
    ['file_ids not an array', { file_ids: 'x' }],
    ['an empty file_ids', { file_ids: [] }],
    ['an id that is not a string', { file_ids: [1] }],
    ['more than 100 ids', { file_ids: Array.from({ length: 101 }, () => '00000000-0000-4000-8000-000000000000') }],
  ])('answers Request parameters invalid to %s', async (_what, body) => {
    expect(pick(await links(a, body))).toEqual(err('Request parameters invalid'));
  });

  it('answers Query data error when one id is unknown, malformed or another tenant’s', async () => {
    const mine = await uploaded(a);
    const theirs = await uploaded(b);
    expect(pick(await links(a, { file_ids: [mine, '00000000-0000-4000-8000-000000000000'] }))).toEqual(err('Query data error'));
    expect(pick(await links(a, { file_ids: [mine, 'not-an-id'] }))).toEqual(err('Query data error'));
    expect(pick(await links(a, { file_ids: [mine, theirs] }))).toEqual(err('Query data error'));
  });

  it('a master does not see its sub-account’s files unless it acts for it', async () => {
    const master = await makeMaster(t.services, { name: 'Parent' });
    const sub = await makeSub(t.services, master);
    const mc = await clientOf(t, master);
    const id = await uploaded(mc.as(sub.id));
    expect(pick(await links(mc, { file_ids: [id] }))).toEqual(err('Query data error'));
    expect((await links(mc.as(sub.id), { file_ids: [id] })).status).toBe(200);
  });
});

describe('GET the links (served by payrail)', () => {
  const parts = (url: string) => new URL(url);

  it('refuses a link after 10 minutes on the real clock', async () => {
    const id = await uploaded(a);
    const url = (await links(a, { file_ids: [id] })).body.files[0].url as string;
    t.clock.advance(9 * 60 + 59);
    expect((await fetchLink(t, url)).statusCode).toBe(200);
    t.clock.advance(1);
    const res = await fetchLink(t, url);
    expect({ status: res.statusCode, body: res.json() }).toEqual(err('download link expired'));
  });

  it('refuses a link edited to name another tenant’s file or account', async () => {
    const mine = await uploaded(a);
    const theirs = await uploaded(b);
    const url = parts((await links(a, { file_ids: [mine] })).body.files[0].url);
    const other = new URL(url.href.replace(mine, theirs));
    expect((await fetchLink(t, other.href)).json()).toEqual({ code: 400, message: 'download link invalid' });
    const bAccount = (await t.db.pool.query('SELECT account_id FROM files WHERE id = $1', [theirs])).rows[0].account_id as string;
    const both = new URL(other.href);
    both.searchParams.set('account', bAccount);
    expect((await fetchLink(t, both.href)).json()).toEqual({ code: 400, message: 'download link invalid' });
  });

  it('refuses a tampered signature, a stretched expiry and a link without its parts', async () => {
    const id = await uploaded(a);
    const url = parts((await links(a, { file_ids: [id] })).body.files[0].url);
    const sig = new URL(url.href);
    const s = sig.searchParams.get('signature')!;
    sig.searchParams.set('signature', (s[0] === 'A' ? 'B' : 'A') + s.slice(1));
    const later = new URL(url.href);
    later.searchParams.set('expires', String(Number(later.searchParams.get('expires')) + 3600));
    const bare = new URL(url.href);
    bare.search = '';
    for (const u of [sig, later, bare]) {
      const res = await fetchLink(t, u.href);
      expect({ status: res.statusCode, body: res.json() }).toEqual(err('download link invalid'));
    }
  });

  it('a link made by another app with another signing key is refused', async () => {
    const id = await uploaded(a);
    const url = (await links(a, { file_ids: [id] })).body.files[0].url as string;
    const other = await startTestApp({ database: { url: t.url }, clock: t.clock });
    other.services.signer = { ...other.services.signer, key: new Uint8Array(Buffer.alloc(32, 8)) };
    try {
      expect((await fetchLink(other, url)).json()).toEqual({ code: 400, message: 'download link invalid' });
    } finally {
      await other.close();
    }
  });
});

describe('two API instances on one database', () => {
  it('serve each other’s files: uploaded on one, linked and downloaded on the other', async () => {
    const second = await startTestApp({ database: { url: t.url }, clock: t.clock });
    try {
      const tenant = await makeMaster(t.services, { name: 'Shared' });
      const on1 = await clientOf(t, tenant);
      const on2 = await clientOf(second, tenant);
      const data = samples.jpeg();
      const id = (await uploadOne(on1, 'photo.jpg', data)).body.file_id as string;
      const url = (await on2.post('/v1/files/download_links', { file_ids: [id] }, { key: null })).body.files[0].url as string;
      expect((await fetchLink(second, url)).rawPayload.equals(data)).toBe(true);
      expect((await fetchLink(t, url)).rawPayload.equals(data)).toBe(true);
      const back = (await uploadOne(on2, 'scan.pdf', samples.pdf())).body.file_id as string;
      const url2 = (await on1.post('/v1/files/download_links', { file_ids: [back] }, { key: null })).body.files[0].url as string;
      expect((await fetchLink(t, url2)).rawPayload.equals(samples.pdf())).toBe(true);
    } finally {
      await second.close();
    }
  });
});
