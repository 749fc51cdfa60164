/** Replaces the values of some members (by name) with the text `token` gives: see fingerprint.ts. */
export interface Tokenizer {
  names: ReadonlySet<string>;
  token(value: unknown): string;
}

/**
 * JSON with object keys sorted, so that the same body sent with keys in another order hashes alike.
 * Stored fingerprints depend on this exact text: keys in UTF-16 code-unit order (the default sort's
 * and `<`'s order), undefined members left out, undefined array elements and other values JSON
 * cannot write as null. With `tokens`, a member whose name it lists is written as the JSON string of
 * its token instead of its value. Written with loops and one string, not
 * entries/filter/sort/map/join: it runs on every idempotent request (docs/performance.md).
 */
export function canonicalJson(value: unknown, tokens?: Tokenizer): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) {
    let out = '[';
    // A hole (never in parsed JSON) stays empty, as Array.prototype.join wrote it.
    for (let i = 0; i < value.length; i++) out += (i === 0 ? '' : ',') + (i in value ? canonicalJson(value[i], tokens) : '');
    return `${out}]`;
  }
  const record = value as Record<string, unknown>;
  const keys = Object.keys(record).sort();
  let out = '{';
  let first = true;
  for (const k of keys) {
    const v = record[k];
    if (v === undefined) continue;
    const text = tokens !== undefined && tokens.names.has(k) ? JSON.stringify(tokens.token(v)) : canonicalJson(v, tokens);
    out += `${first ? '' : ','}${JSON.stringify(k)}:${text}`;
    first = false;
  }
  return `${out}}`;
}
