import { startTestApp, type TestApp } from '../../support/app';
import { clientOf, type Client, type Refusable } from '../../support/client';
import { makeMaster } from '../../support/tenants';
import { BOUNDARY, fetchLink, MULTIPART, multipartBody, samples } from './fixtures';

let t: TestApp;
let c: Client;

beforeAll(async () => {
  t = await startTestApp();
  c = await clientOf(t, await makeMaster(t.services, { name: 'GraphQL uploader' }));
});
afterAll(() => t.close());

const UPLOAD = 'mutation Up($file: Upload!, $notes: String) { uploadFile(file: $file, notes: $notes) { file { id fileName fileType size notes createdAt } userErrors { field message code } } }';

interface GqlReply {
  status: number;
  data?: Record<string, any> | null;
  errors?: { message: string; extensions?: Record<string, unknown> }[];
}

/** A GraphQL multipart request (operations, map, then the file part "0"). */
async function gqlUpload(filename: string, data: Buffer, opts: { contentType?: string; notes?: string; preflight?: boolean } = {}): Promise<GqlReply> {
  const operations = JSON.stringify({ query: UPLOAD, variables: { file: null, notes: opts.notes ?? null } });
  const payload = multipartBody([
    { name: 'operations', data: operations },
    { name: 'map', data: JSON.stringify({ 0: ['variables.file'] }) },
    { name: '0', filename, data, contentType: opts.contentType },
  ]);
  const res = await t.inject({
    method: 'POST',
    url: '/graphql',
    payload,
    headers: {
      'content-type': MULTIPART,
      'x-auth-token': `Bearer ${c.token}`,
      ...(opts.preflight === false ? {} : { 'apollo-require-preflight': 'true' }),
    },
  });
  const json = res.json() as GqlReply;
  return { status: res.statusCode, data: json.data, errors: json.errors };
}

const count = async () => (await t.db.pool.query('SELECT count(*)::int AS n FROM files')).rows[0].n as number;

describe('uploadFile (GraphQL multipart request spec)', () => {
  it('stores the file and answers FileInfo', async () => {
    const res = await gqlUpload('scan.pdf', samples.pdf(), { notes: 'from graphql' });
    expect(res.errors).toBeUndefined();
    expect(res.data!.uploadFile.file!).toEqual({
      id: expect.any(String),
      fileName: 'scan.pdf',
      fileType: 'PDF',
      size: samples.pdf().length,
      notes: 'from graphql',
      createdAt: '2026-11-21T10:00:00.000Z',
    });
  });

  it('is refused by CSRF prevention without a preflight header, storing nothing', async () => {
    const before = await count();
    const res = await gqlUpload('scan.pdf', samples.pdf(), { preflight: false });
    expect(res.status).toBe(400);
    expect(res.errors?.[0]?.message).toMatch(/Cross-Site Request Forgery \(CSRF\)/);
    expect(await count()).toBe(before);
  });

  it.each([
    ['invoice.pdf', samples.png(), undefined, 'file validation failed: mime type mismatch (the name says pdf, the content is png)'],
    ['image.png', samples.png(), 'application/pdf', 'file validation failed: mime type mismatch (declared application/pdf, the content is png)'],
    ['image.png', samples.text(), undefined, 'unsupported file type'],
    ['image.gif', samples.gif(), undefined, 'invalid file type, please check the file, only support jpeg, png, jpg, doc, docx, pdf'],
    ['empty.pdf', Buffer.alloc(0), undefined, 'File size error'],
  ])('refuses %s with the message of spec 7.1', async (name, data, declared, message) => {
    const res = await gqlUpload(name, data, { contentType: declared });
    expect(res.errors).toBeUndefined();
    expect(res.data!.uploadFile.file).toBeNull();
    expect(res.data!.uploadFile.userErrors[0]).toMatchObject({ message });
  });

  it('refuses a file over 30 MiB with File size error', async () => {
    const big = Buffer.concat([samples.pdf(), Buffer.alloc(30 * 1024 * 1024, 0x20)]);
    const res = await gqlUpload('big.pdf', big);
    expect(res.data!.uploadFile.userErrors[0].message).toBe('File size error');
  });

  it('refuses notes over 50 characters', async () => {
    const res = await gqlUpload('a.pdf', samples.pdf(), { notes: 'n'.repeat(51) });
    expect(res.data!.uploadFile.userErrors[0]).toMatchObject({ message: "Invalid value for field 'notes': must be at most 50 characters", field: ['notes'] });
  });
});

describe('fileDownloadLinks and files', () => {
  it('links files of the acting account; the link serves the bytes', async () => {
    const up = await gqlUpload('photo.jpg', samples.jpeg());
    const id = up.data!.uploadFile.file!.id as string;
    const res = await c.gql<{ fileDownloadLinks: { fileDownloadLinks: { files: { file: { id: string }; url: string }[]; absentFiles: string[] } } }, unknown>(
      'mutation L($input: FileDownloadLinksInput!) { fileDownloadLinks(input: $input) { fileDownloadLinks { files { file { id fileName } url } absentFiles } userErrors { field message code } } }',
      { input: { fileIds: [id] } },
    );
    expect(res.errors).toBeUndefined();
    expect(res.data!.fileDownloadLinks.fileDownloadLinks!.absentFiles).toEqual([]);
    expect(res.data!.fileDownloadLinks.fileDownloadLinks!.files[0]!.file.id).toBe(id);
    const got = await fetchLink(t, res.data!.fileDownloadLinks.fileDownloadLinks!.files[0]!.url);
    expect(got.rawPayload.equals(samples.jpeg())).toBe(true);
  });

  it('answers Query data error for another tenant’s file', async () => {
    const other = await clientOf(t, await makeMaster(t.services, { name: 'Other' }));
    const theirs = await t.inject({
      method: 'POST',
      url: '/api/v1/files/upload',
      payload: multipartBody([{ name: 'file', filename: 'x.pdf', data: samples.pdf() }]),
      headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}`, 'x-auth-token': `Bearer ${other.token}` },
    });
    const res = await c.gql<Refusable<'fileDownloadLinks'>, unknown>('mutation L($input: FileDownloadLinksInput!) { fileDownloadLinks(input: $input) { fileDownloadLinks { absentFiles } userErrors { field message code } } }', {
      input: { fileIds: [theirs.json().file_id] },
    });
    expect(res.data!.fileDownloadLinks.userErrors[0]!.message).toBe('Query data error');
  });

  it('lists the acting account’s files, newest first', async () => {
    const res = await c.gql<{ files: { totalCount: number; edges: { node: { fileName: string } }[] } }, unknown>(
      '{ files(first: 2) { totalCount edges { node { fileName fileType } } } }',
    );
    expect(res.errors).toBeUndefined();
    const n = (await t.db.pool.query('SELECT count(*)::int AS n FROM files WHERE account_id = (SELECT account_id FROM files WHERE file_name = $1)', ['photo.jpg'])).rows[0].n;
    expect(res.data!.files.totalCount).toBe(n);
    expect(res.data!.files.edges).toHaveLength(2);
  });
});
