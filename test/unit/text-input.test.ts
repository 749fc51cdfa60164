import { isDomainError } from '../../src/platform/errors/domain-error';
import { findNulCharacter, formatInputPath, refuseNulCharacters } from '../../src/platform/validation/text-input';

describe('findNulCharacter', () => {
  it('finds the first string holding U+0000, depth first in document order', () => {
    expect(findNulCharacter({ a: 'ok', b: { c: ['x', 'y\u0000'] }, d: '\u0000' })).toEqual(['b', 'c', 1]);
    expect(findNulCharacter(['\u0000'])).toEqual([0]);
    expect(findNulCharacter('\u0000')).toEqual([]);
  });

  it('finds a key holding U+0000 before its value and its later siblings', () => {
    expect(findNulCharacter({ a: { 'k\u0000': 'v', z: '\u0000' } })).toEqual(['a', 'k\u0000']);
  });

  it('passes everything else: numbers, booleans, null, empty containers, other control characters', () => {
    expect(findNulCharacter({ a: 1, b: true, c: null, d: [], e: {}, f: '\u0001\u001f\u007f😀' })).toBeUndefined();
    expect(findNulCharacter(undefined)).toBeUndefined();
  });

  it('walks a body nested 100,000 deep without exhausting the call stack', () => {
    let deep: unknown = 'x\u0000';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(findNulCharacter(deep)).toHaveLength(100_000);
  });
});

describe('refuseNulCharacters', () => {
  it('throws the validation error of the first input that holds one, naming the field', () => {
    const thrown = (() => {
      try {
        refuseNulCharacters({ id: 'ok' }, { q: 'ok' }, { documentation: [{ file_id: 'f\u0000' }] });
      } catch (e) {
        return e;
      }
    })();
    expect(isDomainError(thrown) && { code: thrown.code, status: thrown.status, field: thrown.field, message: thrown.message }).toEqual({
      code: 'validation_failed',
      status: 400,
      field: 'documentation[0].file_id',
      message: "Invalid value for field 'documentation[0].file_id': must not contain the NUL character (U+0000)",
    });
    expect(() => refuseNulCharacters({}, undefined, 'fine')).not.toThrow();
  });

  it('formats paths as the validation messages do', () => {
    expect(formatInputPath(['beneficiary', 'bank_details', 'iban'])).toBe('beneficiary.bank_details.iban');
    expect(formatInputPath([0, 'a'])).toBe('[0].a');
  });
});
