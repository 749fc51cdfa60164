import { z } from 'zod';
import { isUuid } from '../../../platform/ids/ids';

/** The official clients' RfiStatus. */
export const RFI_STATUSES = ['ACTION_REQUIRED', 'SUBMITTED_PENDING', 'APPROVED', 'REJECTED'] as const;
export type RfiStatus = (typeof RFI_STATUSES)[number];

/** What a question asks for: uploaded files, or text (the clients' contract notes). */
export const QUESTION_TYPES = ['ATTACHMENT', 'TEXT'] as const;
export type QuestionType = (typeof QUESTION_TYPES)[number];

export interface RfiQuestion {
  key: string;
  comment: string;
  type: QuestionType;
}

/** An answer as stored: file ids for an ATTACHMENT, text for a TEXT. */
export interface RfiAnswer {
  key: string;
  type: QuestionType;
  attachments?: string[];
  text?: string;
}

/** The clients send the full id, prefix included ("ACTREQ-895487f0-…"); payrail keys the row by the UUID. */
export const RFI_ID_PREFIX = 'ACTREQ-';
export const toRfiId = (uuid: string): string => `${RFI_ID_PREFIX}${uuid}`;
/** The row's UUID of an rfi_id as sent, or undefined for anything else (a bare UUID included: the prefix is part of the id). */
export function uuidOfRfiId(rfiId: string): string | undefined {
  if (!rfiId.startsWith(RFI_ID_PREFIX)) return undefined;
  const uuid = rfiId.slice(RFI_ID_PREFIX.length).toLowerCase();
  return isUuid(uuid) ? uuid : undefined;
}

/**
 * What the sandbox's compliance team asks: the two things a review most often lacks. A real team's
 * questions vary; the clients' types carry any keys.
 */
export const SANDBOX_QUESTIONS: readonly RfiQuestion[] = [
  { key: 'proof_of_address', comment: 'A proof of address of the account holder, issued in the last three months', type: 'ATTACHMENT' },
  { key: 'source_of_funds', comment: 'Where the money the account will receive comes from', type: 'TEXT' },
];

/**
 * Sandbox test values. In the account's name (AF1 `name`, AF2 `nickname`), `SIMULATE-RFI` makes the
 * verification review ask questions instead of deciding (any case); in a TEXT answer,
 * `SIMULATE-REJECT` makes the review of the answers reject them, and the account with them.
 */
export const RFI_MARKER = 'SIMULATE-RFI';
export const REJECT_MARKER = 'SIMULATE-REJECT';
export const asksForInformation = (accountName: string): boolean => accountName.toUpperCase().includes(RFI_MARKER);
export const answersRejected = (answers: readonly RfiAnswer[]): boolean =>
  answers.some((a) => a.type === 'TEXT' && (a.text ?? '').toUpperCase().includes(REJECT_MARKER));

/** The compliance team reviews answers a minute after they arrive, on the tree's clock. */
export const REVIEW_DELAY_MS = 60_000;

export const MAX_ANSWERS = 20;
export const MAX_ATTACHMENTS = 10;
export const MAX_TEXT = 2000;

const answerItem = z.object({
  key: z.string().min(1, 'must not be empty'),
  type: z.string().pipe(z.enum(QUESTION_TYPES, { error: 'must be one of ATTACHMENT, TEXT' })),
  attachments: z.array(z.string()).max(MAX_ATTACHMENTS, `must have at most ${MAX_ATTACHMENTS} files`).nullish(),
  text: z.string().max(MAX_TEXT, `must be at most ${MAX_TEXT} characters`).nullish(),
});

/** The clients' AnswerRfiParams: the RFI and one answer per question. */
export const answerRfiCommand = z.object({
  rfiId: z.string().min(1, 'must not be empty'),
  answer: z.array(answerItem).min(1, 'must answer every question').max(MAX_ANSWERS, `must have at most ${MAX_ANSWERS} answers`),
});
export type AnswerRfiCommand = z.output<typeof answerRfiCommand>;

/** The RFI list's filter (the clients' ListRfisParams). */
export const rfiFilter = z.object({
  status: z.string().pipe(z.enum(RFI_STATUSES, { error: `must be one of ${RFI_STATUSES.join(', ')}` })).optional(),
});
export type RfiFilter = z.output<typeof rfiFilter>;

/**
 * The answers checked against the questions, in the questions' order: each question answered once,
 * with its type; an ATTACHMENT with files, a TEXT with non-empty text (the clients' contract).
 * Returns the first broken rule as [field, rule], or the answers to store.
 */
export function matchAnswers(questions: readonly RfiQuestion[], input: AnswerRfiCommand): { refusal: [string, string] } | { answers: RfiAnswer[] } {
  const byKey = new Map<string, number>();
  for (const [i, a] of input.answer.entries()) {
    const question = questions.find((q) => q.key === a.key);
    if (!question) return { refusal: [`answer[${i}].key`, `the request has no question ${a.key}`] };
    if (byKey.has(a.key)) return { refusal: [`answer[${i}].key`, `question ${a.key} is answered twice`] };
    byKey.set(a.key, i);
    if (a.type !== question.type) return { refusal: [`answer[${i}].type`, `question ${a.key} asks for ${question.type}`] };
    if (a.type === 'ATTACHMENT' && !(a.attachments && a.attachments.length > 0)) return { refusal: [`answer[${i}].attachments`, 'an ATTACHMENT answer needs at least one uploaded file id'] };
    if (a.type === 'TEXT' && !(a.text && a.text.trim().length > 0)) return { refusal: [`answer[${i}].text`, 'a TEXT answer needs non-empty text'] };
  }
  const missing = questions.find((q) => !byKey.has(q.key));
  if (missing) return { refusal: ['answer', `question ${missing.key} is not answered`] };
  return {
    answers: questions.map((q) => {
      const a = input.answer[byKey.get(q.key)!]!;
      return q.type === 'ATTACHMENT' ? { key: q.key, type: q.type, attachments: [...new Set(a.attachments!)] } : { key: q.key, type: q.type, text: a.text!.trim() };
    }),
  };
}
