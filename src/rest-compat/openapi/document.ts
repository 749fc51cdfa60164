import type { z } from 'zod';
import type { BodyKind, HeaderDoc, RegisteredRoute } from '../registry';
import { errorResponses } from './errors';
import { SchemaSet, type JsonSchema } from './schemas';

/** The OpenAPI 3.1 document of the REST-compat layer (the parts payrail writes). */
export interface OpenApiDocument {
  openapi: '3.1.0';
  info: { title: string; version: string; description: string };
  servers: { url: string }[];
  tags: { name: string }[];
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, JsonSchema>; securitySchemes: Record<string, unknown> };
}

interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header';
  required: boolean;
  description?: string;
  schema: JsonSchema;
}

interface Operation {
  operationId: string;
  tags: string[];
  summary: string;
  description?: string;
  security: Record<string, string[]>[];
  parameters: Parameter[];
  requestBody?: { required: boolean; content: Record<string, { schema: JsonSchema }> };
  responses: Record<string, { description: string; content: Record<string, { schema: JsonSchema }> }>;
}

const SECURITY_SCHEME = 'accessToken';
const MEDIA: Record<BodyKind, string> = { json: 'application/json', form: 'application/x-www-form-urlencoded', multipart: 'multipart/form-data' };
/** What a route without a declared schema is documented with, until its area declares one. */
const UNDECLARED: JsonSchema = { type: 'object', description: 'Not yet described' };

const pascal = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/** getV1PayoutsById: the method and the path, so that it is unique and stable. */
export function operationId(route: Pick<RegisteredRoute, 'method' | 'path'>): string {
  const words = route.path
    .split('/')
    .filter((s) => s !== '')
    .map((s) => (s.startsWith(':') ? `By${pascal(s.slice(1))}` : s.split(/[^A-Za-z0-9]+/).map(pascal).join('')));
  return route.method.toLowerCase() + words.join('');
}

export const openApiPath = (path: string): string => `/api${path.replace(/:([A-Za-z_]+)/g, '{$1}')}`;

const header = (name: string, required: boolean, description: string): Parameter => ({
  name,
  in: 'header',
  required,
  description,
  schema: { type: 'string' },
});

/** Spec 4.0's common headers as the route takes them; x-auth-token is the security scheme. */
function headers(route: RegisteredRoute): Parameter[] {
  const own = (route.headers ?? []).map((h: HeaderDoc) => header(h.name, h.required ?? false, h.description));
  if (route.public) return own;
  const idempotency = route.idempotency ?? (route.method === 'GET' ? 'none' : 'optional');
  const keyFormat =
    route.family === 'issuance'
      ? 'a non-empty string of at most 255 characters'
      : 'a UUID (1-36 characters for entities created before 2024-08-15)';
  return [
    header(
      'x-client-id',
      route.clientId === 'required',
      route.clientId === 'required' ? 'The client_id the token was issued to' : "Checked against the token's client_id when sent",
    ),
    header('x-on-behalf-of', false, 'account_id of a connected sub-account; absent or empty: the master account acts'),
    ...(idempotency === 'none'
      ? []
      : [header('x-idempotency-key', idempotency === 'required', `Idempotency key: ${keyFormat}; a retry with the same key answers the stored result`)]),
    ...own,
  ];
}

/** A query-string value is text: a parameter parsed from text as a number or boolean is documented as one. */
function queryValue(schema: JsonSchema): JsonSchema {
  const { description: _description, ...rest } = schema;
  if (Array.isArray(rest.type) && rest.type.includes('string') && rest.type.length > 1) {
    const others = rest.type.filter((t) => t !== 'string');
    return { ...rest, type: others.length === 1 ? others[0] : others };
  }
  return rest;
}

/**
 * Whether a body is required: the schema the domain parses with does not accept its absence. Read
 * from the schema's own optionality (`_zod.optin`, the mark z.toJSONSchema reads for `required`),
 * not by parsing: input is parsed by parseInput only.
 */
const bodyRequired = (schema: z.ZodType): boolean => schema._zod.optin === undefined;

const oneOrAny = (schemas: JsonSchema[]): JsonSchema => (schemas.length === 1 ? schemas[0]! : { oneOf: schemas });

/**
 * Builds the document from the route registry: paths in registration order, each operation with
 * its parameters (path, spec 4.0 headers, the query schemas' properties), its body in every
 * encoding it accepts, its 200 answer and its family's error envelopes (spec 7). Deterministic:
 * the same routes give the same document, byte for byte.
 */
