import { answersRejected, asksForInformation, matchAnswers, SANDBOX_QUESTIONS, uuidOfRfiId } from '../../../src/domain/onboarding/rfis/rules';

const input = (answer: object[]) => ({ rfiId: 'ACTREQ-x', answer: answer as never });
const FILE = '6f1c1b1e-2d3c-4b5a-9e8f-0a1b2c3d4e5f';

describe('answers against the questions', () => {
  it('takes one answer per question, in any order, stored in the questions\' order', () => {
    expect(
      matchAnswers(SANDBOX_QUESTIONS, input([{ key: 'source_of_funds', type: 'TEXT', text: ' salary ' }, { key: 'proof_of_address', type: 'ATTACHMENT', attachments: [FILE, FILE] }])),
    ).toEqual({
      answers: [
        { key: 'proof_of_address', type: 'ATTACHMENT', attachments: [FILE] },
        { key: 'source_of_funds', type: 'TEXT', text: 'salary' },
      ],
    });
  });

  it.each([
    [[{ key: 'passport', type: 'TEXT', text: 'x' }], ['answer[0].key', 'the request has no question passport']],
    [[{ key: 'source_of_funds', type: 'ATTACHMENT', attachments: [FILE] }], ['answer[0].type', 'question source_of_funds asks for TEXT']],
    [[{ key: 'proof_of_address', type: 'ATTACHMENT', attachments: [] }], ['answer[0].attachments', 'an ATTACHMENT answer needs at least one uploaded file id']],
    [[{ key: 'source_of_funds', type: 'TEXT', text: '  ' }], ['answer[0].text', 'a TEXT answer needs non-empty text']],
    [[{ key: 'source_of_funds', type: 'TEXT', text: 'a' }, { key: 'source_of_funds', type: 'TEXT', text: 'b' }], ['answer[1].key', 'question source_of_funds is answered twice']],
    [[{ key: 'source_of_funds', type: 'TEXT', text: 'a' }], ['answer', 'question proof_of_address is not answered']],
  ])('refuses %j', (answer, refusal) => {
    expect(matchAnswers(SANDBOX_QUESTIONS, input(answer))).toEqual({ refusal });
  });
});

describe('ids and sandbox test values', () => {
  it('reads an rfi_id only whole, prefix included', () => {
    expect(uuidOfRfiId(`ACTREQ-${FILE.toUpperCase()}`)).toBe(FILE);
    expect(uuidOfRfiId(FILE)).toBeUndefined();
    expect(uuidOfRfiId('ACTREQ-nope')).toBeUndefined();
  });

  it('asks for an account named with SIMULATE-RFI, rejects answers with SIMULATE-REJECT', () => {
    expect(asksForInformation('Acme simulate-rfi')).toBe(true);
    expect(asksForInformation('Acme')).toBe(false);
    expect(answersRejected([{ key: 'k', type: 'TEXT', text: 'funds SIMULATE-REJECT' }])).toBe(true);
    expect(answersRejected([{ key: 'k', type: 'ATTACHMENT', attachments: ['SIMULATE-REJECT'] }])).toBe(false);
  });
});
