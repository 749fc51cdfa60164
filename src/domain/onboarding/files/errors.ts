import { DomainError } from '../../../platform/errors/domain-error';
import { defineErrors } from '../../../platform/errors/catalogue';
import { quotedField } from '../../../platform/errors/field-names';

/**
 * File-area errors (AF6, AF7): account-center family, flat 400, with the exact texts of spec 7.1.
 * Quota and download-link errors are payrail's own (the spec has none); their texts are stable.
 */
const flat = <C extends string>(code: C, message: string, kind: DomainError['kind'] = 'validation', field?: string): DomainError<C> =>
  new DomainError({ code, message, status: 400, kind, field });

export const ALLOWED_TYPES_TEXT = 'jpeg, png, jpg, doc, docx, pdf';

export const fileErrors = defineErrors('files', 'account_center', {
  /** A multipart body whose `file` part is not a file (no filename), or an upload/links call missing its input. */
  requestParametersInvalid: (field?: string) => flat('request_parameters_invalid', 'Request parameters invalid', 'validation', field),
  /** The body is not multipart/form-data, or it has no part named `file`. */
  parseFileFailed: () => flat('parse_file_failed', 'Parse file failed', 'validation', 'file'),
  /** Empty, or over the 30 MiB limit. */
  fileSize: () => flat('file_size_error', 'File size error', 'validation', 'file'),
  invalidFileName: () => flat('invalid_file_name', 'invalid file name, please check the file', 'validation', 'file'),
  /** The name's extension is not one of the allowed types. */
  invalidFileType: () =>
    flat('invalid_file_type', `invalid file type, please check the file, only support ${ALLOWED_TYPES_TEXT}`, 'validation', 'file'),
  /** The content's magic bytes are none of the allowed types (or not recognised at all). */
  unsupportedFileType: () => flat('unsupported_file_type', 'unsupported file type', 'validation', 'file'),
  /** A rule between the name, the declared media type and the content failed; the message names the rule. */
  fileValidationFailed: (rule: string) => flat('file_validation_failed', `file validation failed: ${rule}`, 'validation', 'file'),
  /** The request stream broke while the file was read (the client went away or sent a broken body). */
  readFile: () => flat('read_file_error', 'read file occur error', 'internal', 'file'),
  /** The store refused the bytes (PostgreSQL or the object store). */
  uploadFile: () => flat('upload_file_error', 'upload file occur error, please contact our team', 'internal', 'file'),
  /** A stored file could not be opened for a download. */
  openFile: () => flat('open_file_error', 'open file occur error', 'internal'),
  notesTooLong: (max: number) =>
    flat('notes_too_long', `Invalid value for field ${quotedField('notes')}: must be at most ${max} characters`, 'validation', 'notes'),
  /** AF7: an id that does not exist, is malformed, or belongs to another account. */
  queryData: () => flat('query_data_error', 'Query data error', 'not_found', 'fileIds'),
  quotaFiles: (limit: number) =>
    flat('file_quota_exceeded', `File quota exceeded: the account may store at most ${limit} files`, 'business', 'file'),
  quotaBytes: (limit: number) =>
    flat('file_quota_exceeded', `File quota exceeded: the account may store at most ${limit} bytes of files`, 'business', 'file'),
  /** A download link whose signature does not verify, or whose file is gone. */
  linkInvalid: () => flat('download_link_invalid', 'download link invalid', 'authorization'),
  linkExpired: () => flat('download_link_expired', 'download link expired', 'authorization'),
});
