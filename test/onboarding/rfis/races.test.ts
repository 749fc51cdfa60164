import { startTestApp, type TestApp } from '../../support/app';
import { clientOf } from '../../support/client';
import { makeMaster } from '../../support/tenants';
import { answers, rfisOf, subAccountAskedForInformation, uploadedPdf } from './fixtures';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe('answers sent at once', () => {
  it('five answers to one RFI at once: one is taken, the others are refused, one review is scheduled', async () => {
    const c = await clientOf(t, await makeMaster(t.services, { name: 'Racing Platform' }));
    const subId = await subAccountAskedForInformation(c);
    const [rfi] = await rfisOf(c.as(subId));
    const fileId = await uploadedPdf(c);
    const replies = await Promise.all(Array.from({ length: 5 }, (_, i) => c.post('/v1/rfis/answer', { rfi_id: rfi!.rfi_id, answer: answers(fileId, `answer ${i}`) })));
    expect(replies.map((r) => r.status).sort()).toEqual([200, 400, 400, 400, 400]);
    for (const r of replies.filter((x) => x.status === 400)) {
      expect(r.body).toEqual({ code: 400, message: 'The request for information is not awaiting an answer (it is SUBMITTED_PENDING)' });
    }
    expect(await t.db.prisma.scheduledTransition.count({ where: { kind: 'rfi.review' } })).toBe(1);
    expect(await t.db.prisma.outboxEvent.count({ where: { eventName: 'rfi.answer.succeeded' } })).toBe(1);
  });
});
