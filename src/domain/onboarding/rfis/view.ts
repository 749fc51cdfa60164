import type { Rfi } from '../../../generated/prisma/client';
import type { LinkedFile } from '../files/contract';
import { toRfiId, type RfiAnswer, type RfiQuestion, type RfiStatus } from './rules';

/** An answered question's file: what the clients show of it (details, not the upload id alone). */
export interface RfiFileView {
  fileId: string;
  fileName: string;
  fileType: string;
  size: number;
  /** A signed download link's path; null where none is made (event payloads: links are bearer credentials). */
  path: string | null;
}

export interface RfiAnswerView {
  key: string;
  type: RfiAnswer['type'];
  attachments: RfiFileView[] | null;
  text: string | null;
}

/** An RFI as both doors present it (the clients' Rfi): each question with its answer once given. */
export interface RfiView {
  /** rfi_id: ACTREQ-<uuid>. */
  id: string;
  accountId: string;
  status: RfiStatus;
  request: { question: RfiQuestion; answer: RfiAnswerView | null }[];
  createdAt: Date;
  updatedAt: Date;
}

export const questionsOf = (row: Pick<Rfi, 'questions'>): RfiQuestion[] => row.questions as unknown as RfiQuestion[];
export const answersOf = (row: Pick<Rfi, 'answers'>): RfiAnswer[] => (row.answers as unknown as RfiAnswer[] | null) ?? [];

/** The file ids an RFI's answers name (to look them up once for a page of RFIs). */
export const fileIdsOf = (row: Pick<Rfi, 'answers'>): string[] => answersOf(row).flatMap((a) => a.attachments ?? []);

export function toRfiView(row: Rfi, files: ReadonlyMap<string, LinkedFile>): RfiView {
  const answers = answersOf(row);
  return {
    id: toRfiId(row.id),
    accountId: row.accountId,
    status: row.status as RfiStatus,
    request: questionsOf(row).map((question) => {
      const a = answers.find((x) => x.key === question.key);
      return {
        question,
        answer: a
          ? {
              key: a.key,
              type: a.type,
              attachments: a.attachments
                ? a.attachments.flatMap((id) => {
                    const f = files.get(id);
                    return f ? [{ fileId: id, fileName: f.file.fileName, fileType: f.file.fileType, size: f.file.size, path: f.path }] : [];
                  })
                : null,
              text: a.text ?? null,
            }
          : null,
      };
    }),
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}
