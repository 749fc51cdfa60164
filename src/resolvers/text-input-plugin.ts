import type { ApolloServerPlugin } from '@apollo/server';
import { GraphQLError, Kind, visit, type DocumentNode, type ValueNode, type VariableDefinitionNode } from 'graphql';
import { findNulCharacter, nulCharacterError, type InputPath } from '../platform/validation/text-input';
import { toGraphQLError } from './errors';

type Variables = Readonly<Record<string, unknown>>;

/** The path below `at` of the first string holding U+0000 in an argument value, literal or variable. */
function findInValue(
  node: ValueNode,
  at: InputPath,
  variables: Variables,
  definitions: ReadonlyMap<string, VariableDefinitionNode>,
): InputPath | undefined {
  switch (node.kind) {
    case Kind.STRING:
      return node.value.includes('\u0000') ? at : undefined;
    case Kind.LIST:
      for (const [i, item] of node.values.entries()) {
        const found = findInValue(item, [...at, i], variables, definitions);
        if (found) return found;
      }
      return undefined;
    case Kind.OBJECT:
      for (const field of node.fields) {
        const found = findInValue(field.value, [...at, field.name.value], variables, definitions);
        if (found) return found;
      }
      return undefined;
    case Kind.VARIABLE: {
      const name = node.name.value;
      if (Object.prototype.hasOwnProperty.call(variables, name)) {
        const inner = findNulCharacter(variables[name]);
        return inner ? [...at, ...inner] : undefined;
      }
      const fallback = definitions.get(name)?.defaultValue;
      return fallback ? findInValue(fallback, at, variables, definitions) : undefined;
    }
    default:
      return undefined;
  }
}

/**
 * The first argument path (as the client wrote it: `input.payoutReference`, `filter.companyName`)
 * whose string holds U+0000, looking through literals, variables and variable defaults.
 */
export function findNulInArguments(document: DocumentNode, variables: Variables): InputPath | undefined {
  const definitions = new Map<string, VariableDefinitionNode>();
  visit(document, { VariableDefinition: (d) => void definitions.set(d.variable.name.value, d) });
  let found: InputPath | undefined;
  visit(document, {
    Argument(arg) {
      if (found) return false;
      found = findInValue(arg.value, [arg.name.value], variables, definitions);
      return false;
    },
  });
  return found;
}

/**
 * GraphQL's side of the edge check of spec 7: a string holding U+0000 anywhere in the arguments
 * refuses the whole request with HTTP 400, before any resolver runs, in one place for every field.
 */
export function textInputPlugin<T extends object>(): ApolloServerPlugin<T> {
  return {
    async requestDidStart() {
      return {
        async didResolveOperation({ document, request }) {
          const path = findNulInArguments(document, request.variables ?? {});
          if (!path) return;
          const error = nulCharacterError(path);
          throw new GraphQLError(error.message, {
            originalError: error,
            extensions: { ...toGraphQLError(error).extensions, http: { status: error.status } },
          });
        },
      };
    },
  };
}
