import { randomBytes } from 'node:crypto';

/**
 * A file upload byte for byte as each official client sends it (supporting.files.upload):
 *
 * - Node: a `FormData` with one part `file` (a Blob of the given type, with the filename), given
 *   to fetch, which writes it as multipart/form-data with its own boundary. Node's own FormData
 *   and Response serialise it here exactly as the client's fetch does.
 * - Python: httpx's `files={"file": (filename, bytes, mime_type)}`: a 32-hex-digit boundary, one
 *   part with `Content-Disposition: form-data; name="file"; filename="…"` and `Content-Type`.
 */
export async function nodeUpload(bytes: Buffer, filename: string, mimeType: string): Promise<{ payload: Buffer; contentType: string }> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)], { type: mimeType }), filename);
  const encoded = new Response(form);
  return { payload: Buffer.from(await encoded.arrayBuffer()), contentType: encoded.headers.get('content-type')! };
}

export function pythonUpload(bytes: Buffer, filename: string, mimeType: string): { payload: Buffer; contentType: string } {
  const boundary = randomBytes(16).toString('hex');
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${mimeType}\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

/** The Python client's MIME type for a filename (its _SUPPORTED_MIME_TYPES), when none is given. */
export const PYTHON_MIME_TYPES: Readonly<Record<string, string>> = {
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.png': 'image/png',
  '.pdf': 'application/pdf',
  '.doc': 'application/msword',
  '.docx': 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
};

/** A small, real PDF. */
export const PDF = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');

/** The 1x1 PNG the Python client's tests send as a data URI (_DUMMY_DOC). */
export const DUMMY_DOC =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8/5+hHgAHggJ/PchI6QAAAABJRU5ErkJggg==';
