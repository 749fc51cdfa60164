import { Arg, Ctx, ID, Int, Mutation, Query, Resolver } from 'type-graphql';
import { createConversion, getConversion, listConversions } from '../../domain/fx/conversions';
import { conversionDates, getExchangeRates } from '../../domain/fx/queries';
import { createQuote } from '../../domain/fx/quotes';
import { fxSettingsOf } from '../../domain/fx/rules';
import type { GraphQLContext } from '../context';
import { idempotentMutation } from '../idempotent';
import { connectionWindow, toConnection } from '../shared/connection';
import {
  Conversion,
  ConversionConnection,
  ConversionDate,
  CreateConversionInput,
  CreateQuoteInput,
  ExchangeRates,
  Quote,
  toGraphQLConversion,
  toGraphQLConversionDate,
  toGraphQLExchangeRates,
  toGraphQLQuote,
} from './types';

/** Drops absent members, so the idempotency hash and the domain see only what was sent. */
const defined = (o: Record<string, unknown>) => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined && v !== null));

/** FX over GraphQL: the inputs map onto the REST wire names the domain's schemas speak. */
@Resolver()
export class FxResolver {
  @Query(() => ExchangeRates, { description: 'Client prices per pair, e.g. ["SGD/USD", "USD/SGD"]; all XXX/USD when omitted' })
  async exchangeRates(
    @Ctx() gctx: GraphQLContext,
    @Arg('currencyPairs', () => [String], { nullable: true }) currencyPairs?: string[],
  ): Promise<ExchangeRates> {
    const ctx = await gctx.auth();
    const rates = await getExchangeRates(ctx, fxSettingsOf(gctx.services.config), defined({ currency_pairs: currencyPairs }));
    return toGraphQLExchangeRates(rates);
  }

  @Query(() => [ConversionDate], { description: 'Dates a conversion between the two currencies may take place' })
  async conversionDates(
    @Ctx() gctx: GraphQLContext,
    @Arg('currencyFrom', () => String) currencyFrom: string,
    @Arg('currencyTo', () => String) currencyTo: string,
  ): Promise<ConversionDate[]> {
    const ctx = await gctx.auth();
    return conversionDates(ctx, { currency_from: currencyFrom, currency_to: currencyTo }).map(toGraphQLConversionDate);
  }

  @Query(() => ConversionConnection, { description: 'Conversions of the acting account, newest first' })
  async conversions(
    @Ctx() gctx: GraphQLContext,
    @Arg('first', () => Int, { nullable: true }) first?: number,
    @Arg('after', () => String, { nullable: true }) after?: string,
  ) {
    const ctx = await gctx.auth();
    const window = connectionWindow(first, after);
    const { items, total } = await listConversions(ctx, window);
    return toConnection(items.map(toGraphQLConversion), window.skip, total);
  }

  @Query(() => Conversion)
  async conversion(@Ctx() gctx: GraphQLContext, @Arg('id', () => ID) id: string): Promise<Conversion> {
    const ctx = await gctx.auth();
    return toGraphQLConversion(await getConversion(ctx, id));
  }

  @Mutation(() => Quote, { description: 'Prices a conversion (PO11)' })
  async createQuote(@Arg('input', () => CreateQuoteInput) input: CreateQuoteInput, @Ctx() gctx: GraphQLContext): Promise<Quote> {
    const plain = defined({
      sell_currency: input.sellCurrency,
      buy_currency: input.buyCurrency,
      conversion_date: input.conversionDate,
      sell_amount: input.sellAmount,
      buy_amount: input.buyAmount,
      transaction_type: input.transactionType,
    });
    const settings = fxSettingsOf(gctx.services.config);
    return idempotentMutation(gctx, { field: 'createQuote', family: 'account_center', input: plain }, async (ctx) =>
      toGraphQLQuote(await createQuote(ctx, settings, plain)),
    );
  }

  @Mutation(() => Conversion, { description: 'Executes a quote (BT9)' })
  async createConversion(
    @Arg('input', () => CreateConversionInput) input: CreateConversionInput,
    @Ctx() gctx: GraphQLContext,
  ): Promise<Conversion> {
    const plain = defined({
      quote_id: input.quoteId,
      sell_currency: input.sellCurrency,
      buy_currency: input.buyCurrency,
      conversion_date: input.conversionDate,
      sell_amount: input.sellAmount,
      buy_amount: input.buyAmount,
      reference: input.reference,
    });
    return idempotentMutation(gctx, { field: 'createConversion', family: 'account_center', input: plain }, async (ctx) =>
      toGraphQLConversion(await createConversion(ctx, plain)),
    );
  }
}
