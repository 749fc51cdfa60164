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
