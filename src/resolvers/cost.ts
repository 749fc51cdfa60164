import type { ApolloServerPlugin } from '@apollo/server';
import {
  GraphQLError,
  getNamedType,
  isCompositeType,
  isInterfaceType,
  isObjectType,
  Kind,
  type DocumentNode,
  type FieldNode,
  type FragmentDefinitionNode,
  type GraphQLCompositeType,
  type GraphQLNamedType,
  type GraphQLSchema,
  type OperationDefinitionNode,
  type SelectionSetNode,
  type ValueNode,
} from 'graphql';
import type { GraphQLContext } from './context';
import { DEFAULT_CONNECTION_SIZE } from './shared/connection';

/**
 * The cost of an operation (docs/graphql.md, "Cost"), counted as GitHub's and Shopify's APIs count
 * theirs: every object a field answers costs 1, a scalar or enum costs nothing, and the rows of a
 * connection (`edges`, `nodes`) count once per row it may answer: its `first` or `last`, or the
 * default page when neither is given. So `payouts(first: 100) { nodes { id } }` costs 1 + 100, and
 * a connection nested in one multiplies again. The count is made before anything runs, with the
 * request's variables; introspection (`__schema`, `__type`) is free, as GraphiQL needs it.
 */

export interface OperationCost {
  requested: number;
  limit: number;
}

/** The fields of a connection type that answer one entry per row of the page. */
const ROW_FIELDS = new Set(['edges', 'nodes']);

const isConnection = (t: GraphQLNamedType): boolean =>
  isObjectType(t) && t.name.endsWith('Connection') && 'pageInfo' in t.getFields() && 'edges' in t.getFields();

type Variables = Readonly<Record<string, unknown>>;

function intOf(value: ValueNode | undefined, variables: Variables): number | undefined {
  if (!value) return undefined;
  if (value.kind === Kind.INT) return Number.parseInt(value.value, 10);
  if (value.kind === Kind.VARIABLE) {
    const v = variables[value.name.value];
    return typeof v === 'number' && Number.isInteger(v) ? v : undefined;
  }
  return undefined;
}

/** The rows a connection field may answer: first, else last, else the default page; never below 0. */
function pageSizeOf(field: FieldNode, variables: Variables): number {
  const arg = (name: string) => intOf(field.arguments?.find((a) => a.name.value === name)?.value, variables);
  return Math.max(0, arg('first') ?? arg('last') ?? DEFAULT_CONNECTION_SIZE);
}

class CostCounter {
  private readonly fragments = new Map<string, FragmentDefinitionNode>();

  constructor(
    private readonly schema: GraphQLSchema,
    document: DocumentNode,
    private readonly variables: Variables,
  ) {
    for (const d of document.definitions) if (d.kind === Kind.FRAGMENT_DEFINITION) this.fragments.set(d.name.value, d);
  }

  /**
   * The cost of a selection set on `parent`. `rows` is the page size when `parent` is a connection:
   * its edges and nodes count that many times. `seen` guards fragment spreads against a cycle, which
   * validation refuses already; the count must not loop on a document it is shown first.
   */
  selectionCost(set: SelectionSetNode, parent: GraphQLCompositeType, rows: number, seen: ReadonlySet<string>): number {
    let cost = 0;
    for (const s of set.selections) {
      if (s.kind === Kind.FIELD) cost += this.fieldCost(s, parent, rows, seen);
      else if (s.kind === Kind.INLINE_FRAGMENT) {
        const on = s.typeCondition ? this.schema.getType(s.typeCondition.name.value) : parent;
        if (on && isCompositeType(on)) cost += this.selectionCost(s.selectionSet, on, rows, seen);
      } else {
        const fragment = this.fragments.get(s.name.value);
        const on = fragment && this.schema.getType(fragment.typeCondition.name.value);
        if (fragment && on && isCompositeType(on) && !seen.has(fragment.name.value)) {
          cost += this.selectionCost(fragment.selectionSet, on, rows, new Set([...seen, fragment.name.value]));
        }
      }
    }
    return cost;
  }

  private fieldCost(field: FieldNode, parent: GraphQLCompositeType, rows: number, seen: ReadonlySet<string>): number {
    if (field.name.value.startsWith('__') || !field.selectionSet) return 0;
    if (!isObjectType(parent) && !isInterfaceType(parent)) return 0;
    const def = parent.getFields()[field.name.value];
    if (!def) return 0;
    const type = getNamedType(def.type);
    if (!isCompositeType(type)) return 0;
    const childRows = isConnection(type) ? pageSizeOf(field, this.variables) : 0;
    const one = 1 + this.selectionCost(field.selectionSet, type, childRows, seen);
    return isConnection(parent) && ROW_FIELDS.has(field.name.value) ? rows * one : one;
  }
}

/** The cost of one operation of a document, with the request's variables. */
export function operationCost(
  schema: GraphQLSchema,
  document: DocumentNode,
  operation: OperationDefinitionNode,
  variables: Variables = {},
): number {
  const root = schema.getRootType(operation.operation);
  if (!root) return 0;
  return new CostCounter(schema, document, variables).selectionCost(operation.selectionSet, root, 0, new Set());
}

/** The refusal of an operation over the limit: nothing of it ran. */
export const costRefusal = (cost: OperationCost): GraphQLError =>
  new GraphQLError(`Query cost ${cost.requested} is over the limit of ${cost.limit}: ask for smaller pages (first/last) or fewer nested connections`, {
    extensions: { code: 'QUERY_COST_EXCEEDED', cost, http: { status: 400 } },
  });

/**
 * Counts each HTTP operation's cost once it is known (after validation, with its variables),
 * refuses it over the limit, and reports `extensions.cost: { requested, limit }` on every answer
 * that had an operation to count, refused or not.
 */
export const costPlugin = (limit: number): ApolloServerPlugin<GraphQLContext> => ({
  async requestDidStart() {
    let cost: OperationCost | undefined;
    return {
      async didResolveOperation({ schema, document, operation, request }) {
        if (!operation) return;
        cost = { requested: operationCost(schema, document, operation, request.variables ?? {}), limit };
        if (cost.requested > limit) throw costRefusal(cost);
      },
      async willSendResponse({ response }) {
        if (!cost || response.body.kind !== 'single') return;
        const result = response.body.singleResult;
        result.extensions = { ...result.extensions, cost };
      },
    };
  },
});
