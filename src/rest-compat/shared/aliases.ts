import { isDomainError } from '../../platform/errors/domain-error';
import { invalidField } from '../../platform/validation/validate';

/**
 * A wire member that reaches the REST door under two names: the one the domain reads and another
 * that a caller of the specification or of an official client sends (`status` for `card_status`).
 * The door renames the other into the domain's, so the domain reads one body, and a refused field
 * is named as the caller spelled it. Sending both names is allowed when they agree.
 */
export interface Aliases {
  /** Where the object with the two spellings sits in the body (`['payment_method', 'card']`), `[]` for the body itself. */
  at: readonly string[];
  /** The other name -> the domain's name. */
  names: Readonly<Record<string, string>>;
}

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => v !== null && typeof v === 'object' && !Array.isArray(v);

interface Renamed {
  body: unknown;
  /** Full field paths: the domain's name -> the caller's. */
  sentAs: Map<string, string>;
}

/** The body with the members of `aliases` in the domain's names. */
export function inDomainNames(body: unknown, aliases: Aliases): Renamed {
  const sentAs = new Map<string, string>();
  const parents: Json[] = [];
  let node: unknown = body;
  for (const key of aliases.at) {
    if (!isObject(node)) return { body, sentAs };
    parents.push(node);
    node = node[key];
  }
  if (!isObject(node)) return { body, sentAs };
  const prefix = aliases.at.map((k) => `${k}.`).join('');
  const named: Json = { ...node };
  for (const [theirs, ours] of Object.entries(aliases.names)) {
    if (!(theirs in named)) continue;
    const value = named[theirs];
    delete named[theirs];
    if (ours in named) {
      if (named[ours] !== value) throw invalidField(`${prefix}${theirs}`, `send it or ${ours}, not both with different values`);
      continue;
    }
    named[ours] = value;
    sentAs.set(`${prefix}${ours}`, `${prefix}${theirs}`);
  }
  if (sentAs.size === 0) return { body, sentAs };
  // Rebuild the path down to the renamed object without touching the caller's body.
  let rebuilt: Json = named;
  for (let i = aliases.at.length - 1; i >= 0; i--) rebuilt = { ...parents[i]!, [aliases.at[i]!]: rebuilt };
  return { body: rebuilt, sentAs };
}

/** The error naming each renamed field as the caller sent it (its texts mark the fields they name). */
function namedAsSent(error: unknown, sentAs: Map<string, string>): unknown {
  if (!isDomainError(error) || sentAs.size === 0) return error;
  return error.renamed((path) => sentAs.get(path) ?? path);
}

/** Runs the domain's operation on the body in the domain's names; its errors name fields as sent. */
export async function withAliases<T>(body: unknown, aliases: Aliases, work: (body: unknown) => Promise<T>): Promise<T> {
  const renamed = inDomainNames(body, aliases);
  try {
    return await work(renamed.body);
  } catch (e) {
    throw namedAsSent(e, renamed.sentAs);
  }
}
