import type pg from 'pg';
import { isUuid } from '../ids/ids';

/**
 * Object identification (docs/graphql.md, "Ids and objects"). An object's id is its row's UUID, the
 * same id REST paths and webhooks' source_id carry, so an id alone does not say which table holds
 * it. Each area declares the tables whose rows are objects a client may look up by id
 * (`defineArea({ nodes })`); this is the one statement that finds, for a batch of ids, the kind of
 * each among the acting account's rows, over every declared table at once.
 */
export interface NodeTable<K extends string = string> {
  /** The kind of object the rows are: the GraphQL door's node type of that kind loads them. */
  readonly kind: K;
  readonly table: string;
  /** The column holding the object's id (`id` when absent): a card's creation order is its card_order_id. */
  readonly idColumn?: string;
  /**
   * The columns any of which, equal to the acting account's id, makes the row the caller's
   * (`account_id` when absent): what the area's own lookup of one object scopes by.
   */
  readonly tenantColumns?: readonly string[];
}

const IDENTIFIER = /^[a-z_][a-z0-9_]*$/;

function identifier(name: string): string {
  if (!IDENTIFIER.test(name)) throw new Error(`node table: ${name} is not a plain SQL identifier`);
  return name;
}

/** The statement for these tables: its text is fixed for the process, so it is a named (prepared) statement. */
export function nodeKindStatement(tables: readonly NodeTable[]): { name: string; text: string } {
  // A kind may live in more than one table (card orders: their rows, and cards' creation orders);
  // the GraphQL door holds one node type per kind.
  const parts = tables.map((t) => {
    if (!IDENTIFIER.test(t.kind)) throw new Error(`node kind ${t.kind} is not lower_snake_case`);
    const id = identifier(t.idColumn ?? 'id');
    const scope = (t.tenantColumns ?? ['account_id']).map((c) => `${identifier(c)} = $2`).join(' OR ');
    return `SELECT '${t.kind}' AS kind, ${id} AS id FROM ${identifier(t.table)} WHERE ${id} = ANY($1::uuid[]) AND (${scope})`;
  });
  return { name: 'node_kinds', text: `SELECT kind, id::text AS id FROM (${parts.join('\nUNION ALL ')}) AS nodes` };
}

/**
 * The kind of each of these ids that is a row of the acting account in a declared table; an id that
 * is not a UUID, unknown, or another account's is absent, all alike.
 */
export async function findNodeKinds(
  pool: Pick<pg.Pool, 'query'>,
  statement: { name: string; text: string },
  accountId: string,
  ids: readonly string[],
): Promise<Map<string, string>> {
  const valid = [...new Set(ids.filter(isUuid).map((id) => id.toLowerCase()))];
  if (valid.length === 0) return new Map();
  const { rows } = await pool.query<{ kind: string; id: string }>({ ...statement, values: [valid, accountId] });
  return new Map(rows.map((r) => [r.id, r.kind]));
}
