import type { LightMyRequestResponse } from 'fastify';
import type { TestApp } from '../../support/app';
import type { Client, Json } from '../../support/client';

/** Minimal contents with the real magic bytes of each type (file-type decides by these). */
const png = (): Buffer => {
  const ihdr = Buffer.from('0000000d49484452000000010000000108060000001f15c489', 'hex');
  const idat = Buffer.from('0000000a49444154789c63000100000500010d0a2db4', 'hex');
  const iend = Buffer.from('0000000049454e44ae426082', 'hex');
  return Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), ihdr, idat, iend]);
};
const jpeg = (): Buffer => Buffer.concat([Buffer.from('ffd8ffe000104a46494600010100000100010000', 'hex'), Buffer.alloc(64, 0), Buffer.from('ffd9', 'hex')]);
const pdf = (): Buffer => Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n');
/** A zip whose first entry is word/document.xml: an Office Open XML word document. */
const docx = (): Buffer => {
  const name = Buffer.from('word/document.xml');
  const data = Buffer.from('<w:document/>');
  const h = Buffer.alloc(30);
  h.writeUInt32LE(0x04034b50, 0);
  h.writeUInt16LE(20, 4);
  h.writeUInt32LE(data.length, 18);
  h.writeUInt32LE(data.length, 22);
  h.writeUInt16LE(name.length, 26);
  return Buffer.concat([h, name, data]);
};
/** An OLE compound file header (legacy .doc). */
const doc = (): Buffer => Buffer.concat([Buffer.from('d0cf11e0a1b11ae1', 'hex'), Buffer.alloc(1016, 0)]);
const gif = (): Buffer => Buffer.concat([Buffer.from('GIF89a'), Buffer.from('01000100800000ffffff00000021f90401000000002c00000000010001000002024401003b', 'hex')]);

export const samples = { png, jpeg, pdf, docx, doc, gif, text: (): Buffer => Buffer.from('just some words, no magic here\n') };

export interface Part {
  name: string;
  filename?: string;
  contentType?: string;
  data: Buffer | string;
}

export const BOUNDARY = '----payrailtestboundary7MA4YWxkTrZu0gW';

export function multipartBody(parts: Part[]): Buffer {
  const chunks: Buffer[] = [];
  for (const p of parts) {
    let head = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${p.name}"`;
    if (p.filename !== undefined) head += `; filename="${p.filename}"`;
    head += '\r\n';
    if (p.contentType) head += `Content-Type: ${p.contentType}\r\n`;
    chunks.push(Buffer.from(`${head}\r\n`), Buffer.isBuffer(p.data) ? p.data : Buffer.from(p.data), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${BOUNDARY}--\r\n`));
  return Buffer.concat(chunks);
}

export const MULTIPART = `multipart/form-data; boundary=${BOUNDARY}`;

export interface Reply {
  status: number;
  body: Json;
}

const toReply = (res: LightMyRequestResponse): Reply => ({ status: res.statusCode, body: res.json() as Json });

/** POST /api/v1/files/upload as the client, with the given parts (default: one `file` part). */
export async function upload(c: Client, parts: Part[], opts: { query?: string; headers?: Record<string, string>; payload?: Buffer } = {}): Promise<Reply> {
  const res = await c.t.inject({
    method: 'POST',
    url: `/api/v1/files/upload${opts.query ? `?${opts.query}` : ''}`,
    payload: opts.payload ?? multipartBody(parts),
    headers: {
      'x-auth-token': `Bearer ${c.token}`,
      ...(c.opts.onBehalfOf ? { 'x-on-behalf-of': c.opts.onBehalfOf } : {}),
      'content-type': MULTIPART,
      ...opts.headers,
    },
  });
  return toReply(res);
}

export const uploadOne = (c: Client, filename: string, data: Buffer, contentType?: string, query?: string): Promise<Reply> =>
  upload(c, [{ name: 'file', filename, data, contentType }], { query });

/** Fetches a download link's URL (absolute, on the inject host) from an app. */
export function fetchLink(t: TestApp, url: string): Promise<LightMyRequestResponse> {
  const u = new URL(url);
  return t.inject({ method: 'GET', url: `${u.pathname}${u.search}` });
}
