import { z } from 'zod';
import { QUESTION_TYPES, RFI_STATUSES } from '../../../domain/onboarding/rfis/rules';
import { dateTime, oneOf, uuid } from '../../shared/wire';

/** A file of an answer as the clients' response model shows it: details and a download link. */
const restRfiFile = z.object({
  file_id: uuid,
  file_name: z.string(),
  file_type: z.string(),
  size: z.number().int(),
  url: z.string().describe('a signed download link, valid 10 minutes; "" in event payloads'),
});

/** The clients' Rfi. */
export const restRfi = z
  .object({
    rfi_id: z.string().describe('ACTREQ-<uuid>: send it whole, prefix included'),
    account_id: uuid.describe('the account the compliance team asks about'),
    status: oneOf(RFI_STATUSES),
    create_time: dateTime,
    update_time: dateTime,
    request: z.array(
      z.object({
        question: z.object({ key: z.string(), comment: z.string(), type: oneOf(QUESTION_TYPES) }),
        answer: z
          .object({
            key: z.string(),
            type: oneOf(QUESTION_TYPES),
            attachments: z.array(restRfiFile).optional(),
            text: z.string().optional(),
          })
          .optional()
          .describe('present once answered'),
      }),
    ),
  })
  .meta({ id: 'Rfi' });
