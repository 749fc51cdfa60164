import { startTestApp, type TestApp } from '../../support/app';
import { clientOf, type Client } from '../../support/client';
import { AnswerRfiDocument, RfiDocument, RfisDocument } from '../../support/graphql.generated';
import { makeMaster } from '../../support/tenants';
import { rfisOf, subAccountAskedForInformation, uploadedPdf } from './fixtures';

let t: TestApp;
let c: Client;

beforeAll(async () => {
  t = await startTestApp();
  c = await clientOf(t, await makeMaster(t.services, { name: 'Graph Compliance' }));
});
afterAll(() => t.close());

describe('RFIs over GraphQL', () => {
  it('lists, reads and answers as REST does', async () => {
    const subId = await subAccountAskedForInformation(c);
    const [rest] = await rfisOf(c.as(subId));
    const list = await c.gql(RfisDocument, { filter: { status: 'ACTION_REQUIRED' } });
    expect(list.data!.rfis.edges.map((e) => e.node.id)).toContain(rest!.rfi_id);
    const one = await c.gql(RfiDocument, { id: rest!.rfi_id });
    expect(one.data!.rfi).toMatchObject({ id: rest!.rfi_id, accountId: subId, status: 'ACTION_REQUIRED' });
    expect(one.data!.rfi!.request.map((r) => [r.question.key, r.question.type, r.answer])).toEqual([
      ['proof_of_address', 'ATTACHMENT', null],
      ['source_of_funds', 'TEXT', null],
    ]);

    const fileId = await uploadedPdf(c);
    const bad = await c.gql(AnswerRfiDocument, { input: { rfiId: rest!.rfi_id, answer: [{ key: 'proof_of_address', type: 'ATTACHMENT', attachments: ['nope'] }] } });
    expect(bad.data!.answerRfi.userErrors[0]).toMatchObject({ message: "Invalid value for field 'answer[0].attachments[0]': no uploaded file has this id (POST /v1/files/upload)" });
    const answered = await c.gql(AnswerRfiDocument, {
      input: {
        rfiId: rest!.rfi_id,
        answer: [
          { key: 'proof_of_address', type: 'ATTACHMENT', attachments: [fileId] },
          { key: 'source_of_funds', type: 'TEXT', text: 'Savings' },
        ],
      },
    });
    expect(answered.errors).toBeUndefined();
    expect(answered.data!.answerRfi.rfi!).toMatchObject({
      status: 'SUBMITTED_PENDING',
      request: [
        { answer: { key: 'proof_of_address', attachments: [{ fileId, fileName: 'proof.pdf', fileType: 'PDF', url: expect.stringContaining('/api/v1/files/download/') }] } },
        { answer: { key: 'source_of_funds', text: 'Savings', attachments: null } },
      ],
    });
    const missing = await c.gql(RfiDocument, { id: 'ACTREQ-6f1c1b1e-2d3c-4b5a-9e8f-0a1b2c3d4e5f' });
    expect(missing.errors).toBeUndefined();
    expect(missing.data!.rfi).toBeNull();
  });
});
