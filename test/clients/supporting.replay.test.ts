import { z } from 'zod';
import { startTestApp, type TestApp } from '../support/app';
import { DUMMY_DOC, nodeUpload, PDF, PYTHON_MIME_TYPES, pythonUpload } from './files-wire';
import { freshSandbox } from './sandbox';
import { replayedEveryMethod, Sdk } from './sdk';

/**
 * The official clients' file methods, each sent as the client sends it: a multipart upload (Node:
 * FormData through fetch; Python: httpx `files=`), then download links. Both clients send these to
 * their file base URL; payrail serves them under its own /api (docs/decisions/onboarding/files.md, "The official
 * clients as callers"), which is where these requests go. Answers parse into the Node client's
 * UploadFileResponse and DownloadLinksResponse (the Python client declares `dict[str, Any]`).
 */
let t: TestApp;
let node: Sdk;
let python: Sdk;

beforeAll(async () => {
  t = await startTestApp();
  const sandbox = await freshSandbox(t);
  node = await Sdk.connect(t, 'node', sandbox);
  python = await Sdk.connect(t, 'python', sandbox);
});
afterAll(() => t.close());

const uploaded = z.object({ file_id: z.string(), file_name: z.string(), file_type: z.string(), size: z.number(), create_time: z.string(), notes: z.string().nullish() });
const links = z.object({
  files: z.array(z.object({ file_id: z.string(), file_name: z.string(), file_type: z.string(), size: z.number(), url: z.string() })),
  absent_files: z.array(z.string()),
});

const PNG = Buffer.from(DUMMY_DOC.slice(DUMMY_DOC.indexOf(',') + 1), 'base64');

async function download(url: string): Promise<Buffer> {
  const u = new URL(url);
  const res = await t.inject({ method: 'GET', url: `${u.pathname}${u.search}` });
  expect(res.statusCode).toBe(200);
  return res.rawPayload;
}

describe('supporting.files', () => {
  it('node: upload (README: kyc-document.pdf, application/pdf) and download links', async () => {
    const file = await node.call('supporting.files.upload', { raw: await nodeUpload(PDF, 'kyc-document.pdf', 'application/pdf') }, uploaded);
    expect(file).toMatchObject({ file_name: 'kyc-document.pdf', file_type: 'pdf', size: PDF.length });
    // UploadFileOptions.notes goes in the query (URLSearchParams).
    const noted = await node.call('supporting.files.upload', { raw: await nodeUpload(PNG, 'photo.png', 'image/png'), query: { notes: 'front & back' } }, uploaded);
    expect(noted.notes).toBe('front & back');
    const answer = await node.call('supporting.files.downloadLinks', { body: { file_ids: [file.file_id, noted.file_id] } }, links);
    expect(answer.files.map((f) => f.file_id)).toEqual([file.file_id, noted.file_id]);
    expect((await download(answer.files[0]!.url)).equals(PDF)).toBe(true);
  });

  it('python: upload (README: document.pdf; a .png typed from its name) and download links', async () => {
    const file = await python.call('supporting.files.upload', { raw: pythonUpload(PDF, 'document.pdf', 'application/pdf'), query: { notes: 'KYC pack' } }, uploaded);
    expect(file).toMatchObject({ file_name: 'document.pdf', file_type: 'pdf', notes: 'KYC pack' });
    const image = await python.call('supporting.files.upload', { raw: pythonUpload(PNG, 'id.png', PYTHON_MIME_TYPES['.png']!) }, uploaded);
    expect(image.file_type).toBe('png');
    const answer = await python.call('supporting.files.download_links', { body: { file_ids: [file.file_id, image.file_id] } }, links);
    expect(answer.absent_files).toEqual([]);
    expect((await download(answer.files[1]!.url)).equals(PNG)).toBe(true);
  });
});

replayedEveryMethod(__filename);
