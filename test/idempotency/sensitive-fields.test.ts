import 'reflect-metadata';
import { getNamedType, isInputObjectType, isLeafType, isObjectType, type GraphQLSchema } from 'graphql';
import { tokenizedNames } from '../../src/platform/idempotency/fingerprint';
import { schemaMembers, SENSITIVE_NAME } from '../../src/platform/validation/sensitive';
import type { RegisteredRoute } from '../../src/rest-compat/registry';
import { buildGraphQLSchema } from '../../src/resolvers/schema';
import { startTestApp, type TestApp } from '../support/app';

/**
 * Cardholder data and secrets are marked once, where the member is declared, and every door reads the
 * marks (src/platform/validation/sensitive.ts). These walks make sure no member named like one is
 * left unmarked, so a new route or field cannot fingerprint, keep or cache one by accident.
 */

let t: TestApp;
let routes: readonly RegisteredRoute[];
let schema: GraphQLSchema;

beforeAll(async () => {
  t = await startTestApp();
  routes = t.app.restRoutes.routes;
  schema = await buildGraphQLSchema();
});
afterAll(() => t.close());

const snake = (name: string) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
const where = (r: RegisteredRoute, path: readonly string[]) => `${r.method} ${r.path}: ${path.join('.')}`;

describe('REST: every route', () => {
  it('marks each request member named like cardholder data or a secret (sensitiveInput)', () => {
    const unmarked = routes.flatMap((r) =>
      r.body ? schemaMembers(r.body).filter((m) => SENSITIVE_NAME.test(m.path[m.path.length - 1]!) && m.sensitivity !== 'input').map((m) => where(r, m.path)) : [],
    );
    expect(unmarked).toEqual([]);
  });

  it('marks each answer member named so as a secret (secretAnswer) or as masked (maskedAnswer)', () => {
    const unmarked = routes.flatMap((r) =>
      r.response
        ? schemaMembers(r.response)
            .filter((m) => SENSITIVE_NAME.test(m.path[m.path.length - 1]!) && m.sensitivity !== 'answer' && m.sensitivity !== 'masked')
            .map((m) => where(r, m.path))
        : [],
    );
    expect(unmarked).toEqual([]);
  });

  it('finds the marks the fingerprint needs: the PIN, the card number, the CVC, the activation code, the PIN key', () => {
    for (const name of ['pin', 'old_pin', 'card_number', 'cvc', 'activation_code', 'prv_key']) expect(tokenizedNames()).toContain(name);
  });
});

describe('GraphQL: every type', () => {
  const types = () => Object.values(schema.getTypeMap()).filter((type) => !type.name.startsWith('__'));

  it('tokenizes each input field named like cardholder data or a secret, under its wire name', () => {
    const missing = types()
      .filter(isInputObjectType)
      .flatMap((type) => Object.values(type.getFields()).map((f) => ({ type: type.name, wire: snake(f.name) })))
      .filter(({ wire }) => SENSITIVE_NAME.test(wire) && !tokenizedNames().has(wire))
      .map(({ type, wire }) => `${type}.${wire}`);
    expect(missing).toEqual([]);
  });

  it('tokenizes each such input field under its GraphQL name too, the name its input reaches the fingerprint with', () => {
    const missing = types()
      .filter(isInputObjectType)
      .flatMap((type) => Object.values(type.getFields()).map((f) => ({ type: type.name, name: f.name })))
      .filter(({ name }) => SENSITIVE_NAME.test(snake(name)) && !tokenizedNames().has(name))
      .map(({ type, name }) => `${type}.${name}`);
    expect(missing).toEqual([]);
  });

  // A value field: an object (a payload's `apiKey`) holds no secret itself; its own fields are checked.
  it('marks each output value field named so as a secret or as masked', () => {
    const unmarked = types()
      .filter(isObjectType)
      .flatMap((type) => Object.values(type.getFields()).map((f) => ({ type: type.name, field: f })))
      .filter(({ field }) => isLeafType(getNamedType(field.type)))
      .filter(({ field }) => SENSITIVE_NAME.test(snake(field.name)) && field.extensions.sensitive !== 'answer' && field.extensions.sensitive !== 'masked')
      .map(({ type, field }) => `${type}.${field.name}`);
    expect(unmarked).toEqual([]);
  });
});
