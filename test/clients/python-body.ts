import { pythonJsonDumps } from './sdk';

/**
 * A Python dict with float values as the Python client sends it: `json.dumps` writes a float `25.0`,
 * where sdk.ts's pythonJsonDumps writes a JavaScript number `25`. `floats` gives each float member as
 * Python writes it; the body goes through `Sdk.send`'s `raw`.
 */
export function pythonBody(dict: Record<string, unknown>, floats: Record<string, string>): { payload: string; contentType: string } {
  let payload = pythonJsonDumps({ ...dict, ...Object.fromEntries(Object.keys(floats).map((k) => [k, `\u0000${k}`])) });
  for (const [k, written] of Object.entries(floats)) payload = payload.replace(`"\\u0000${k}"`, written);
  return { payload, contentType: 'application/json' };
}
