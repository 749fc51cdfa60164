/**
 * A JSON value as PostgreSQL's jsonb gives it back, so a body rendered in the process is byte for
 * byte the body read from a jsonb column: jsonb keeps one member per key and orders an object's
 * keys by their length in bytes, then bytewise (not in insertion order); JSON.stringify then writes
 * the members in that order. Everything else is what JSON.stringify makes of the value (toJSON,
 * undefined members dropped, undefined array items as null).
 */
export function jsonbOrdered(value: unknown): unknown {
  return reorder(JSON.parse(JSON.stringify(value) ?? 'null'));
}

const byJsonbKeyOrder = (a: Buffer, b: Buffer): number => a.length - b.length || Buffer.compare(a, b);

function reorder(v: unknown): unknown {
  if (v === null || typeof v !== 'object') return v;
  if (Array.isArray(v)) return v.map(reorder);
  const entries = Object.entries(v as Record<string, unknown>).map(([k, x]) => ({ k, bytes: Buffer.from(k, 'utf8'), x }));
  entries.sort((a, b) => byJsonbKeyOrder(a.bytes, b.bytes));
  // fromEntries defines each member as JSON.parse does (a "__proto__" key stays a member).
  return Object.fromEntries(entries.map(({ k, x }) => [k, reorder(x)]));
}
