import { Field, ID, InputType, ObjectType } from 'type-graphql';
import { GraphQLDateTime } from 'graphql-scalars';
import type { ConversionDateView, ConversionView, ExchangeRatesView, QuoteView } from '../../../domain/wallet/fx/view';
import { CONVERSION_STATUSES, DAYS_OF_WEEK, FIXED_SIDES } from '../../../domain/wallet/fx/rules';
import { Connection } from '../../shared/connection';
import { enumFrom } from '../../shared/enums';
import { CurrencyCodeScalar, DecimalScalar } from '../../shared/scalars';
import { Node, rowNode } from '../../shared/node';
import { conversionsByIds } from '../../../domain/wallet/fx/queries';

const FixedSideEnum = enumFrom('QuoteFixedSide', FIXED_SIDES, 'SELL or BUY: the side whose amount the client fixed');
const ConversionStatusEnum = enumFrom('ConversionStatus', CONVERSION_STATUSES, 'Conversions execute at once: COMPLETED');
const DayOfWeekEnum = enumFrom('DayOfWeek', DAYS_OF_WEEK);

@ObjectType({ description: 'A price for one conversion, held until validUntil and usable once (PO11)' })
export class Quote {
  @Field(() => ID)
  id!: string;

  @Field(() => CurrencyCodeScalar)
  sellCurrency!: string;

  @Field(() => DecimalScalar)
  sellAmount!: string;

  @Field(() => CurrencyCodeScalar)
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

  @Field(() => FixedSideEnum)
  fixedSide!: string;

  @Field(() => String, { description: 'YYYY-MM-DD' })
  conversionDate!: string;

  @Field(() => String, { nullable: true })
  transactionType!: string | null;

  @Field(() => GraphQLDateTime)
  validUntil!: string;

  @Field(() => GraphQLDateTime)
  createdAt!: string;
}

/** Plain JSON-safe values: mutation results are stored and replayed by the idempotency layer. */
export const toGraphQLQuote = (q: QuoteView): Quote => ({
  id: q.id,
  sellCurrency: q.sellCurrency,
  sellAmount: q.sellAmount,
  buyCurrency: q.buyCurrency,
  buyAmount: q.buyAmount,
  currencyPair: q.currencyPair,
  quotePrice: q.quotePrice,
  directRate: q.directRate,
  inverseRate: q.inverseRate,
  fixedSide: q.fixedSide,
  conversionDate: q.conversionDate,
  transactionType: q.transactionType,
  validUntil: q.validUntil.toISOString(),
  createdAt: q.createdAt.toISOString(),
});

@ObjectType({ implements: Node, description: 'An executed quote: both wallet legs posted at once (BT9)' })
export class Conversion {
  @Field(() => ID)
  id!: string;

  @Field(() => String)
  shortReferenceId!: string;

  @Field(() => ID)
  quoteId!: string;

  @Field(() => CurrencyCodeScalar)
  sellCurrency!: string;

  @Field(() => DecimalScalar)
  sellAmount!: string;

  @Field(() => CurrencyCodeScalar)
  buyCurrency!: string;

  @Field(() => DecimalScalar)
  buyAmount!: string;

  @Field(() => DecimalScalar, { description: 'Buy units per sell unit, as quoted' })
  clientRate!: string;

  @Field(() => String)
  currencyPair!: string;

  @Field(() => String, { description: 'YYYY-MM-DD' })
  conversionDate!: string;

  @Field(() => ConversionStatusEnum)
  status!: string;

  @Field(() => String, { nullable: true })
  reference!: string | null;

  @Field(() => GraphQLDateTime)
  createdAt!: string;
}

/** Plain JSON-safe values: mutation results are stored and replayed by the idempotency layer. */
export const toGraphQLConversion = (c: ConversionView): Conversion => ({
  id: c.id,
  shortReferenceId: c.shortReferenceId,
  quoteId: c.quoteId,
  sellCurrency: c.sellCurrency,
  sellAmount: c.sellAmount,
  buyCurrency: c.buyCurrency,
  buyAmount: c.buyAmount,
  clientRate: c.rate,
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
  lastUpdated!: string | null;
}

export const toGraphQLExchangeRates = (r: ExchangeRatesView): ExchangeRates => ({
  rates: r.rates.map((p) => ({ currencyPair: p.currencyPair, buyPrice: p.buyPrice, sellPrice: p.sellPrice })),
  unavailableCurrencyPairs: r.unavailableCurrencyPairs,
  lastUpdated: r.lastUpdated?.toISOString() ?? null,
});

@ObjectType()
export class ConversionDate {
  @Field(() => String, { description: 'YYYY-MM-DD' })
  date!: string;

  @Field(() => DayOfWeekEnum)
  dayOfWeek!: string;
}

export const toGraphQLConversionDate = (d: ConversionDateView): ConversionDate => ({ date: d.date, dayOfWeek: d.dayOfWeek });

@InputType({ description: 'PO11: give exactly one of sellAmount or buyAmount' })
export class CreateQuoteInput {
  @Field(() => CurrencyCodeScalar)
  sellCurrency!: string;

  @Field(() => CurrencyCodeScalar)
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

  @Field(() => CurrencyCodeScalar)
  sellCurrency!: string;

  @Field(() => CurrencyCodeScalar)
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

/** Conversion as a node: node(id) and the fields beside its foreign keys load it through one per-request loader. */
export const conversionNode = rowNode({ kind: 'conversion', type: Conversion, find: conversionsByIds, map: toGraphQLConversion });
