import { Field, ID, InputType, ObjectType } from 'type-graphql';
import { GraphQLDateTime } from 'graphql-scalars';
import type { Conversion as ConversionDto } from '../../domain/fx/conversions';
import type { ConversionDate as ConversionDateDto, ExchangeRates as ExchangeRatesDto } from '../../domain/fx/queries';
import type { Quote as QuoteDto } from '../../domain/fx/quotes';
import { formatAmount } from '../../domain/money/amount';
import { Connection } from '../shared/connection';
import { DecimalScalar } from '../shared/scalars';

@ObjectType({ description: 'A price for one conversion, held until validUntil and usable once (PO11)' })
export class Quote {
  @Field(() => ID)
  id!: string;

  @Field(() => String)
  sellCurrency!: string;

  @Field(() => DecimalScalar)
  sellAmount!: string;

  @Field(() => String)
  buyCurrency!: string;

  @Field(() => DecimalScalar)
  buyAmount!: string;

  @Field(() => String, { description: 'The pair in market convention, e.g. EUR/USD' })
  currencyPair!: string;

  @Field(() => DecimalScalar, { description: 'Price of the pair: units of its second currency per unit of its first' })
  quotePrice!: string;

  @Field(() => DecimalScalar, { description: 'Buy units per sell unit' })
  directRate!: string;

  @Field(() => DecimalScalar, { description: 'Sell units per buy unit' })
  inverseRate!: string;

  @Field(() => String, { description: 'SELL or BUY: the side whose amount the client fixed' })
  fixedSide!: string;

  @Field(() => String, { description: 'YYYY-MM-DD' })
  conversionDate!: string;

  @Field(() => String, { nullable: true })
  transactionType!: string | null;

  @Field(() => GraphQLDateTime)
  validUntil!: Date | string;

  @Field(() => GraphQLDateTime)
  createdAt!: Date | string;
}

/** Plain JSON-safe values: mutation results are stored and replayed by the idempotency layer. */
export const toGraphQLQuote = (q: QuoteDto): Quote => ({
  id: q.id,
  sellCurrency: q.sellCurrency,
  sellAmount: formatAmount(q.sellAmount, q.sellCurrency),
  buyCurrency: q.buyCurrency,
  buyAmount: formatAmount(q.buyAmount, q.buyCurrency),
  currencyPair: q.currencyPair,
  quotePrice: q.quotePrice.toFixed(),
  directRate: q.directRate.toFixed(),
  inverseRate: q.inverseRate.toFixed(),
  fixedSide: q.fixedSide,
  conversionDate: q.conversionDate,
  transactionType: q.transactionType,
  validUntil: q.validUntil.toISOString(),
  createdAt: q.createdAt.toISOString(),
});

@ObjectType({ description: 'An executed quote: both wallet legs posted at once (BT9)' })
export class Conversion {
  @Field(() => ID)
  id!: string;

  @Field(() => String)
  shortReferenceId!: string;

  @Field(() => ID)
  quoteId!: string;

  @Field(() => String)
  sellCurrency!: string;

  @Field(() => DecimalScalar)
  sellAmount!: string;

  @Field(() => String)
  buyCurrency!: string;

  @Field(() => DecimalScalar)
  buyAmount!: string;

  @Field(() => DecimalScalar, { description: 'Buy units per sell unit, as quoted' })
  clientRate!: string;

  @Field(() => String)
  currencyPair!: string;

  @Field(() => String, { description: 'YYYY-MM-DD' })
  conversionDate!: string;

  @Field(() => String, { description: 'COMPLETED' })
  status!: string;

  @Field(() => String, { nullable: true })
  reference!: string | null;

  @Field(() => GraphQLDateTime)
  createdAt!: Date | string;
}

export const toGraphQLConversion = (c: ConversionDto): Conversion => ({
  id: c.id,
  shortReferenceId: c.shortReferenceId,
  quoteId: c.quoteId,
  sellCurrency: c.sellCurrency,
  sellAmount: formatAmount(c.sellAmount, c.sellCurrency),
  buyCurrency: c.buyCurrency,
  buyAmount: formatAmount(c.buyAmount, c.buyCurrency),
  clientRate: c.rate.toFixed(),
  currencyPair: c.currencyPair,
  conversionDate: c.conversionDate,
  status: c.status,
  reference: c.reference,
  createdAt: c.createdAt.toISOString(),
});

export const ConversionConnection = Connection(Conversion, 'Conversion');

@ObjectType()
export class CurrencyPairRate {
  @Field(() => String, { description: 'BASE/QUOTE as asked, e.g. SGD/USD' })
  currencyPair!: string;

  @Field(() => DecimalScalar, { description: 'QUOTE units the client pays for one BASE' })
  buyPrice!: string;

  @Field(() => DecimalScalar, { description: 'QUOTE units the client gets for one BASE' })
  sellPrice!: string;
}

@ObjectType({ description: 'Current client prices for currency pairs (BT13)' })
export class ExchangeRates {
  @Field(() => [CurrencyPairRate])
  rates!: CurrencyPairRate[];

  @Field(() => [String])
  unavailableCurrencyPairs!: string[];

  @Field(() => GraphQLDateTime, { nullable: true })
  lastUpdated!: Date | null;
}

export const toGraphQLExchangeRates = (r: ExchangeRatesDto): ExchangeRates => ({
  rates: r.rates.map((p) => ({ currencyPair: p.currencyPair, buyPrice: p.buyPrice.toFixed(), sellPrice: p.sellPrice.toFixed() })),
  unavailableCurrencyPairs: r.unavailableCurrencyPairs,
  lastUpdated: r.lastUpdated,
});

@ObjectType()
export class ConversionDate {
  @Field(() => String, { description: 'YYYY-MM-DD' })
  date!: string;

  @Field(() => String)
  dayOfWeek!: string;
}

export const toGraphQLConversionDate = (d: ConversionDateDto): ConversionDate => ({ date: d.date, dayOfWeek: d.dayOfWeek });

@InputType({ description: 'PO11: give exactly one of sellAmount or buyAmount' })
export class CreateQuoteInput {
  @Field(() => String)
  sellCurrency!: string;

  @Field(() => String)
  buyCurrency!: string;

  @Field(() => String, { description: 'YYYY-MM-DD' })
  conversionDate!: string;

  @Field(() => DecimalScalar, { nullable: true })
  sellAmount?: string;

  @Field(() => DecimalScalar, { nullable: true })
  buyAmount?: string;

  @Field(() => String, { nullable: true })
  transactionType?: string;
}

@InputType({ description: "BT9: executes a quote; every value given must be the quote's" })
export class CreateConversionInput {
  @Field(() => ID)
  quoteId!: string;

  @Field(() => String)
  sellCurrency!: string;

  @Field(() => String)
  buyCurrency!: string;

  @Field(() => String, { description: 'YYYY-MM-DD' })
  conversionDate!: string;

  @Field(() => DecimalScalar, { nullable: true })
  sellAmount?: string;

  @Field(() => DecimalScalar, { nullable: true })
  buyAmount?: string;

  @Field(() => String, { nullable: true })
  reference?: string;
}
