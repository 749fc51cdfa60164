import { compileErrors, validate } from '@readme/openapi-parser';
import { PAYOUT_STATUSES } from '../../src/domain/wallet/payouts/rules';
import { errorGroups } from '../../src/platform/errors/catalogue';
import type { Family } from '../../src/platform/errors/domain-error';
import { renderError } from '../../src/rest-compat/envelopes';
import { buildOpenApiDocument, openApiPath, operationId } from '../../src/rest-compat/openapi';
import { errorResponses } from '../../src/rest-compat/openapi/errors';
import type { RegisteredRoute } from '../../src/rest-compat/registry';
import { startTestApp, type TestApp } from '../support/app';
import type { Json } from '../support/client';

const key = (r: Pick<RegisteredRoute, 'method' | 'path'>) => `${r.method} ${r.path}`;
const REF = '#/components/schemas/';

let t: TestApp;
let text: string;
let doc: Json;
let routes: readonly RegisteredRoute[];
beforeAll(async () => {
  t = await startTestApp();
  const res = await t.inject({ method: 'GET', url: '/api/openapi.json' });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
  text = res.body;
  doc = JSON.parse(text) as Json;
  routes = t.app.restRoutes.routes;
});
afterAll(() => t.close());

/** The schema a `$ref` names (followed through), or the schema itself. */
const resolve = (schema: Json): Json =>
  typeof schema.$ref === 'string' ? resolve(doc.components.schemas[schema.$ref.slice(REF.length)] as Json) : schema;
const op = (method: string, path: string): Json => doc.paths[openApiPath(path)][method.toLowerCase()] as Json;
const param = (o: Json, where: string, name: string): Json | undefined =>
  (o.parameters as Json[]).find((p) => p.in === where && p.name === name);

async function problemsOf(candidate: unknown): Promise<string | undefined> {
  const result = await validate(structuredClone(candidate) as Parameters<typeof validate>[0]);
  return result.valid && result.warnings.length === 0 ? undefined : compileErrors(result) + JSON.stringify(result.warnings);
}

