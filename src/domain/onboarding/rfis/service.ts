import type { Prisma } from '../../../generated/prisma/client';
import { lockRow } from '../../../platform/db/locks';
import type { RequestContext } from '../../../platform/context';
import { checkFileIds, UNKNOWN_FILE_RULE } from '../files/contract';
import type { FileSettings } from '../files/settings';
import { addTransition } from '../../../platform/scheduler/transitions';
import { invalidField, parseInput } from '../../../platform/validation/validate';
import { rfiErrors } from './errors';
import { addRfiEvent, eventFilesOf } from './events';
import { RFI_REVIEW } from './lifecycle';
import { toRfiViews, visibleRfis } from './queries';
import { answerRfiCommand, matchAnswers, REVIEW_DELAY_MS, uuidOfRfiId, type RfiStatus } from './rules';
import { questionsOf } from './view';

/**
 * The clients' answer to an RFI (POST /v1/rfis/answer): every question answered once, with its
 * type; files must be the acting account's uploads. Under the RFI's row lock, so one answer is
 * taken: the RFI becomes SUBMITTED_PENDING with its event, and the compliance team's review is
 * due a minute later on the tree's clock (lifecycle.ts).
 */
export async function answerRfi(ctx: RequestContext, settings: FileSettings, raw: unknown) {
  const input = parseInput(answerRfiCommand, raw);
  const fileIds = input.answer.flatMap((a) => a.attachments ?? []);
  const unknown = await checkFileIds(ctx, fileIds);
  if (unknown.length > 0) {
    const [i, j] = input.answer.flatMap((a, ai) => (a.attachments ?? []).map((id, fi) => [ai, fi, id] as const)).find(([, , id]) => id === unknown[0])!;
    throw invalidField(`answer[${i}].attachments[${j}]`, UNKNOWN_FILE_RULE);
  }
  const id = uuidOfRfiId(input.rfiId);
  if (!id) throw rfiErrors.notFound();
  const answered = await ctx.commit('locking', async ({ tx, writes }) => {
    const visible = await tx.rfi.findFirst({ where: { AND: [{ id }, visibleRfis(ctx)] }, select: { id: true } });
    if (!visible) throw rfiErrors.notFound();
    const row = (await lockRow(tx, 'rfis', { id }))!;
    if (row.status !== 'ACTION_REQUIRED') throw rfiErrors.notAwaitingAnswer(row.status as RfiStatus);
    const matched = matchAnswers(questionsOf(row), input);
    if ('refusal' in matched) throw invalidField(...matched.refusal);
    const now = ctx.clock.now();
    const updated = await tx.rfi.update({
      where: { id: row.id },
      data: { status: 'SUBMITTED_PENDING', answers: matched.answers as unknown as Prisma.InputJsonValue, answeredAt: now, updatedAt: now },
    });
    addRfiEvent(writes, updated, 'rfi.answer.succeeded', now, await eventFilesOf(ctx.db, updated));
    addTransition(writes, {
      accountId: row.accountId,
      rootAccountId: row.rootAccountId,
      kind: RFI_REVIEW,
      subjectId: row.id,
      dueAt: new Date(now.getTime() + REVIEW_DELAY_MS),
      now,
    });
    return updated;
  });
  // Presented from the row the transaction wrote (inside the idempotency layer it commits with the answer).
  return (await toRfiViews(ctx, settings, [answered]))[0]!;
}
