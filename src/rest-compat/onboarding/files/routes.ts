import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { fileDownloadLinks, openDownload, parseFileIds } from '../../../domain/onboarding/files/downloads';
import { uploadFile } from '../../../domain/onboarding/files/service';
import { fileSettings } from '../../../domain/onboarding/files/settings';
import { linkOrigin } from '../../../platform/runtime/public-origin';
import type { AppServices } from '../../../services';
import { routeRegistry } from '../../registry';
import { registerRoute, sendError } from '../../route';
import { fileSourceOf } from './multipart';
import { toRestDownloadLinks, toRestFileInfo } from './present';
import { downloadLinksWire } from './wire';
import { restDownloadLinks, restFileContent, restFileInfo, restUploadForm, restUploadQuery } from './schemas';

const one = (v: string | string[] | undefined): string | undefined => (Array.isArray(v) ? v[0] : v);

/** AF6 upload, AF7 download links, and the links themselves (account-center family, the "file host" under /api). */
export function registerFilesRoutes(app: FastifyInstance, services: AppServices): void {
  const originOf = linkOrigin(services.config);
  // Streams only: no part is ever collected into memory or a temporary file by the plugin.
  void app.register(multipart, { throwFileSizeLimit: true });
  const settings = () => fileSettings(services);
  const base = { family: 'account_center', tag: 'files' } as const;

  registerRoute(app, services, {
    ...base,
    method: 'POST',
    path: '/v1/files/upload',
    summary: 'Upload a file (multipart/form-data, part `file`; jpeg, png, jpg, doc, docx, pdf; at most 30 MiB)',
    accepts: ['multipart'],
    // The body is a stream the route consumes once; it cannot be hashed before it is read, so the
    // idempotency layer (which keys on a body hash) does not apply (docs/decisions/onboarding/files.md).
    idempotency: 'none',
    query: [restUploadQuery],
    body: restUploadForm,
    response: restFileInfo,
    handler: async (ctx, { request, query }) => {
      const source = await fileSourceOf(request, one(query.notes));
      return { body: toRestFileInfo(await uploadFile(ctx, settings(), source)) };
    },
  });

  registerRoute(app, services, {
    ...base,
    method: 'POST',
    path: '/v1/files/download_links',
    summary: 'Signed download links to files of the acting account (valid 10 minutes)',
    body: downloadLinksWire.schema,
    names: downloadLinksWire.names,
    response: restDownloadLinks,
    handler: async (ctx, { body, request }) => ({
      body: toRestDownloadLinks(await fileDownloadLinks(ctx, settings(), parseFileIds(downloadLinksWire.toCommand(body))), originOf(request)),
    }),
  });

  // The link is the credential (no x-auth-token): its signature binds account, file and expiry.
  const download = { ...base, method: 'GET', path: '/v1/files/download/:id', summary: 'Download a file through a signed link', produces: 'application/octet-stream', response: restFileContent } as const;
  routeRegistry(app).add({ ...download, public: true });
  app.route({
    method: 'GET',
    url: `/api${download.path}`,
    config: { family: 'account_center', accepts: ['json'] },
    handler: async (req, reply) => {
      try {
        const q = req.query as Record<string, string | string[] | undefined>;
        const { file, content } = await openDownload(
          { db: services.db, now: services.clock.now() },
          settings(),
          { fileId: (req.params as { id: string }).id, account: one(q.account), expires: one(q.expires), signature: one(q.signature) },
        );
        return reply
          .code(200)
          .header('content-type', file.mediaType)
          .header('content-length', String(file.size))
          .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(file.fileName)}`)
          .header('cache-control', 'private, no-store')
          .send(content);
      } catch (e) {
        return sendError(reply, 'account_center', e);
      }
    },
  });
}
