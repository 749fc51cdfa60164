import { startTestApp, type TestApp } from '../support/app';

/**
 * A request that cannot be parsed is answered 400 (GraphQL over HTTP, for
 * application/graphql-response+json, and for application/json as Apollo does by default), with the
 * error coded in extensions — never 500.
 */

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const CASES: [string, string, RegExp][] = [
  ['a lone opening brace', '{', /^Syntax Error: Expected Name, found <EOF>/],
  ['an operation without a selection', 'query {', /^Syntax Error: Expected Name, found <EOF>/],
  ['closing braces only', '}}}', /^Syntax Error: Unexpected "}"/],
  ['a variable without a type', 'query Q($a: ) { viewer { id } }', /^Syntax Error: Expected Name, found "\)"/],
  ['an unterminated string', '{ balance(currency: "USD) { currency } }', /^Syntax Error: Unterminated string/],
  ['a NUL character', '{ viewer \u0000 { id } }', /^Syntax Error: Unexpected character: U\+0000/],
  ['trailing garbage', '{ viewer { id } } garbage', /^Syntax Error: Unexpected Name "garbage"/],
  ['more than 1,000 tokens', `{ ${'viewer { id } '.repeat(300)}}`, /^Syntax Error: Document contains more tha[nt] 1000 tokens/],
];

const ACCEPTS = ['application/json', 'application/graphql-response+json'];

describe.each(ACCEPTS)('with Accept: %s', (accept) => {
  it.each(CASES)('answers %s with HTTP 400 and GRAPHQL_PARSE_FAILED', async (_name, query, message) => {
    const res = await t.inject({ method: 'POST', url: '/graphql', payload: { query }, headers: { accept } });
    expect(res.statusCode).toBe(400);
    const body = res.json() as { data?: unknown; errors: { message: string; extensions: Record<string, unknown> }[] };
    expect(body.data).toBeUndefined();
    expect(body.errors).toHaveLength(1);
    expect(body.errors[0]!.message).toMatch(message);
    expect(body.errors[0]!.extensions).toEqual({ code: 'GRAPHQL_PARSE_FAILED', type: 'validation', httpStatus: 400, requestId: res.headers['x-request-id'] });
  });

  it('answers a document that parses but does not validate with HTTP 400 and GRAPHQL_VALIDATION_FAILED', async () => {
    const res = await t.inject({ method: 'POST', url: '/graphql', payload: { query: '{ nope }' }, headers: { accept } });
    expect(res.statusCode).toBe(400);
    expect((res.json() as { errors: { extensions: unknown }[] }).errors[0]!.extensions).toEqual({
      code: 'GRAPHQL_VALIDATION_FAILED',
      type: 'validation',
      httpStatus: 400,
      requestId: res.headers['x-request-id'],
    });
  });
});

it('parses a document of exactly 1,000 tokens and refuses one of 1,001', async () => {
  // Twelve tokens around the list, and the list's items: a long document that costs little.
  const withItems = (n: number) => `{ exchangeRates(currencyPairs: [${'"USD/SGD" '.repeat(n)}]) { __typename } }`;
  const atLimit = await t.inject({ method: 'POST', url: '/graphql', payload: { query: withItems(988) } });
  expect(atLimit.statusCode).toBe(200);
  expect((atLimit.json() as { errors: { extensions: { code: string } }[] }).errors[0]!.extensions.code).toBe('authorization_error');
  const over = await t.inject({ method: 'POST', url: '/graphql', payload: { query: withItems(989) } });
  expect(over.statusCode).toBe(400);
  expect((over.json() as { errors: { extensions: { code: string } }[] }).errors[0]!.extensions.code).toBe('GRAPHQL_PARSE_FAILED');
});