export function buildOpenApiDocument(routes: readonly RegisteredRoute[]): OpenApiDocument {
  const set = new SchemaSet();
  const queryOnly = new Set<string>();
  const errorsOf = (route: RegisteredRoute) =>
    errorResponses(route.family, { authenticated: !route.public, hasBody: route.method !== 'GET' });
  // First every schema, so that shared ones become one component; then the operations.
  for (const route of routes) {
    const op = pascal(operationId(route));
    if (route.body) set.add(route.body, `${op}Request`);
    if (route.response) set.add(route.response, `${op}Response`);
    route.query?.forEach((q, i) => {
      const proposed = `${op}Query${i + 1}`;
      if (set.add(q, proposed) === proposed) queryOnly.add(proposed);
    });
    for (const e of Object.values(errorsOf(route))) e.bodies.forEach((b) => set.add(b, 'Error'));
  }

  const paths: OpenApiDocument['paths'] = {};
  const tags: string[] = [];
  for (const route of routes) {
    if (!tags.includes(route.tag)) tags.push(route.tag);
    const parameters: Parameter[] = [
      ...route.path
        .split('/')
        .filter((s) => s.startsWith(':'))
        .map((s): Parameter => ({ name: s.slice(1), in: 'path', required: true, schema: { type: 'string' } })),
      ...headers(route),
    ];
    for (const q of route.query ?? []) {
      const object = set.resolve(set.ref(q));
      const required = new Set(object.required ?? []);
      for (const [name, prop] of Object.entries(object.properties ?? {})) {
        if (parameters.some((p) => p.in === 'query' && p.name === name) || typeof prop === 'boolean') continue;
        const description = typeof prop.description === 'string' ? { description: prop.description } : {};
        parameters.push({ name, in: 'query', required: required.has(name), ...description, schema: queryValue(prop) });
      }
    }
    const json = (schema: JsonSchema) => ({ 'application/json': { schema } });
    const errors = Object.entries(errorsOf(route)).map(([status, e]) => [
      status,
      { description: e.description, content: json(oneOrAny(e.bodies.map((b) => set.ref(b)))) },
    ]);
    const notes = [
      route.permission ? `Needs the API key permission \`${route.permission}\`.` : '',
      route.response ? '' : 'The answer is not described yet.',
    ].filter((n) => n !== '');
    const operation: Operation = {
      operationId: operationId(route),
      tags: [route.tag],
      summary: route.summary,
      ...(notes.length > 0 ? { description: notes.join(' ') } : {}),
      security: route.public ? [] : [{ [SECURITY_SCHEME]: [] }],
      parameters,
      ...(route.method !== 'GET'
        ? {
            requestBody: {
              required: route.body ? bodyRequired(route.body) : true,
              content: Object.fromEntries(
                (route.accepts ?? ['json']).map((kind) => [MEDIA[kind], { schema: route.body ? set.ref(route.body) : UNDECLARED }]),
              ),
            },
          }
        : {}),
      responses: {
        '200': {
          description: 'Success',
          content: route.produces
            ? { [route.produces]: { schema: route.response ? set.ref(route.response) : UNDECLARED } }
            : json(route.response ? set.ref(route.response) : UNDECLARED),
        },
        ...Object.fromEntries(errors),
      },
    };
    (paths[openApiPath(route.path)] ??= {})[route.method.toLowerCase()] = operation;
  }

  const schemas = { ...set.components() };
  // Query schemas are documented as parameters; their own components stay only if referenced.
  const used = JSON.stringify({ paths, schemas: Object.fromEntries(Object.entries(schemas).filter(([n]) => !queryOnly.has(n))) });
  for (const name of queryOnly) if (!used.includes(`"#/components/schemas/${name}"`)) delete schemas[name];

  return {
    openapi: '3.1.0',
    info: {
      title: 'payrail REST-compatibility API',
      version: '1.0.0',
      description:
        'The REST-compatibility layer of payrail. Get an access token from POST /api/v1/connect/token and send it in ' +
        'x-auth-token (raw or "Bearer <token>"). Errors come in the envelope of the route\'s family: account-center ' +
        '{code, message} (spec 7.1) or card issuance envelope A {type, code, message} / B {code, message} (spec 7.2).',
    },
    servers: [{ url: '/' }],
    tags: tags.map((name) => ({ name })),
    paths,
    components: {
      schemas,
      securitySchemes: {
        [SECURITY_SCHEME]: {
          type: 'apiKey',
          in: 'header',
          name: 'x-auth-token',
          description: 'The access token from POST /api/v1/connect/token, raw or as "Bearer <token>" (exactly one space).',
        },
      },
    },
  };
}
