import { startTestApp, type TestApp } from '../../support/app';
import { clientOf, type Client } from '../../support/client';
import { eventData } from '../../support/events';
import { fetchLink, samples } from '../files/fixtures';
import { makeMaster, type Tenant } from '../../support/tenants';
import { advance, answers, rfisOf, subAccountAskedForInformation, uploadedPdf } from './fixtures';

let t: TestApp;
let master: Tenant;
let c: Client;

beforeAll(async () => {
  t = await startTestApp();
  master = await makeMaster(t.services, { name: 'Compliance Platform' });
  c = await clientOf(t, master);
});
afterAll(() => t.close());

const RFI_ID = /^ACTREQ-[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const answer = (body: unknown, as: Client = c) => as.post('/v1/rfis/answer', body);

describe('the compliance team asks (sandbox test value SIMULATE-RFI)', () => {
  it('at the verification review, raises an ACTION_REQUIRED RFI and leaves the account PENDING', async () => {
    const subId = await subAccountAskedForInformation(c);
    const [rfi] = await rfisOf(c.as(subId));
    expect(rfi).toEqual({
      rfi_id: expect.stringMatching(RFI_ID),
      account_id: subId,
      status: 'ACTION_REQUIRED',
      create_time: '2026-11-21T10:01:00.000Z',
      update_time: '2026-11-21T10:01:00.000Z',
      request: [
        { question: { key: 'proof_of_address', comment: 'A proof of address of the account holder, issued in the last three months', type: 'ATTACHMENT' } },
        { question: { key: 'source_of_funds', comment: 'Where the money the account will receive comes from', type: 'TEXT' } },
      ],
    });
    expect((await c.get(`/v1/accounts/${subId}`)).body.verification_status).toBe('PENDING');
    // The master acting as itself sees its sub-accounts' RFIs too, and reads one by its whole id.
    expect((await rfisOf(c)).map((r) => r.rfi_id)).toContain(rfi!.rfi_id);
    expect((await c.get(`/v1/rfis/${rfi!.rfi_id}`)).body).toEqual(rfi);
    expect(await eventData(t, rfi!.rfi_id.slice('ACTREQ-'.length), 'rfi.create.succeeded')).toEqual(rfi);
    const event = await t.db.prisma.outboxEvent.findFirstOrThrow({ where: { eventName: 'rfi.create.succeeded', accountId: subId } });
    expect(event.eventType).toBe('RFI');
  });

  it('takes the answers, with files the answering account uploaded; the review a minute later approves the RFI, then the account', async () => {
    const subId = await subAccountAskedForInformation(c);
    const [rfi] = await rfisOf(c.as(subId));
    const fileId = await uploadedPdf(c);
    const res = await answer({ rfi_id: rfi!.rfi_id, answer: answers(fileId) });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'SUBMITTED_PENDING', create_time: rfi!.create_time });
    const [address, funds] = res.body.request as { answer: { attachments?: { url: string }[]; text?: string } }[];
    expect(address!.answer).toEqual({
      key: 'proof_of_address',
      type: 'ATTACHMENT',
      attachments: [{ file_id: fileId, file_name: 'proof.pdf', file_type: 'pdf', size: samples.pdf().length, url: expect.stringContaining(`/api/v1/files/download/${fileId}?`) }],
    });
    expect(funds!.answer).toEqual({ key: 'source_of_funds', type: 'TEXT', text: 'Revenue from software licences' });
    const download = await fetchLink(t, address!.answer.attachments![0]!.url);
    expect([download.statusCode, download.rawPayload.equals(samples.pdf())]).toEqual([200, true]);
    // The event carries the answers without a bearer link.
    const answeredEvent = (await eventData(t, rfi!.rfi_id.slice(7), 'rfi.answer.succeeded')) as typeof res.body;
    expect(answeredEvent.request[0].answer.attachments[0].url).toBe('');

    await advance(c, 59);
    expect((await c.get(`/v1/rfis/${rfi!.rfi_id}`)).body.status).toBe('SUBMITTED_PENDING');
    await advance(c, 1);
    expect((await c.get(`/v1/rfis/${rfi!.rfi_id}`)).body.status).toBe('APPROVED');
    expect((await c.get(`/v1/accounts/${subId}`)).body).toMatchObject({ verification_status: 'APPROVED', review_reason: null });
    await eventData(t, rfi!.rfi_id.slice(7), 'rfi.review.succeeded');
  });

  it('rejects the RFI and the account when a text answer carries SIMULATE-REJECT', async () => {
    const subId = await subAccountAskedForInformation(c, 'Bob SIMULATE-RFI');
    const [rfi] = await rfisOf(c.as(subId));
    expect((await answer({ rfi_id: rfi!.rfi_id, answer: answers(await uploadedPdf(c), 'SIMULATE-REJECT') })).status).toBe(200);
    await advance(c, 60);
    expect((await c.get(`/v1/rfis/${rfi!.rfi_id}`)).body.status).toBe('REJECTED');
    expect((await c.get(`/v1/accounts/${subId}`)).body).toMatchObject({ verification_status: 'REJECT', review_reason: 'the request for information was rejected' });
    await eventData(t, rfi!.rfi_id.slice(7), 'rfi.review.failed');
  });
});

