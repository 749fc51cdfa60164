import type { InjectOptions } from 'fastify';
import {
  getNamedType,
  isEnumType,
  isInputObjectType,
  isLeafType,
  isListType,
  isNonNullType,
  type GraphQLField,
  type GraphQLInputType,
  type GraphQLSchema,
} from 'graphql';
import { garbageNumber, garbageString, garbageValue, jsonText, Numeral, uriEncode, type Rng } from './values';

/** A value for an input type: mostly well-shaped, with malformed leaves and whole garbage mixed in. */
function valueFor(rng: Rng, type: GraphQLInputType, depth = 0): unknown {
  if (rng.chance(0.12) || depth > 6) return garbageValue(rng);
  if (isNonNullType(type)) return rng.chance(0.04) ? null : valueFor(rng, type.ofType, depth);
  if (isListType(type)) return Array.from({ length: rng.int(3) }, () => valueFor(rng, type.ofType, depth + 1));
  if (isInputObjectType(type)) {
    const out: Record<string, unknown> = {};
    for (const field of Object.values(type.getFields())) if (!rng.chance(0.2)) out[field.name] = valueFor(rng, field.type, depth + 1);
    return out;
  }
  if (isEnumType(type)) return rng.chance(0.7) ? rng.pick(type.getValues()).name : garbageString(rng);
  switch (type.name) {
    case 'Int':
    case 'Float':
      return rng.chance(0.5) ? rng.int(100) : garbageNumber(rng);
    case 'Boolean':
      return rng.chance(0.7) ? rng.chance(0.5) : garbageValue(rng);
    default:
      return rng.chance(0.3) ? rng.pick(['100.00', 'USD', '2026-11-21', '2026-11-21T10:00:00Z', rng.uuid(), 'SWIFT']) : garbageString(rng);
  }
}

const NAME = /^[_A-Za-z][_0-9A-Za-z]*$/;

/** A GraphQL literal of a generated value (enum names bare, as a client would write them). */
function literal(value: unknown, type: GraphQLInputType | undefined): string {
  const named = type ? getNamedType(type) : undefined;
  if (value instanceof Numeral) return value.text;
  if (typeof value === 'string' && named && isEnumType(named) && NAME.test(value)) return value;
  if (Array.isArray(value)) {
    const inner = type && isNonNullType(type) ? type.ofType : type;
    return `[${value.map((v) => literal(v, inner && isListType(inner) ? inner.ofType : undefined)).join(', ')}]`;
  }
  if (value !== null && typeof value === 'object') {
    const fields = named && isInputObjectType(named) ? named.getFields() : {};
    const entries = Object.entries(value).filter(([k]) => NAME.test(k));
    return `{${entries.map(([k, v]) => `${k}: ${literal(v, fields[k]?.type)}`).join(', ')}}`;
  }
  return jsonText(value);
}

function selection(field: GraphQLField<unknown, unknown>): string {
  return isLeafType(getNamedType(field.type)) ? '' : ' { __typename }';
}

/** Every root field, called with variables or with literal arguments. */
export function operationFor(rng: Rng, schema: GraphQLSchema): { query: string; variables?: Record<string, unknown> } {
  const root = rng.chance(0.5) ? schema.getMutationType()! : schema.getQueryType()!;
  const field = rng.pick(Object.values(root.getFields()));
  const keyword = root === schema.getMutationType() ? 'mutation' : 'query';
  if (rng.chance(0.6)) {
    const defs = field.args.map((a) => `$${a.name}: ${String(a.type)}`).join(', ');
    const args = field.args.map((a) => `${a.name}: $${a.name}`).join(', ');
    const variables = Object.fromEntries(field.args.filter(() => !rng.chance(0.1)).map((a) => [a.name, valueFor(rng, a.type)]));
    return {
      query: `${keyword} Fuzz${defs ? `(${defs})` : ''} { ${field.name}${args ? `(${args})` : ''}${selection(field)} }`,
      variables,
    };
  }
  const args = field.args.map((a) => `${a.name}: ${literal(valueFor(rng, a.type), a.type)}`).join(', ');
  return { query: `${keyword} { ${field.name}${args ? `(${args})` : ''}${selection(field)} }` };
}

const TOKENS = ['{', '}', '(', ')', '[', ']', 'query', 'mutation', 'fragment', 'on', '...', '$a', ':', '!', '=', '@skip', '"', '"""', 'viewer', 'id', '1', '-', '1.5e', '#', '\u0000', '\\u0000', '|', '&', ',', 'true', 'null', '\ud800'];

function garbageDocument(rng: Rng, valid: string): string {
  switch (rng.int(8)) {
    case 0:
      return Array.from({ length: 1 + rng.int(40) }, () => rng.pick(TOKENS)).join(rng.pick([' ', '']));
    case 1:
      return valid.slice(0, rng.int(valid.length));
    case 2:
      return `${valid} ${rng.pick(TOKENS)}`;
    case 3:
      return `{ ${'viewer { '.repeat(2 + rng.int(200))}id${' }'.repeat(rng.int(200))} }`;
    case 4:
      return `{ ${'a '.repeat(1000 + rng.int(5000))}}`;
    case 5:
      return valid.replace(/ /g, () => (rng.chance(0.1) ? '\u0000' : ' '));
    case 6:
      return `query Q(${rng.pick(['$a: ', '$a', '$: Int', '$a: [[[Int', '$a: Int = "x"'])}) { viewer { id } }`;
    default:
      return `{ viewer(x: "${garbageString(rng).slice(0, 50)}`;
  }
}

const ACCEPTS = ['application/json', 'application/graphql-response+json', 'application/graphql-response+json, application/json;q=0.9', '*/*', 'text/html', undefined];

/** One malformed request to /graphql. */
export function graphqlRequest(rng: Rng, schema: GraphQLSchema, token: string): { options: InjectOptions; describe: string } {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (rng.chance(0.85)) headers['x-auth-token'] = `Bearer ${token}`;
  const accept = rng.pick(ACCEPTS);
  if (accept) headers.accept = accept;
  if (rng.chance(0.1)) headers['x-idempotency-key'] = rng.chance(0.8) ? rng.uuid() : 'bad key';
  const op = operationFor(rng, schema);
  let payload: string;
  const kind = rng.int(10);
  if (kind < 6) payload = jsonText(op);
  else if (kind < 8) payload = jsonText({ query: garbageDocument(rng, op.query) });
  else {
    payload = rng.pick([
      () => jsonText({ query: garbageValue(rng) }),
      () => jsonText({ query: op.query, variables: garbageValue(rng) }),
      () => jsonText({ query: op.query, operationName: garbageString(rng) }),
      () => jsonText([op, op]),
      () => jsonText(garbageValue(rng)),
      () => '{"query": "{ viewer { id } }", ',
      () => jsonText({ query: op.query, variables: op.variables, extensions: garbageValue(rng) }),
    ])();
    if (rng.chance(0.2)) headers['content-type'] = rng.pick(['text/plain', 'application/graphql', 'application/x-www-form-urlencoded']);
  }
  if (rng.chance(0.05)) {
    const q = uriEncode(rng.chance(0.5) ? op.query : garbageDocument(rng, op.query));
    return { options: { method: 'GET', url: `/graphql?query=${q}`, headers: { ...headers, 'apollo-require-preflight': 'true' } }, describe: `GET ${q.slice(0, 300)}` };
  }
  return { options: { method: 'POST', url: '/graphql', headers, payload }, describe: payload.slice(0, 400) };
}
