import { Field, ObjectType } from 'type-graphql';
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
