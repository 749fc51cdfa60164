import { z } from 'zod';
import { defineList } from '../../../platform/pagination/list';
import { newestFirst } from '../../../platform/pagination/keyset';
import { toStoredFile } from './view';

/** The acting account's files, newest first (GraphQL `files`; the spec has no REST list). */
export const fileList = defineList({
  filter: z.object({}),
  order: newestFirst('files'),
  find(ctx, _filter, page) {
    const where = { accountId: ctx.acting.id, complete: true };
    return page.slice(
      ctx.db.prisma.storedFile.findMany(page.prisma(where)),
      ctx.db.prisma.storedFile.count({ where }),
      (r) =>
        toStoredFile({
          id: r.id,
          account_id: r.accountId,
          file_name: r.fileName,
          file_type: r.fileType,
          media_type: r.mediaType,
          size: r.size.toString(),
          notes: r.notes,
          storage: r.storage,
          created_at: r.createdAt,
        }),
    );
  },
});
