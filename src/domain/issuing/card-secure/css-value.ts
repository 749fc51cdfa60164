/**
 * Whether a CSS value is made only of plain tokens the card iframe page accepts: words
 * (`[a-zA-Z][a-zA-Z-]*`), numbers with an optional unit (`-?\d+(\.\d+)?(px|em|rem|%|pt)?`), hex
 * colours (`#` and 3 to 8 hex digits), `rgb()`/`rgba()`/`hsl()`/`hsla()` of three or four plain
 * numbers (`[\d.%]+`), commas and spaces. No url(), no expression(), no escapes, no quotes, no
 * braces or semicolons that could end the rule.
 *
 * A tokenizer rather than a regular expression: it reads each character once (a value that is a
 * run of tokens of one pattern, such as `(token)+`, backtracks exponentially in a regex engine when
 * the run ends in a character no token takes). Taking the longest token at each place accepts
 * exactly what any split into tokens would: every way a longer token could be cut leaves pieces
 * that are tokens themselves (a word's tail is a word, a number's fraction or unit starts a
 * number or a word, the hex digits past 8 are a number or a word).
 */
export function isPlainCssValue(value: string): boolean {
  let i = 0;
  while (i < value.length) {
    const next = tokenEnd(value, i);
    if (next <= i) return false;
    i = next;
  }
  return value.length > 0;
}

const FUNCTIONS = new Set(['rgb', 'rgba', 'hsl', 'hsla']);
const UNITS = ['px', 'em', 'rem', 'pt', '%'];

const isDigit = (c: number) => c >= 0x30 && c <= 0x39;
const isLetter = (c: number) => (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a);
const isHex = (c: number) => isDigit(c) || (c >= 0x41 && c <= 0x46) || (c >= 0x61 && c <= 0x66);
/** `\s` of a regex, as the pattern this replaces read spaces. */
const isSpace = (c: number) => /\s/.test(String.fromCharCode(c));

/** Where the token starting at `i` ends, or `i` when no token starts there. */
function tokenEnd(v: string, i: number): number {
  const c = v.charCodeAt(i);
  if (c === 0x2c) return i + 1; // ','
  if (isSpace(c)) return skip(v, i, isSpace);
  if (c === 0x23) return hexColourEnd(v, i); // '#'
  if (isLetter(c)) return wordOrFunctionEnd(v, i);
  if (isDigit(c) || (c === 0x2d && isDigit(v.charCodeAt(i + 1)))) return numberEnd(v, i);
  return i;
}

function skip(v: string, i: number, accept: (c: number) => boolean): number {
  while (i < v.length && accept(v.charCodeAt(i))) i++;
  return i;
}

function hexColourEnd(v: string, i: number): number {
  let j = i + 1;
  while (j < v.length && j - i - 1 < 8 && isHex(v.charCodeAt(j))) j++;
  return j - i - 1 >= 3 ? j : i;
}

function wordOrFunctionEnd(v: string, i: number): number {
  const end = skip(v, i + 1, (c) => isLetter(c) || c === 0x2d);
  if (v.charCodeAt(end) === 0x28 && FUNCTIONS.has(v.slice(i, end))) return colourFunctionEnd(v, end + 1, i); // '('
  return end;
}

function numberEnd(v: string, i: number): number {
  let j = skip(v, v.charCodeAt(i) === 0x2d ? i + 1 : i, isDigit);
  if (v.charCodeAt(j) === 0x2e && isDigit(v.charCodeAt(j + 1))) j = skip(v, j + 1, isDigit); // '.'
  const unit = UNITS.find((u) => v.startsWith(u, j));
  return unit ? j + unit.length : j;
}

/** After `rgb(`: 3 or 4 arguments of `[\d.%]+`, separated by commas, spaces around them, then `)`. */
function colourFunctionEnd(v: string, j: number, start: number): number {
  const isArg = (c: number) => isDigit(c) || c === 0x2e || c === 0x25;
  let args = 0;
  for (;;) {
    j = skip(v, j, isSpace);
    const end = skip(v, j, isArg);
    if (end === j) return start;
    args++;
    j = skip(v, end, isSpace);
    if (v.charCodeAt(j) === 0x2c && args < 4) j++;
    else break;
  }
  return args >= 3 && v.charCodeAt(j) === 0x29 ? j + 1 : start; // ')'
}
