import { randomUUID } from 'node:crypto';
import { isEnumType, isInterfaceType, isListType, isNonNullType, isObjectType, type GraphQLOutputType } from 'graphql';
import { startTestApp, type TestApp } from '../support/app';
import { Client, clientOf, type Client as C } from '../support/client';
import { CreatePayoutDocument, type CreatePayoutInput } from '../support/graphql.generated';
import { fundWallet } from '../support/ledger';
import { makeMaster, type Tenant } from '../support/tenants';
import { createBeneficiary, payoutBody, payoutInput } from '../wallet/payouts/fixtures';
import { buildGraphQLSchema } from '../../src/resolvers/schema';

/**
 * Mutation payloads (docs/graphql.md#errors): what a client can fix or act on is a userError in the
 * payload, every one at once, with the resource null and data not null; authentication and the
 * other faults stay top-level errors with extensions.code and the request id. REST is unchanged.
 */

let t: TestApp;
let master: Tenant;
let c: C;
let beneficiary: string;

beforeAll(async () => {
  t = await startTestApp();
  master = await makeMaster(t.services, { name: 'Payload payer' });
  c = await clientOf(t, master);
  beneficiary = await createBeneficiary(c);
  await fundWallet(t.services, master.account.id, 'USD', '1000.00');
});
afterAll(() => t.close());

const input = (extra: Partial<CreatePayoutInput> = {}): CreatePayoutInput => payoutInput(beneficiary, extra);

// Three fields the schema takes (XYZ has a currency code's shape) and the domain's rules refuse.
const threeWrong = () => input({ currency: 'XYZ', payoutReference: 'x'.repeat(101), payoutDate: 'tomorrow-ish' });

describe('userErrors', () => {
  it('lists every invalid field at once, each with its path and code, with the resource null and data not null', async () => {
    const res = await c.gql(CreatePayoutDocument, { input: threeWrong() });
    expect(res.errors).toBeUndefined();
    expect(res.data).not.toBeNull();
    const { payout, userErrors } = res.data!.createPayout;
    expect(payout).toBeNull();
    expect(userErrors.map((e) => e.field)).toEqual(expect.arrayContaining([
      ['input', 'currency'],
      ['input', 'payoutReference'],
      ['input', 'payoutDate'],
    ]));
    expect(userErrors).toHaveLength(3);
    for (const e of userErrors) expect(e).toMatchObject({ code: 'VALIDATION_FAILED', message: expect.stringContaining(`'${e.field![1]}'`) });
    expect(userErrors.find((e) => e.field![1] === 'payoutReference')!.message).toBe("Invalid value for field 'payoutReference': must be at most 100 characters");
    expect(await t.db.prisma.payout.count({ where: { accountId: master.account.id } })).toBe(0);
  });

  it('leaves REST as it was: the first issue only, in the REST names', async () => {
    const res = await c.post('/v1/payouts', payoutBody(beneficiary, { currency: 'DOLLARS', payout_reference: 'x'.repeat(101), payout_date: 'tomorrow-ish' }));
    expect(res.status).toBe(400);
    expect(Object.keys(res.body as object).sort()).toEqual(['code', 'message']);
    expect((res.body as { message: string }).message).toMatch(/^(Invalid (value|type) for field '(currency|payout_reference|payout_date)'|Field '\w+' is required)/);
  });

  it("answers a business refusal as a userError with the area's code", async () => {
    const res = await c.gql(CreatePayoutDocument, { input: input({ amount: '99999.00' }) });
    expect(res.errors).toBeUndefined();
    expect(res.data!.createPayout).toEqual({
      payout: null,
      userErrors: [{ field: ['input', 'amount'], message: 'Insufficient balance: the USD wallet cannot cover this amount', code: 'INSUFFICIENT_BALANCE' }],
    });
  });

  it('keeps an authentication failure top-level, with its code and the request id, and data null', async () => {
    const anon = new Client(t, undefined);
    const res = await anon.gql(CreatePayoutDocument, { input: input() });
    expect(res.data).toBeNull();
    expect(res.errors![0]!.extensions).toMatchObject({ code: 'authorization_error', type: 'authentication', requestId: expect.any(String) });
  });

  it('replays the same userErrors for a retried key, and the key stays bound to its request', async () => {
    const key = randomUUID();
    const first = await c.gql(CreatePayoutDocument, { input: threeWrong() }, { key });
    const again = await c.gql(CreatePayoutDocument, { input: threeWrong() }, { key });
    expect(first.data!.createPayout.userErrors).toHaveLength(3);
    expect(again.data).toEqual(first.data);
    expect(again.errors).toBeUndefined();
    const other = await c.gql(CreatePayoutDocument, { input: input() }, { key });
    expect(other.errors![0]!.extensions).toMatchObject({ code: 'idempotency_key_other_request', requestId: expect.any(String) });
  });
});

describe('the schema', () => {
  const unwrap = (type: GraphQLOutputType): GraphQLOutputType => (isNonNullType(type) || isListType(type) ? unwrap(type.ofType as GraphQLOutputType) : type);

  it('gives every mutation its payload, named after it, with userErrors of a UserError whose code is an enum', async () => {
    const schema = await buildGraphQLSchema();
    const userError = schema.getType('UserError');
    expect(isInterfaceType(userError)).toBe(true);
    const wrong: string[] = [];
    for (const field of Object.values(schema.getMutationType()!.getFields())) {
      const payload = unwrap(field.type);
      const expected = `${field.name[0]!.toUpperCase()}${field.name.slice(1)}Payload`;
      if (!isObjectType(payload) || payload.name !== expected) { wrong.push(`${field.name}: ${String(payload)}`); continue; }
      const errors = payload.getFields().userErrors;
      const element = errors && unwrap(errors.type);
      const ok = errors && isNonNullType(errors.type) && isObjectType(element) && element.getInterfaces().some((i) => i.name === 'UserError')
        && isNonNullType(element.getFields().code!.type) && isEnumType(unwrap(element.getFields().code!.type));
      if (!ok) wrong.push(`${field.name}: userErrors`);
      for (const [name, f] of Object.entries(payload.getFields())) if (name !== 'userErrors' && isNonNullType(f.type)) wrong.push(`${field.name}.${name} is non-null`);
    }
    expect(wrong).toEqual([]);
  });
});
