import { platformErrors } from '../domain/errors/platform-errors';

/** JSON in and out of the HTTP doors. */

/** Deepest nesting a request body may have: payrail's deepest body is five levels. */
export const MAX_BODY_DEPTH = 32;

/** Nesting depth of JSON text beyond `max`, counted on the text so that no parser recurses into it. */
function nestsDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) {
      if (++depth > max) return true;
    } else if (c === 0x7d || c === 0x5d) depth--;
  }
  return false;
}

/** A request body: undefined for an empty one, malformed JSON and bodies nested deeper than MAX_BODY_DEPTH refused. */
export function parseJsonBody(text: string): unknown {
  if (text.trim() === '') return undefined;
  if (nestsDeeperThan(text, MAX_BODY_DEPTH)) throw platformErrors.bodyTooDeep(MAX_BODY_DEPTH);
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw platformErrors.malformedJson();
  }
}
