import type { FastifyError, FastifyInstance } from 'fastify';
import { processRequest, type FileUpload } from 'graphql-upload-minimal';
import { isDomainError } from '../../../platform/errors/domain-error';
import { fileErrors } from '../../../domain/onboarding/files/errors';
import { MAX_FILE_BYTES } from '../../../domain/onboarding/files/rules';
import type { UploadSource } from '../../../domain/onboarding/files/service';

/**
 * GraphQL multipart requests (https://github.com/jaydenseric/graphql-multipart-request-spec) on
 * the GraphQL path: graphql-upload-minimal reads `operations` and `map`, and leaves each file as a
 * stream the resolver consumes once. Apollo's CSRF prevention still applies afterwards: multipart
 * is a "simple" content type, so Apollo refuses such a request unless it carries
 * apollo-require-preflight (or x-apollo-operation-name), which a browser cannot add cross-site
 * without a preflight.
 */
export function installGraphQLUploads(app: FastifyInstance, path: string): void {
  // A callback hook: it runs on every request of the app and waits only for GraphQL multipart
  // bodies, so the others pay no promise for it (docs/performance.md).
  app.addHook('preValidation', (req, reply, done) => {
    const url = req.url;
    if (!(url === path || url.startsWith(`${path}?`)) || !req.isMultipart()) {
      done();
      return;
    }
    processRequest(req.raw, reply.raw, { maxFileSize: MAX_FILE_BYTES + 1, maxFiles: 1 }).then(
      (body) => {
        req.body = body;
        done();
      },
      () => done(fileErrors.parseFileFailed() as FastifyError),
    );
  });
}

/** The upload as the domain takes it; the parser's errors become the file errors of spec 7.1. */
export async function uploadSourceOf(file: Promise<FileUpload>, notes: string | undefined): Promise<UploadSource> {
  let upload: FileUpload;
  try {
    upload = await file;
  } catch {
    throw fileErrors.parseFileFailed();
  }
  let stream: NodeJS.ReadableStream;
  try {
    stream = upload.createReadStream();
  } catch (e) {
    // The parser already stopped the file: over the size limit (its 413) or a broken body.
    if ((e as { status?: number }).status === 413) throw fileErrors.fileSize();
    throw Object.assign(fileErrors.readFile(), { cause: e });
  }
  async function* content(): AsyncGenerator<Buffer> {
    try {
      for await (const b of stream) yield b as Buffer;
    } catch (e) {
      if (isDomainError(e)) throw e;
      throw Object.assign(fileErrors.readFile(), { cause: e });
    }
    // The parser stops a file at its size limit and marks it truncated rather than failing it.
    if ((stream as { truncated?: boolean }).truncated) throw fileErrors.fileSize();
  }
  return { fileName: upload.filename, declaredMediaType: upload.mimetype, notes, content: content() };
}
