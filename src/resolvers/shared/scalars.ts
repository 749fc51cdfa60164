import { GraphQLError, GraphQLScalarType, Kind } from 'graphql';

const DECIMAL = /^-?(0|[1-9]\d*)(\.\d+)?$/;

/**
 * Money in GraphQL: a decimal string ("10.50"), never a float (DESIGN "GraphQL conventions").
 * Inputs accept a decimal string; numbers are refused so that no float reaches the domain.
 */
export const DecimalScalar = new GraphQLScalarType<string, string>({
  name: 'Decimal',
  description: 'A decimal amount as a string, e.g. "1050.25"',
  serialize(value) {
    const text = typeof value === 'string' ? value : String((value as { toString(): string }).toString());
    if (!DECIMAL.test(text)) throw new GraphQLError(`Decimal cannot represent ${text}`);
    return text;
  },
  parseValue(value) {
    if (typeof value !== 'string' || !DECIMAL.test(value.trim())) throw new GraphQLError('Decimal must be a decimal string such as "10.50"');
    return value.trim();
  },
  parseLiteral(ast) {
    if (ast.kind !== Kind.STRING || !DECIMAL.test(ast.value.trim())) throw new GraphQLError('Decimal must be a decimal string such as "10.50"');
    return ast.value.trim();
  },
});

/** A scalar of upper-case letter codes of one length (ISO 4217 currencies, ISO 3166-1 countries), refusing anything else. */
function letterCode(name: string, length: number, shape: RegExp, description: string): GraphQLScalarType<string, string> {
  const refuse = (value: unknown) => new GraphQLError(`${name} must be ${length} upper-case letters, such as ${length === 3 ? '"USD"' : '"SG"'}; got ${JSON.stringify(value)}`);
  return new GraphQLScalarType<string, string>({
    name,
    description,
    serialize(value) {
      if (typeof value !== 'string' || !shape.test(value)) throw refuse(value);
      return value;
    },
    parseValue(value) {
      if (typeof value !== 'string' || !shape.test(value)) throw refuse(value);
      return value;
    },
    parseLiteral(ast) {
      if (ast.kind !== Kind.STRING || !shape.test(ast.value)) throw refuse(ast.kind === Kind.STRING ? ast.value : ast.kind);
      return ast.value;
    },
  });
}

/** A currency: its ISO 4217 code. Which currencies an operation takes is its own rule, answered as a userError. */
export const CurrencyCodeScalar = letterCode('CurrencyCode', 3, /^[A-Z]{3}$/, 'A currency, as its ISO 4217 code in upper case, e.g. "USD"');

/** A country or territory: its ISO 3166-1 alpha-2 code. */
export const CountryCodeScalar = letterCode('CountryCode', 2, /^[A-Z]{2}$/, 'A country or territory, as its ISO 3166-1 alpha-2 code in upper case, e.g. "SG"');
