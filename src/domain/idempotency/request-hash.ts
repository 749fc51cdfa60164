import { createHash } from 'node:crypto';

/** JSON with object keys sorted, so that the same body sent with keys in another order hashes alike. */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
}

export const requestHash = (endpoint: string, body: unknown): string =>
  createHash('sha256').update(endpoint).update('\n').update(canonicalJson(body ?? null)).digest('hex');
