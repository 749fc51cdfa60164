import { fromBuffer } from 'file-type';
import { fileErrors } from './errors';

/** Spec 8: the upload limit, 30 MiB. */
export const MAX_FILE_BYTES = 30 * 1024 * 1024;
/** ref: notes of an upload are at most 50 characters. */
export const MAX_NOTES_CHARS = 50;
/** Bytes read before the type is decided: enough for file-type to walk a docx's first zip entries. */
export const SNIFF_BYTES = 64 * 1024;

/** What an upload's content was found to be. */
export const FILE_TYPES = ['jpeg', 'png', 'pdf', 'doc', 'docx'] as const;
export type FileType = (typeof FILE_TYPES)[number];

/** The allowed extensions (spec 8: jpeg, png, jpg, doc, docx, pdf) and the type each names. */
const EXTENSIONS: Readonly<Record<string, FileType>> = {
  jpeg: 'jpeg',
  jpg: 'jpeg',
  png: 'png',
  pdf: 'pdf',
  doc: 'doc',
  docx: 'docx',
};

export const MEDIA_TYPES: Readonly<Record<FileType, string>> = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  pdf: 'application/pdf',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
};

/** Declared part types that say nothing about the content (browsers and SDKs send them for anything). */
// text/plain is what RFC 7578 (and busboy) assume for a part without a Content-Type.
const NEUTRAL_DECLARED = new Set(['', 'text/plain', 'application/octet-stream', 'binary/octet-stream']);

/** Extra declared spellings seen in the wild for the allowed types. */
const DECLARED_ALIASES: Readonly<Record<string, FileType>> = { 'image/jpg': 'jpeg', 'image/pjpeg': 'jpeg' };

/** A file name a person could have given: 1-255 characters, no path, no control characters. */
export function checkFileName(name: string | undefined): string {
  const trimmed = (name ?? '').trim();
  // eslint-disable-next-line no-control-regex
  if (trimmed === '' || trimmed.length > 255 || /[\u0000-\u001f\u007f/\\]/.test(trimmed) || trimmed === '.' || trimmed === '..') {
    throw fileErrors.invalidFileName();
  }
  return trimmed;
}

/** The type the name claims, by its extension; any other extension is an invalid file type. */
export function typeByName(name: string): FileType {
  const dot = name.lastIndexOf('.');
  const ext = dot < 0 ? '' : name.slice(dot + 1).toLowerCase();
  const type = EXTENSIONS[ext];
  if (!type) throw fileErrors.invalidFileType();
  return type;
}

export function checkNotes(notes: string | undefined): string | undefined {
  if (notes === undefined || notes === '') return undefined;
  if ([...notes].length > MAX_NOTES_CHARS) throw fileErrors.notesTooLong(MAX_NOTES_CHARS);
  return notes;
}

/**
 * The type decided by the content's magic bytes (file-type), never by the name. A legacy Word file
 * is an OLE compound file, which file-type reports as `cfb` without telling Word from Excel; it
 * counts as doc only when the name says doc (and then the other rules still apply).
 */
export async function typeByContent(head: Buffer, claimed: FileType): Promise<FileType | undefined> {
  const found = await fromBuffer(head);
  if (!found) return undefined;
  switch (found.ext) {
    case 'jpg':
      return 'jpeg';
    case 'png':
    case 'pdf':
    case 'docx':
      return found.ext;
    case 'cfb':
      return claimed === 'doc' ? 'doc' : undefined;
    default:
      return undefined;
  }
}

/**
 * The three checks of an upload once its first bytes are known, in this order: the content is one
 * of the allowed types; it is the type the name claims; and the part's declared Content-Type, when
 * it says anything, agrees (a forged media type is refused).
 */
export async function decideType(head: Buffer, name: string, declared: string | undefined): Promise<FileType> {
  const claimed = typeByName(name);
  const actual = await typeByContent(head, claimed);
  if (!actual) throw fileErrors.unsupportedFileType();
  if (actual !== claimed) throw fileErrors.fileValidationFailed(`mime type mismatch (the name says ${claimed}, the content is ${actual})`);
  const d = (declared ?? '').split(';')[0]!.trim().toLowerCase();
  if (!NEUTRAL_DECLARED.has(d) && d !== MEDIA_TYPES[actual] && DECLARED_ALIASES[d] !== actual) {
    throw fileErrors.fileValidationFailed(`mime type mismatch (declared ${d}, the content is ${actual})`);
  }
  return actual;
}
