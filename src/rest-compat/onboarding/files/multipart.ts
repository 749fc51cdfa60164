import type { MultipartFile, MultipartValue } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { DomainError } from '../../../platform/errors/domain-error';
import { fileErrors } from '../../../domain/onboarding/files/errors';
import { MAX_FILE_BYTES } from '../../../domain/onboarding/files/rules';
import type { UploadSource } from '../../../domain/onboarding/files/service';

const codeOf = (e: unknown): string | undefined => (e as { code?: string } | null)?.code;

/** The parser's errors while the bytes flow, as the file errors of spec 7.1. */
function mapStreamError(e: unknown): unknown {
  if (codeOf(e) === 'FST_REQ_FILE_TOO_LARGE') return fileErrors.fileSize();
  if (e instanceof DomainError) return e;
  return Object.assign(fileErrors.readFile(), { cause: e });
}

async function* guarded(stream: AsyncIterable<Buffer>): AsyncGenerator<Buffer> {
  try {
    for await (const b of stream) yield b;
  } catch (e) {
    throw mapStreamError(e);
  }
}

/**
 * The `file` part of an upload, streamed. Parts before it are read (a `notes` field counts like the
 * query parameter); the stream itself goes to the domain untouched. Not multipart, or no part
 * named `file`: `Parse file failed`; a `file` part without a filename (a plain field):
 * `Request parameters invalid`.
 */
export async function fileSourceOf(req: FastifyRequest, queryNotes: string | undefined): Promise<UploadSource> {
  if (!req.isMultipart()) throw fileErrors.parseFileFailed();
  let notes = queryNotes;
  try {
    for await (const part of req.parts({ limits: { fileSize: MAX_FILE_BYTES + 1, files: 1, fields: 10, parts: 11 } })) {
      if (part.type === 'file') {
        const file = part as MultipartFile;
        if (file.fieldname !== 'file') throw fileErrors.parseFileFailed();
        return { fileName: file.filename, declaredMediaType: file.mimetype, notes, content: guarded(file.file) };
      }
      const field = part as MultipartValue<unknown>;
      if (field.fieldname === 'file') throw fileErrors.requestParametersInvalid('file');
      if (field.fieldname === 'notes' && notes === undefined && typeof field.value === 'string') notes = field.value;
    }
  } catch (e) {
    if (e instanceof DomainError) throw e;
    throw Object.assign(fileErrors.parseFileFailed(), { cause: e });
  }
  throw fileErrors.parseFileFailed();
}