describe('GET /api/openapi.json', () => {
  it('is a valid OpenAPI 3.1 document (@readme/openapi-parser), and the validator does refuse a broken one', async () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(await problemsOf(doc)).toBeUndefined();

    const broken = structuredClone(doc);
    broken.paths['/api/v1/payouts/{id}'].get.parameters[0].required = false; // path parameters are required
    expect(await problemsOf(broken)).toEqual(expect.stringContaining('required'));
  });

  it('holds every registered route, once, under its operationId', () => {
    for (const route of routes) {
      expect([key(route), op(route.method, route.path)?.operationId]).toEqual([key(route), operationId(route)]);
    }
    const operations = Object.values(doc.paths as Record<string, Json>).flatMap((ops) => Object.keys(ops));
    expect(operations).toHaveLength(routes.length);
    expect(new Set(routes.map(operationId)).size).toBe(routes.length);
  });

  it('describes the request and the answer of every route', () => {
    // The upload (AF6) is described as multipart/form-data; every other body as JSON.
    const bodyMedia = (route: { accepts?: string[] }) => (route.accepts?.includes('multipart') ? 'multipart/form-data' : 'application/json');
    const empty = (schema: Json | undefined) => schema === undefined || Object.keys(resolve(schema)).length === 0;
    const lacking = routes
      .map((route) => {
        const o = op(route.method, route.path);
        const problems = [
          !route.response || empty(o.responses['200']?.content?.[route.produces ?? 'application/json']?.schema) ? 'no response schema' : '',
          route.method === 'POST' && (!route.body || empty(o.requestBody?.content?.[bodyMedia(route)]?.schema)) ? 'no body schema' : '',
        ].filter((p) => p !== '');
        return { route: key(route), problems };
      })
      .filter((r) => r.problems.length > 0);
    expect(lacking).toEqual([]);
  });

  it('is the same text on every request and from every build', async () => {
    const again = await t.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(again.body).toBe(text);
    expect(JSON.stringify(buildOpenApiDocument(routes))).toBe(text);
  });

  it('describes the x-auth-token scheme, and the token endpoint without it', () => {
    expect(doc.components.securitySchemes.accessToken).toMatchObject({ type: 'apiKey', in: 'header', name: 'x-auth-token' });
    for (const route of routes) {
      // Public: the token endpoint, and file download links (the signed link is the credential).
      const expected = route.public ? [] : [{ accessToken: [] }];
      expect([key(route), op(route.method, route.path).security]).toEqual([key(route), expected]);
    }
    const token = op('POST', '/v1/connect/token');
    expect(token.parameters.map((p: Json) => [p.in, p.name, p.required])).toEqual([
      ['header', 'x-client-id', false],
      ['header', 'x-api-key', false],
    ]);
    expect(token.requestBody.required).toBe(false);
    expect(Object.keys(token.requestBody.content)).toEqual(['application/json', 'application/x-www-form-urlencoded']);
    expect(resolve(token.requestBody.content['application/x-www-form-urlencoded'].schema)).toMatchObject({
      type: 'object',
      required: ['client_id', 'api_key'],
    });
    expect(resolve(token.responses['200'].content['application/json'].schema)).toMatchObject({
      properties: { auth_token: { type: 'string' }, expired_at: { type: 'integer' } },
      required: ['auth_token', 'expired_at'],
    });
    expect(Object.keys(token.responses)).toEqual(['200', '400', '413', '429', '500', 'default']);
  });

  it('documents a list: page and filter as typed query parameters, the page of records as its answer', () => {
    const list = op('GET', '/v1/payouts');
    expect(param(list, 'query', 'page_number')).toMatchObject({ required: false, schema: { type: 'integer', minimum: 1, default: 1 } });
    expect(param(list, 'query', 'page_size')).toMatchObject({ required: false, schema: { type: 'integer', minimum: 1, maximum: 100, default: 10 } });
    expect(param(list, 'query', 'payout_status')).toMatchObject({ required: false, schema: { type: 'string', enum: [...PAYOUT_STATUSES] } });
    expect(param(list, 'query', 'start_time')).toMatchObject({ required: false });
    expect(param(list, 'header', 'x-idempotency-key')).toBeUndefined();
    expect(param(list, 'header', 'x-on-behalf-of')).toMatchObject({ required: false });
    const page = resolve(list.responses['200'].content['application/json'].schema);
    expect(page).toMatchObject({ required: ['total_pages', 'total_items', 'data'], properties: { data: { items: { $ref: `${REF}Payout` } } } });
    // The lookup answers the same component the page holds.
    expect(op('GET', '/v1/payouts/:id').responses['200'].content['application/json'].schema).toEqual({ $ref: `${REF}Payout` });
    expect(param(op('GET', '/v1/payouts/:id'), 'path', 'id')).toMatchObject({ required: true });
  });

  it('documents a creation: its headers, its body from the domain schema, its answer and the account-center errors', () => {
    const create = op('POST', '/v1/payouts');
    expect(param(create, 'header', 'x-idempotency-key')).toMatchObject({ required: true });
    expect(param(create, 'header', 'x-client-id')).toMatchObject({ required: false });
    expect(create.requestBody.required).toBe(true);
    expect(Object.keys(create.requestBody.content)).toEqual(['application/json']);
    const body = resolve(create.requestBody.content['application/json'].schema);
    // payout_reference and payout_date default (the Node client sends neither): docs/decisions/wallet/payouts.md.
    expect(body.required).toEqual(['currency', 'amount', 'purpose_code']);
    expect(body.properties.purpose_code.enum).toContain('WAGES_SALARY');
    expect(body.properties.is_payer.enum).toEqual(['Y', 'N']);
    expect(create.responses['200'].content['application/json'].schema).toEqual({ $ref: `${REF}PayoutResult` });
    const errorRef = (status: string) => create.responses[status].content['application/json'].schema;
    expect(Object.keys(create.responses)).toEqual(['200', '400', '401', '403', '413', '429', '500', 'default']);
    expect(errorRef('400')).toEqual({ $ref: `${REF}AccountCenterError` });
    expect(errorRef('401')).toEqual({ $ref: `${REF}AuthorizationHeaderError` });
    expect(errorRef('403')).toEqual({ $ref: `${REF}AccountCenterError` });
    expect(errorRef('500')).toEqual({ $ref: `${REF}InternalError` });
    expect(resolve(errorRef('400'))).toMatchObject({ required: ['code', 'message'], properties: { code: { type: 'integer' } } });
    expect(resolve(errorRef('500'))).toMatchObject({ required: ['message'], additionalProperties: false });
  });
});

