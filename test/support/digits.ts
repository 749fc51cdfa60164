/**
 * Whether `text` holds `digits` as a number of its own: not inside a longer run of hex characters
 * (a uuid, a hash, a ciphertext, a longer number), where six given digits occur by chance about
 * once in a thousand runs in a large dump. A leak of the digits masking hides shows them on their
 * own; inside the whole number, the search for the whole number finds it.
 */
export function holdsNumber(text: string, digits: string): boolean {
  return new RegExp(`(?<![0-9A-Fa-f])${digits}(?![0-9A-Fa-f])`).test(text);
}
