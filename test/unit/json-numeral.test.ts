import { isDomainError } from '../../src/platform/errors/domain-error';
import { carriesExactly, JsonNumeral, jsonNumberOf, significantDigits } from '../../src/platform/money/json-numeral';
import { amountAsNumber, amountField, money } from '../../src/platform/money/amount';
import { parseInput } from '../../src/platform/validation/validate';
import { parseJsonBody, toJsonText } from '../../src/rest-compat/json';
import { z } from 'zod';

describe('significant digits of a numeral', () => {
  it.each([
    ['0', 0],
    ['100', 1],
    ['100.50', 4],
    ['-0012.3400e5', 4],
    ['0.000123', 3],
    ['123456789012345.67', 17],
    ['1E-400', 1],
    ['10.01', 4],
    ['1.20', 2],
    ['120.0', 2],
    ['-0.0', 0],
  ])('%s has %i', (numeral, digits) => {
    expect(significantDigits(numeral)).toBe(digits);
  });

  it('draws the line at 15, the digits a double always carries', () => {
    expect(carriesExactly('999999999999999')).toBe(true);
    expect(carriesExactly('9999999999999999')).toBe(false);
    expect(jsonNumberOf('1234567890123.45')).toBe(1234567890123.45);
    expect(jsonNumberOf('123456789012345.67')).toEqual(new JsonNumeral('123456789012345.67'));
  });
});

describe('parseJsonBody', () => {
  const exact = { exactNumerals: true };

  it('keeps numerals over 15 significant digits as written, and parses the rest as JSON.parse does', () => {
    expect(parseJsonBody('{"a": 123456789012345678.12, "b": 1.5, "c": "12345678901234567890", "d": [1e2]}', exact)).toEqual({
      a: new JsonNumeral('123456789012345678.12'),
      b: 1.5,
      c: '12345678901234567890',
      d: [100],
    });
    expect(parseJsonBody('{"a": 123456789012345678.12}', { exactNumerals: false })).toEqual({ a: 123456789012345680 });
  });

  it('keeps the last of repeated keys and __proto__ as data on both paths', () => {
    for (const text of ['{"a": 1, "a": 2, "__proto__": {"x": 1}}', '{"a": 1, "a": 2, "__proto__": {"x": 1}, "n": 12345678901234567}']) {
      const parsed = parseJsonBody(text, exact) as Record<string, unknown>;
      expect(parsed.a).toBe(2);
      expect(Object.getPrototypeOf(parsed)).toBe(Object.prototype);
      expect(Object.keys(parsed)).toContain('__proto__');
    }
  });

  it('refuses malformed JSON on the lossless path too', () => {
    const thrown = (() => {
      try {
        parseJsonBody('{"a": 12345678901234567890,}', exact);
      } catch (e) {
        return e;
      }
    })();
    expect(isDomainError(thrown) && thrown.code).toBe('malformed_json');
  });
});

describe('toJsonText', () => {
  it('writes a JsonNumeral as a raw numeral with all its digits, and everything else as JSON.stringify', () => {
    const body = { amount: new JsonNumeral('123456789012345.67'), at: new Date('2026-11-21T10:00:00Z'), n: 1.5, skip: undefined, list: [null] };
    expect(toJsonText(body)).toBe('{"amount":123456789012345.67,"at":"2026-11-21T10:00:00.000Z","n":1.5,"list":[null]}');
    const plain = { a: 1, b: 'x', c: [true], d: { e: null } };
    expect(toJsonText(plain)).toBe(JSON.stringify(plain));
  });

  it('amountAsNumber gives a number while a double carries the amount, a JsonNumeral beyond', () => {
    expect(amountAsNumber(money('10.5'), 'USD')).toBe(10.5);
    expect(toJsonText({ a: amountAsNumber(money('123456789012345.675'), 'USD') })).toBe('{"a":123456789012345.68}');
  });
});

describe('amountField as a JSON number', () => {
  const schema = z.object({ amount: amountField('number') });
  const message = (input: unknown) => {
    try {
      parseInput(schema, input);
      return 'accepted';
    } catch (e) {
      return (e as Error).message;
    }
  };

  it('refuses a kept numeral and a number whose shortest form has more than 15 significant digits', () => {
    expect(message({ amount: new JsonNumeral('1234567890123456') })).toBe("Invalid value for field 'amount': must have at most 15 significant digits");
    expect(message({ amount: 0.1 + 0.2 })).toBe("Invalid value for field 'amount': must have at most 15 significant digits");
    expect(message({ amount: 1234567890123.45 })).toBe('accepted');
  });

  it('still tells a missing amount from a wrongly typed one', () => {
    expect(message({})).toBe("Field 'amount' is required");
    expect(message({ amount: 'ten' })).toBe("Invalid type for field 'amount'");
  });
});
