import { formatAmount, formatStoredAmount, money } from '../../src/platform/money/amount';

// formatStoredAmount is formatAmount without decimal arithmetic for the common case; it must write
// exactly what formatAmount writes for every stored value, common or not.
describe('formatStoredAmount writes what formatAmount writes', () => {
  const currencies = ['USD', 'JPY', 'KWD', 'EUR'];
  const samples = [
    '0', '0.000000000000000000', '-0.000000000000000000', '10.500000000000000000', '-10.500000000000000000', '1000',
    '12.345000000000000000', '12.355000000000000000', '0.005000000000000000', '-0.005000000000000000', '99999999999999999999.990000000000000000',
    '1e-7', '-1.5', '3.14159', '7.', '.5',
  ];
  it.each(currencies)('%s: fixed samples, as numeric text and as Decimal', (currency) => {
    for (const text of samples) {
      let expected: string;
      try {
        expected = formatAmount(money(text), currency);
      } catch {
        continue; // not a number at all: not a stored amount
      }
      expect([text, formatStoredAmount(text, currency)]).toEqual([text, expected]);
      expect([text, formatStoredAmount(money(text), currency)]).toEqual([text, expected]);
    }
  });

  it('random stored amounts of every scale', () => {
    let seed = 7;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648);
    for (let i = 0; i < 5000; i++) {
      const int = String(next() % 1000000);
      const scale = next() % 19;
      const frac = Array.from({ length: scale }, () => String(next() % 10)).join('');
      const sign = next() % 4 === 0 ? '-' : '';
      const text = `${sign}${int}${scale ? `.${frac}` : ''}`;
      const currency = currencies[next() % currencies.length]!;
      expect([text, formatStoredAmount(text, currency)]).toEqual([text, formatAmount(money(text), currency)]);
    }
  });
});
