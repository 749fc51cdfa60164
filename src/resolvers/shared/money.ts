import { Field, FieldResolver, ObjectType, Resolver, Root, type ClassType } from 'type-graphql';
import { CurrencyCodeScalar, DecimalScalar } from './scalars';

/**
 * An amount with its currency, where the two belong together (a payout's amount, a fee, a card's
 * limit): the amount a decimal string in the currency's major unit ("1050.25" USD), never a float.
 */
@ObjectType({ description: 'An amount of money in a currency' })
export class Money {
  @Field(() => DecimalScalar, { description: 'The amount, a decimal string such as "1050.25", with at most the currency\'s minor-unit decimals' })
  amount!: string;

  @Field(() => CurrencyCodeScalar, { description: 'The currency of the amount' })
  currency!: string;
}

/** A Money from an amount (a Decimal, a Prisma decimal or a decimal string) and its currency. */
export const moneyOf = (amount: { toString(): string } | string, currency: string): Money => ({
  amount: typeof amount === 'string' ? amount : amount.toString(),
  currency,
});

/** One Money field: the names of the amount and the currency it pairs on the parent, and its description. */
export interface MoneyPair<T> {
  amount: keyof T & string;
  currency: keyof T & string;
  description: string;
  /** The amount may be absent (a payout's returned amount before it fails): the Money is null then. */
  nullable?: boolean;
}

/**
 * A resolver class adding Money fields to an object type, each beside the flat amount and currency
 * it pairs (docs/graphql.md "Money"): the mappers stay as they are, and the pair reads the values
 * the parent already holds, so a Money costs no statement.
 */
export function moneyFields<T extends object>(type: ClassType<T>, fields: Record<string, MoneyPair<T>>): ClassType {
  @Resolver(() => type)
  class MoneyFields {}
  for (const [name, pair] of Object.entries(fields)) {
    const resolve = function (this: unknown, parent: T): Money | null {
      const amount = parent[pair.amount] as unknown as { toString(): string } | null | undefined;
      const currency = parent[pair.currency] as unknown as string | null | undefined;
      return amount == null || currency == null ? null : moneyOf(amount, currency);
    };
    Object.defineProperty(MoneyFields.prototype, name, { value: resolve, writable: true, configurable: true });
    const descriptor = Object.getOwnPropertyDescriptor(MoneyFields.prototype, name)!;
    Root()(MoneyFields.prototype, name, 0);
    FieldResolver(() => Money, { name, description: pair.description, nullable: pair.nullable ?? false })(MoneyFields.prototype, name, descriptor);
  }
  Object.defineProperty(MoneyFields, 'name', { value: `${type.name}MoneyFields` });
  return MoneyFields;
}
