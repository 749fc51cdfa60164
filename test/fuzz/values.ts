/**
 * Seeded generators of malformed input. Every random choice goes through one PRNG, so a failing
 * request is reproduced by the same seed and request number.
 */

/** mulberry32: small, fast, and good enough to spread choices evenly. */
export class Rng {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  int(n: number): number {
    return Math.floor(this.next() * n);
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  pick<T>(items: readonly T[]): T {
    return items[this.int(items.length)]!;
  }

  uuid(): string {
    const hex = () => this.int(16).toString(16);
    const part = (n: number) => Array.from({ length: n }, hex).join('');
    return `${part(8)}-${part(4)}-4${part(3)}-${this.pick(['8', '9', 'a', 'b'])}${part(3)}-${part(12)}`;
  }
}

/** A JSON numeral written as given, so numbers beyond a double's precision reach the server intact. */
export class Numeral {
  constructor(readonly text: string) {}
}

/** JSON text of a generated value; Numerals are written raw. */
export function jsonText(value: unknown): string {
  if (value instanceof Numeral) return value.text;
  if (Array.isArray(value)) return `[${value.map(jsonText).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    return `{${Object.entries(value).map(([k, v]) => `${JSON.stringify(k)}:${jsonText(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

const digits = (rng: Rng, n: number) => Array.from({ length: n }, (_, i) => (i === 0 ? 1 + rng.int(9) : rng.int(10))).join('');

export function garbageString(rng: Rng): string {
  switch (rng.int(16)) {
    case 0:
      return '';
    case 1:
      return ' \t\n ';
    case 2:
      return 'x'.repeat(1 + rng.int(20000));
    case 3:
      return '\u0000';
    case 4:
      return `abc\u0000def`;
    case 5:
      return String.fromCharCode(...Array.from({ length: 8 }, () => rng.int(32))) + '\u007f';
    case 6:
      return rng.pick(['😀💸', '\ud800', '\udfff', '\u202eevil', 'Ünïcødé ßtraße', '漢字テスト', '\ufeffBOM', 'e\u0301']);
    case 7:
      return rng.pick(['null', 'undefined', 'NaN', '-Infinity', 'true', '[]', '{}', '-1', '-0', '0x1f', '1e309']);
    case 8:
      return rng.pick(["' OR 1=1 --", '"; DROP TABLE accounts; --', '%00', '%', '../../etc/passwd', '<script>alert(1)</script>', '${7*7}', '\\']);
    case 9:
      return rng.pick(['00000000-0000-0000-0000-00000000000g', rng.uuid().toUpperCase(), rng.uuid().slice(0, 35), `${rng.uuid()}x`, rng.uuid()]);
    case 10:
      return rng.pick(['2026-13-45', '9999-12-31T25:61:61Z', '0000-00-00', '2026-02-30', '1970-01-01T00:00:00Z', '+275760-09-13T00:00:00Z']);
    case 11:
      return digits(rng, 20 + rng.int(30));
    case 12:
      return `-${digits(rng, 3)}.${digits(rng, 25)}`;
    case 13:
      return rng.pick(['USD', 'usd', 'XXX', 'US', 'USDD', 'SWIFT', 'LOCAL', 'COMPANY', 'PENDING', 'completed']);
    case 14:
      return `${rng.pick(['a', 'Z', '9'])}${'\u0000'.repeat(rng.int(3))}${rng.pick(['', '\u0001', '\u001b[31m'])}`;
    default:
      return rng.pick(['a', 'abc', 'Acme Ltd', 'HSBCHKHH', 'DE89370400440532013000']);
  }
}

export function garbageNumber(rng: Rng): number | Numeral {
  switch (rng.int(10)) {
    case 0:
      return rng.pick([0, -0, -1, 1, 0.5, -0.001]);
    case 1:
      return rng.pick([1e308, -1e308, 5e-324, Number.MAX_SAFE_INTEGER + 2]);
    case 2:
      return new Numeral(digits(rng, 20 + rng.int(20)));
    case 3:
      return new Numeral(`${digits(rng, 18)}.${digits(rng, 18)}`);
    case 4:
      return new Numeral(`-${digits(rng, 25)}`);
    case 5:
      return new Numeral(rng.pick(['1e400', '-1e400', '1E-400', '0.30000000000000004', '123456789.123456789']));
    case 6:
      return new Numeral(`${digits(rng, 16)}`);
    default:
      return Math.round(rng.next() * 1e6) / 100;
  }
}

export function deepValue(rng: Rng, depth: number): unknown {
  let v: unknown = garbageString(rng);
  for (let i = 0; i < depth; i++) v = rng.chance(0.5) ? [v] : { a: v };
  return v;
}

/** Any JSON value, biased to the shapes that break parsers and schemas. */
export function garbageValue(rng: Rng, depth = 0): unknown {
  switch (rng.int(depth > 2 ? 5 : 9)) {
    case 0:
    case 1:
      return garbageString(rng);
    case 2:
      return garbageNumber(rng);
    case 3:
      return rng.pick([true, false, null]);
    case 4:
      return rng.pick([[], {}]);
    case 5:
      return Array.from({ length: rng.int(4) }, () => garbageValue(rng, depth + 1));
    case 6:
      return Object.fromEntries(Array.from({ length: rng.int(4) }, () => [garbageKey(rng), garbageValue(rng, depth + 1)]));
    case 7:
      return deepValue(rng, rng.pick([20, 40, 300]));
    default:
      return garbageString(rng);
  }
}

export function garbageKey(rng: Rng): string {
  return rng.pick(['', 'a', '__proto__', 'constructor', 'amount', 'currency', 'a\u0000b', 'ünï', 'x'.repeat(300), 'toString', '0']);
}

/** Text that is not JSON, or JSON no ordinary client would send. */
export function malformedJsonText(rng: Rng, valid: string): string {
  switch (rng.int(12)) {
    case 0:
      return valid.slice(0, rng.int(Math.max(1, valid.length)));
    case 1:
      return `${valid}}`;
    case 2:
      return valid.replace(/"/g, "'");
    case 3:
      return '{"a":}';
    case 4:
      return '{"a":1,}';
    case 5:
      return `{"amount": NaN, "x": Infinity}`;
    case 6:
      return `\ufeff${valid}`;
    case 7:
      return '['.repeat(5000) + ']'.repeat(5000);
    case 8:
      return `${'{"a":'.repeat(3000)}1${'}'.repeat(3000)}`;
    case 9:
      return Buffer.from(Array.from({ length: 64 }, () => rng.int(256))).toString('latin1');
    case 10:
      return `{"a":"\\ud800","b":"\\u0000","c":"\\x41"}`;
    default:
      return `{"amount": ${digits(rng, 30)}, "amount": 1}`;
  }
}

/** encodeURIComponent that writes a lone surrogate as the invalid UTF-8 bytes a careless client sends. */
export function uriEncode(text: string): string {
  return text
    .split(/([\ud800-\udfff])/)
    .map((part) => (/^[\ud800-\udfff]$/.test(part) ? '%ED%A0%80' : encodeURIComponent(part)))
    .join('');
}
