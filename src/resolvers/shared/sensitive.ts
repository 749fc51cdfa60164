import {
  isListType,
  isNonNullType,
  isObjectType,
  Kind,
  TypeInfo,
  visit,
  visitWithTypeInfo,
  type DocumentNode,
  type GraphQLOutputType,
  type GraphQLSchema,
} from 'graphql';
import { Extensions } from 'type-graphql';
import type { MemberPath, Sensitivity } from '../../platform/validation/sensitive';

/**
 * The GraphQL door's marks of answer fields, the counterpart of the REST schemas' `secretAnswer` and
 * `maskedAnswer` (src/platform/validation/sensitive.ts): a field extension `sensitive`. A response that
 * selects a secret field says `Cache-Control: no-store` (no-store-plugin.ts), and a mutation's answer
 * is kept for idempotent replays without its secret fields (operations.ts). Input fields need no mark
 * here: the fingerprint tokenizes them by the names the REST schemas mark, in wire and domain spelling.
 */
export const SecretAnswer = (): MethodDecorator & PropertyDecorator & ClassDecorator => Extensions({ sensitive: 'answer' satisfies Sensitivity });
export const MaskedAnswer = (): MethodDecorator & PropertyDecorator & ClassDecorator => Extensions({ sensitive: 'masked' satisfies Sensitivity });

const isSecret = (extensions: Readonly<Record<string, unknown>> | null | undefined): boolean => extensions?.sensitive === 'answer';

/** The paths of the secret fields under `type` (`[]` for list elements), in GraphQL field names. */
export function secretPathsOf(type: GraphQLOutputType): MemberPath[] {
  const out: MemberPath[] = [];
  const walk = (t: GraphQLOutputType, path: MemberPath, seen: ReadonlySet<string>): void => {
    if (isNonNullType(t)) return walk(t.ofType, path, seen);
    if (isListType(t)) return walk(t.ofType as GraphQLOutputType, [...path, '[]'], seen);
    if (!isObjectType(t) || seen.has(t.name)) return;
    const inside = new Set(seen).add(t.name);
    for (const field of Object.values(t.getFields())) {
      if (isSecret(field.extensions)) out.push([...path, field.name]);
      else walk(field.type, [...path, field.name], inside);
    }
  };
  walk(type, [], new Set());
  return out;
}

let mutationSecrets = new Map<string, MemberPath[]>();

/** Indexes, once per built schema, the secret fields of every mutation's answer. */
export function indexMutationSecrets(schema: GraphQLSchema): void {
  const fields = schema.getMutationType()?.getFields() ?? {};
  mutationSecrets = new Map(Object.values(fields).map((f) => [f.name, secretPathsOf(f.type)]));
}

/** The secret fields of a mutation's answer (empty for most). */
export const mutationSecretPaths = (field: string): MemberPath[] => mutationSecrets.get(field) ?? [];

const selecting = new WeakMap<DocumentNode, boolean>();

/**
 * Whether an operation document selects a secret field anywhere (fragments included). Apollo keeps
 * parsed documents in its cache, so each document is walked once.
 */
export function selectsSecret(schema: GraphQLSchema, document: DocumentNode): boolean {
  const known = selecting.get(document);
  if (known !== undefined) return known;
  let found = false;
  const typeInfo = new TypeInfo(schema);
  visit(
    document,
    visitWithTypeInfo(typeInfo, {
      [Kind.FIELD]() {
        if (isSecret(typeInfo.getFieldDef()?.extensions)) found = true;
      },
    }),
  );
  selecting.set(document, found);
  return found;
}