describe('nested members in the document', () => {
  const member = (schema: Json, name: string): Json => resolve(resolve(schema).properties[name] as Json);
  const body = (path: string): Json => op('POST', path).requestBody.content['application/json'].schema as Json;
  const objectOf = (schema: Json): Json => resolve((schema.anyOf as Json[] | undefined)?.find((s) => resolve(s).type === 'object') ?? schema);

  it("names the members of a body's objects as the wire does, not as the domain's command does", () => {
    expect(Object.keys(objectOf(member(body('/v1/issuing/cardholders'), 'residential_address')).properties)).toEqual(
      expect.arrayContaining(['postal_code', 'line_en']),
    );
    expect(Object.keys(objectOf(member(body('/v1/issuing/cardholders'), 'identity')).properties)).toEqual(expect.arrayContaining(['front_file', 'back_file', 'hand_file']));
    expect(Object.keys(objectOf(member(body('/v1/issuing/cards'), 'risk_controls')).properties)).toEqual(
      expect.arrayContaining(['enable_3ds', 'allow_3ds_transactions', 'allowed_mcc', 'blocked_mcc']),
    );
  });
});

describe('the card-issuance family in the document', () => {
  const issuance: RegisteredRoute = {
    method: 'POST',
    path: '/v1/issuing/cards/:id/activate',
    family: 'issuance',
    summary: 'An issuance route',
    tag: 'issuing',
    idempotency: 'required',
  };

  it('documents envelopes A and B by status, and the key format of 7.2', async () => {
    const built = buildOpenApiDocument([issuance]) as unknown as Json;
    expect(await problemsOf(built)).toBeUndefined();
    const o = built.paths['/api/v1/issuing/cards/{id}/activate'].post;
    const bodies = (status: string) => o.responses[status].content['application/json'].schema;
    const ref = (name: string) => ({ $ref: `${REF}${name}` });
    expect(bodies('400')).toEqual({ oneOf: [ref('IssuanceErrorA'), ref('IssuanceErrorB')] });
    expect(bodies('401')).toEqual({ oneOf: [ref('IssuanceErrorA'), ref('AuthorizationHeaderError')] });
    expect(bodies('403')).toEqual(ref('IssuanceErrorA'));
    expect(bodies('500')).toEqual(ref('IssuanceErrorA'));
    expect(built.components.schemas.IssuanceErrorA).toMatchObject({
      required: ['type', 'code', 'message'],
      properties: { type: { enum: expect.arrayContaining(['invalid_request_error', 'api_error']) }, code: { type: 'string' } },
    });
    expect(o.parameters.find((p: Json) => p.name === 'x-idempotency-key').description).toContain('255 characters');
  });
});

describe('the error responses of the document', () => {
  it('cover every declared error as the renderer sends it, in each family the error is rendered in', () => {
    const families = (scope: string): Family[] => (scope === 'every' ? ['account_center', 'issuance'] : [scope as Family]);
    const undocumented: string[] = [];
    for (const group of errorGroups()) {
      for (const [name, factory] of Object.entries(group.factories)) {
        const error = factory(...Array.from({ length: Math.max(factory.length, 1) }, () => 'x'));
        for (const family of families(group.scope)) {
          const rendered = renderError(family, error);
          const documented = errorResponses(family, { authenticated: true, hasBody: true });
          const entry = documented[String(rendered.status)] ?? documented.default!;
          if (!entry.bodies.some((b) => b.safeParse(rendered.body).success)) {
            undocumented.push(`${family} ${group.name}.${name}: ${rendered.status} ${JSON.stringify(rendered.body)}`);
          }
        }
      }
    }
    expect(undocumented).toEqual([]);
  });
});
