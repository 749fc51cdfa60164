import { startTestApp, type TestApp } from '../../support/app';
import { clientOf, type Client } from '../../support/client';
import { makeMaster, makeSub } from '../../support/tenants';
import { MULTIPART, multipartBody, samples, upload, uploadOne } from './fixtures';

let t: TestApp;
let c: Client;

beforeAll(async () => {
  t = await startTestApp();
  c = await clientOf(t, await makeMaster(t.services, { name: 'Uploader' }));
});
afterAll(() => t.close());

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const err = (message: string) => ({ status: 400, body: { code: 400, message } });
const TYPES = 'invalid file type, please check the file, only support jpeg, png, jpg, doc, docx, pdf';

describe('POST /v1/files/upload (AF6)', () => {
  it('answers FileInfo for a png, with its notes', async () => {
    const data = samples.png();
    const res = await uploadOne(c, 'passport.png', data, 'image/png', 'notes=front%20side');
    expect(res).toEqual({
      status: 200,
      body: { file_id: expect.stringMatching(UUID), file_name: 'passport.png', file_type: 'png', size: data.length, create_time: '2026-11-21T10:00:00.000Z', notes: 'front side' },
    });
  });

  it.each([
    ['scan.pdf', samples.pdf(), 'application/pdf', 'pdf'],
    ['photo.jpg', samples.jpeg(), 'image/jpeg', 'jpeg'],
    ['photo.jpeg', samples.jpeg(), 'image/jpg', 'jpeg'],
    ['letter.docx', samples.docx(), undefined, 'docx'],
    ['letter.doc', samples.doc(), 'application/msword', 'doc'],
    ['any.PDF', samples.pdf(), 'application/octet-stream', 'pdf'],
  ])('accepts %s by its content', async (name, data, declared, type) => {
    const res = await uploadOne(c, name, data, declared);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ file_name: name, file_type: type, size: data.length });
    expect(res.body.notes).toBeUndefined();
  });

  it('takes notes from a form field sent before the file', async () => {
    const res = await upload(c, [{ name: 'notes', data: 'from the form' }, { name: 'file', filename: 'a.pdf', data: samples.pdf() }]);
    expect(res.body).toMatchObject({ notes: 'from the form' });
  });

  it('takes notes of exactly 50 characters and refuses 51', async () => {
    expect((await uploadOne(c, 'a.pdf', samples.pdf(), undefined, `notes=${'n'.repeat(50)}`)).status).toBe(200);
    expect(await uploadOne(c, 'a.pdf', samples.pdf(), undefined, `notes=${'n'.repeat(51)}`)).toEqual(
      err("Invalid value for field 'notes': must be at most 50 characters"),
    );
  });

  it('answers Parse file failed to a JSON body', async () => {
    const res = await t.inject({ method: 'POST', url: '/api/v1/files/upload', payload: { file: 'x' }, headers: { 'x-auth-token': `Bearer ${c.token}` } });
    expect({ status: res.statusCode, body: res.json() }).toEqual(err('Parse file failed'));
  });

  it('answers Parse file failed to a text body', async () => {
    const res = await t.inject({
      method: 'POST',
      url: '/api/v1/files/upload',
      payload: 'hello',
      headers: { 'x-auth-token': `Bearer ${c.token}`, 'content-type': 'text/plain' },
    });
    expect({ status: res.statusCode, body: res.json() }).toEqual(err('Parse file failed'));
  });

  it('answers Parse file failed to a multipart body without a part named file', async () => {
    expect(await upload(c, [{ name: 'notes', data: 'x' }])).toEqual(err('Parse file failed'));
    expect(await upload(c, [{ name: 'document', filename: 'a.pdf', data: samples.pdf() }])).toEqual(err('Parse file failed'));
  });

  it('answers Request parameters invalid when the file part carries no file name (a plain field)', async () => {
    expect(await upload(c, [{ name: 'file', data: samples.pdf() }])).toEqual(err('Request parameters invalid'));
  });

  it('answers File size error to an empty file', async () => {
    expect(await uploadOne(c, 'a.pdf', Buffer.alloc(0))).toEqual(err('File size error'));
  });

  it('answers File size error over 30 MiB and keeps exactly 30 MiB', async () => {
    const exact = Buffer.concat([samples.pdf(), Buffer.alloc(30 * 1024 * 1024 - samples.pdf().length, 0x20)]);
    const ok = await uploadOne(c, 'big.pdf', exact);
    expect(ok.status).toBe(200);
    expect(ok.body.size).toBe(30 * 1024 * 1024);
    expect(await uploadOne(c, 'big.pdf', Buffer.concat([exact, Buffer.from(' ')]))).toEqual(err('File size error'));
  });

  it.each([
    ['an empty name', ''],
    ['a name of 256 characters', `${'a'.repeat(252)}.pdf`],
    ['a name with a control character', 'a\u0001b.pdf'],
  ])('answers invalid file name to %s', async (_what, name) => {
    expect(await uploadOne(c, name, samples.pdf())).toEqual(err('invalid file name, please check the file'));
  });

  it.each([['picture.gif'], ['notes.txt'], ['no-extension']])('answers invalid file type to a name like %s', async (name) => {
    expect(await uploadOne(c, name, samples.pdf())).toEqual(err(TYPES));
  });

  it.each([
    ['text', samples.text()],
    ['a gif', samples.gif()],
    ['an OLE file named png', samples.doc()],
  ])('answers unsupported file type to %s named .png', async (_what, data) => {
    expect(await uploadOne(c, 'image.png', data)).toEqual(err('unsupported file type'));
  });

  it('answers file validation failed (mime type mismatch) when the name and the content disagree', async () => {
    expect(await uploadOne(c, 'invoice.pdf', samples.png())).toEqual(
      err('file validation failed: mime type mismatch (the name says pdf, the content is png)'),
    );
  });

  it('refuses a forged media type: the part says application/pdf, the content is a png', async () => {
    expect(await uploadOne(c, 'image.png', samples.png(), 'application/pdf')).toEqual(
      err('file validation failed: mime type mismatch (declared application/pdf, the content is png)'),
    );
  });

  it('answers read file occur error when the body ends in the middle of the file', async () => {
    const whole = multipartBody([{ name: 'file', filename: 'a.pdf', data: Buffer.concat([samples.pdf(), Buffer.alloc(100_000, 0x20)]) }]);
    const res = await upload(c, [], { payload: whole.subarray(0, 80_000) });
    expect(res).toEqual(err('read file occur error'));
  });

  it('answers x-on-behalf-of value err for an account that is not a sub-account of the caller', async () => {
    const res = await upload(c.as('1b3a5c7e-0000-4000-8000-000000000000'), [{ name: 'file', filename: 'a.pdf', data: samples.pdf() }]);
    expect(res).toEqual(err('x-on-behalf-of value err'));
  });

  it('answers Authorization error without a token, before reading the body', async () => {
    const res = await t.inject({ method: 'POST', url: '/api/v1/files/upload', payload: multipartBody([]), headers: { 'content-type': MULTIPART } });
    expect({ status: res.statusCode, body: res.json() }).toEqual({ status: 403, body: { code: 403, message: 'Authorization error' } });
  });

  it('stores a sub-account file for the sub-account acting through x-on-behalf-of', async () => {
    const master = await makeMaster(t.services, { name: 'Parent' });
    const sub = await makeSub(t.services, master);
    const mc = await clientOf(t, master);
    const res = await uploadOne(mc.as(sub.id), 'a.pdf', samples.pdf());
    expect(res.status).toBe(200);
    const owner = await t.db.pool.query<{ account_id: string }>('SELECT account_id FROM files WHERE id = $1', [res.body.file_id]);
    expect(owner.rows[0]!.account_id).toBe(sub.id);
  });
});
