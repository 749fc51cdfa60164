import { z } from 'zod';
import { defineList, sliceOf } from '../../../platform/pagination/list';
import { toStoredFile } from './view';

/** The acting account's files, newest first (GraphQL `files`; the spec has no REST list). */
export const fileList = defineList({
  filter: z.object({}),
  find(ctx, _filter, window) {
    const where = { accountId: ctx.acting.id, complete: true };
    return sliceOf(
      ctx.db.prisma.storedFile.findMany({ where, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], skip: window.skip, take: window.take }),
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
