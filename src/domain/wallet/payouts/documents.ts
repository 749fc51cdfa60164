/**
 * Documentation entries of a payout (spec 4.6): a base64 data URI in `file`, or a `file_id`.
 * Files are checked by declared media type, size and content (their magic bytes), never by the
 * declared type alone (DESIGN "Security").
 */

/** The upload types of spec 8 (jpeg, png, jpg, doc, docx, pdf) as media types. */
const SIGNATURES: Readonly<Record<string, readonly number[][]>> = {
  'application/pdf': [[0x25, 0x50, 0x44, 0x46]],
  'image/png': [[0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]],
  'image/jpeg': [[0xff, 0xd8, 0xff]],
  'image/jpg': [[0xff, 0xd8, 0xff]],
  'application/msword': [[0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]],
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': [[0x50, 0x4b, 0x03, 0x04]],
};

export const DOCUMENT_MEDIA_TYPES = Object.keys(SIGNATURES);

/** Decoded size bound of one inline document; the request body limit (1 MiB by default) applies first. */
export const MAX_DOCUMENT_BYTES = 5 * 1024 * 1024;

export interface InlineDocument {
  mediaType: string;
  size: number;
}

const DATA_URI = /^data:([a-z0-9.+/-]+);base64,([A-Za-z0-9+/]*={0,2})$/i;

/** Parses a base64 data URI, or returns the rule it breaks (shown after "Invalid value for field …: "). */
export function parseDataUri(text: string): InlineDocument | { rule: string } {
  const m = DATA_URI.exec(text.trim());
  if (!m) return { rule: 'must be a base64 data URI (data:<media type>;base64,<data>)' };
  const mediaType = m[1]!.toLowerCase();
  const signatures = SIGNATURES[mediaType];
  if (!signatures) return { rule: 'media type must be one of pdf, jpeg, png, doc, docx' };
  const payload = m[2]!;
  if (payload.length % 4 !== 0) return { rule: 'must be a base64 data URI (data:<media type>;base64,<data>)' };
  const bytes = Buffer.from(payload, 'base64');
  if (bytes.length === 0) return { rule: 'must not be empty' };
  if (bytes.length > MAX_DOCUMENT_BYTES) return { rule: `must be at most ${MAX_DOCUMENT_BYTES} bytes` };
  const matches = signatures.some((sig) => sig.every((b, i) => bytes[i] === b));
  if (!matches) return { rule: `content does not match the media type ${mediaType}` };
  return { mediaType, size: bytes.length };
}
