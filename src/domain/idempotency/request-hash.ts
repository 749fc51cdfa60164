import { hash } from 'node:crypto';

/**
 * JSON with object keys sorted, so that the same body sent with keys in another order hashes alike.
 * Stored hashes depend on this exact text: keys in UTF-16 code-unit order (the default sort's and
 * `<`'s order), undefined members left out, undefined array elements and other values JSON cannot
 * write as null. Written with loops and one string, not entries/filter/sort/map/join: it runs on
 * every idempotent request (docs/performance.md).
 */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) {
    let out = '[';
    // A hole (never in parsed JSON) stays empty, as Array.prototype.join wrote it.
    for (let i = 0; i < value.length; i++) out += (i === 0 ? '' : ',') + (i in value ? canonicalJson(value[i]) : '');
    return `${out}]`;
  }
  const record = value as Record<string, unknown>;
  const keys = Object.keys(record).sort();
  let out = '{';
  let first = true;
  for (const k of keys) {
    const v = record[k];
    if (v === undefined) continue;
    out += `${first ? '' : ','}${JSON.stringify(k)}:${canonicalJson(v)}`;
    first = false;
  }
  return `${out}}`;
}

/**
 * sha256 of `endpoint \n canonical JSON`. One-shot `crypto.hash` (Node ≥ 20.12) over the joined text:
 * the same bytes as feeding the three parts to a Hash object (the JSON begins with an ASCII
 * character, so no surrogate pair forms at a joint), without the object's cost on every request.
 */
export const requestHash = (endpoint: string, body: unknown): string =>
  hash('sha256', `${endpoint}\n${canonicalJson(body ?? null)}`, 'hex');
