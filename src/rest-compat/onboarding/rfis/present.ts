import type { z } from 'zod';
import type { RfiView } from '../../../domain/onboarding/rfis/view';
import { iso } from '../../shared/wire';
import type { restRfi } from './schemas';

/**
 * Rfi as the clients type it. `origin` is where the request reached payrail, in front of each
 * file's link; a file without a link (an event's payload) has url "".
 */
export const toRestRfi = (r: RfiView, origin: string): z.input<typeof restRfi> => ({
  rfi_id: r.id,
  account_id: r.accountId,
  status: r.status,
  create_time: iso(r.createdAt),
  update_time: iso(r.updatedAt),
  request: r.request.map(({ question, answer }) => ({
    question: { key: question.key, comment: question.comment, type: question.type },
    ...(answer
      ? {
          answer: {
            key: answer.key,
            type: answer.type,
            ...(answer.attachments
              ? {
                  attachments: answer.attachments.map((f) => ({
                    file_id: f.fileId,
                    file_name: f.fileName,
                    file_type: f.fileType,
                    size: f.size,
                    url: f.path === null ? '' : `${origin}${f.path}`,
                  })),
                }
              : {}),
            ...(answer.text !== null ? { text: answer.text } : {}),
          },
        }
      : {}),
  })),
});