describe('POST /v1/rfis/answer refusals', () => {
  let subId: string;
  let rfiId: string;
  let fileId: string;
  beforeAll(async () => {
    subId = await subAccountAskedForInformation(c, 'Refusals SIMULATE-RFI');
    rfiId = (await rfisOf(c.as(subId)))[0]!.rfi_id;
    fileId = await uploadedPdf(c);
  });
  const refused = async (body: unknown, as: Client = c) => {
    const res = await answer(body, as);
    return [res.status, res.body];
  };

  it('names the field of a malformed answer', async () => {
    expect(await refused({ rfi_id: rfiId })).toEqual([400, { code: 400, message: "Field 'answer' is required" }]);
    expect(await refused({ rfi_id: rfiId, answer: [{ key: 'source_of_funds', type: 'VIDEO' }] })).toEqual([
      400,
      { code: 400, message: "Invalid value for field 'answer[0].type': must be one of ATTACHMENT, TEXT" },
    ]);
    expect(await refused({ rfi_id: rfiId, answer: [answers(fileId)[1]] })).toEqual([
      400,
      { code: 400, message: "Invalid value for field 'answer': question proof_of_address is not answered" },
    ]);
    expect(await refused({ rfi_id: rfiId, answer: [answers(fileId)[0], { key: 'source_of_funds', type: 'TEXT', text: '' }] })).toEqual([
      400,
      { code: 400, message: "Invalid value for field 'answer[1].text': a TEXT answer needs non-empty text" },
    ]);
  });

  it("refuses a file that is not the answering account's upload", async () => {
    const stranger = await clientOf(t, await makeMaster(t.services, { name: 'Stranger' }));
    const theirs = await uploadedPdf(stranger);
    expect(await refused({ rfi_id: rfiId, answer: answers(theirs) })).toEqual([
      400,
      { code: 400, message: "Invalid value for field 'answer[0].attachments[0]': no uploaded file has this id (POST /v1/files/upload)" },
    ]);
  });

  it("answers another tenant's, a bare or an unknown id alike: entity not found", async () => {
    const stranger = await clientOf(t, await makeMaster(t.services, { name: 'Stranger 2' }));
    const strangerFile = await uploadedPdf(stranger);
    for (const id of [rfiId, rfiId.slice(7), 'ACTREQ-6f1c1b1e-2d3c-4b5a-9e8f-0a1b2c3d4e5f']) {
      expect(await refused({ rfi_id: id, answer: answers(strangerFile) }, stranger)).toEqual([400, { code: 400, message: 'entity not found' }]);
      expect((await stranger.get(`/v1/rfis/${id}`)).body).toEqual({ code: 400, message: 'entity not found' });
    }
  });

  it('takes one answer: a second is refused while the first is reviewed', async () => {
    expect((await answer({ rfi_id: rfiId, answer: answers(fileId) })).status).toBe(200);
    expect(await refused({ rfi_id: rfiId, answer: answers(fileId) })).toEqual([
      400,
      { code: 400, message: 'The request for information is not awaiting an answer (it is SUBMITTED_PENDING)' },
    ]);
  });
});

describe('GET /v1/rfis', () => {
  it('filters by status and shows a sub-account only its own', async () => {
    const a = await subAccountAskedForInformation(c, 'Sub A SIMULATE-RFI');
    const b = await subAccountAskedForInformation(c, 'Sub B SIMULATE-RFI');
    const ofA = await rfisOf(c.as(a));
    expect(ofA.map((r) => r.account_id)).toEqual([a]);
    expect((await rfisOf(c.as(b), { status: 'ACTION_REQUIRED' })).map((r) => r.account_id)).toEqual([b]);
    expect(await rfisOf(c.as(b), { status: 'APPROVED' })).toEqual([]);
    const bad = await c.get('/v1/rfis', { status: 'OPEN' });
    expect([bad.status, bad.body]).toEqual([400, { code: 400, message: "Invalid value for field 'status': must be one of ACTION_REQUIRED, SUBMITTED_PENDING, APPROVED, REJECTED" }]);
    // Acting for B, the master cannot read A's.
    expect((await c.as(b).get(`/v1/rfis/${ofA[0]!.rfi_id}`)).body).toEqual({ code: 400, message: 'entity not found' });
  });
});
