import { CurrencyCodeScalar } from '../../shared/scalars';
import { Arg, Ctx, ID, Mutation, Query, Resolver, Args } from 'type-graphql';
import { ConnectionArgs } from '../../shared/connection';
import { createConversion } from '../../../domain/wallet/fx/conversions';
import { conversionDates, conversionList, getConversion, getExchangeRates } from '../../../domain/wallet/fx/queries';
import { createQuote } from '../../../domain/wallet/fx/quotes';
import { fxSettingsOf } from '../../../domain/wallet/fx/rules';
import type { GraphQLContext } from '../../context';
import { connection, mutation, query, lookup } from '../../shared/operations';
import { commandInput } from '../../shared/command-input';
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
import { areaUserError, payloadType } from '../../shared/user-errors';
import { fxErrors } from '../../../domain/wallet/fx/errors';
import { accountErrors } from '../../../domain/onboarding/accounts/errors';
import { fileErrors } from '../../../domain/onboarding/files/errors';

const FxUserError = areaUserError('Fx', [fxErrors, accountErrors, fileErrors]);
const CreateQuotePayload = payloadType('CreateQuotePayload', 'quote', () => Quote, FxUserError);
const CreateConversionPayload = payloadType('CreateConversionPayload', 'conversion', () => Conversion, FxUserError);

/** FX over GraphQL: the same domain services and rules as BT9-BT13 and PO11. */
@Resolver()
export class FxResolver {
  @Query(() => ExchangeRates, { description: 'Client prices per pair, e.g. ["SGD/USD", "USD/SGD"]; all XXX/USD when omitted' })
  exchangeRates(
    @Ctx() gctx: GraphQLContext,
    @Arg('currencyPairs', () => [String], { nullable: true }) currencyPairs?: string[],
  ): Promise<ExchangeRates> {
    const settings = fxSettingsOf(gctx.services.config);
    return query(gctx, (ctx, input) => getExchangeRates(ctx, settings, input), toGraphQLExchangeRates, commandInput({ currencyPairs }));
  }

  @Query(() => [ConversionDate], { description: 'Dates a conversion between the two currencies may take place' })
  conversionDates(
    @Ctx() gctx: GraphQLContext,
    @Arg('currencyFrom', () => CurrencyCodeScalar) currencyFrom: string,
    @Arg('currencyTo', () => CurrencyCodeScalar) currencyTo: string,
  ): Promise<ConversionDate[]> {
    return query(gctx, conversionDates, (dates) => dates.map(toGraphQLConversionDate), commandInput({ currencyFrom, currencyTo }));
  }

  @Query(() => ConversionConnection, { description: 'Conversions of the acting account, newest first' })
  conversions(
    @Ctx() gctx: GraphQLContext,
    @Args(() => ConnectionArgs) page: ConnectionArgs,
  ) {
    return connection(gctx, page, conversionList, toGraphQLConversion);
  }

  @Query(() => Conversion, { nullable: true, description: 'One of the acting account\'s; null for an unknown or another account\'s id' })
  conversion(@Ctx() gctx: GraphQLContext, @Arg('id', () => ID) id: string): Promise<Conversion | null> {
    return lookup(gctx, (ctx) => getConversion(ctx, id), toGraphQLConversion);
  }

  @Mutation(() => CreateQuotePayload, { description: 'Prices a conversion (PO11)' })
  createQuote(@Arg('input', () => CreateQuoteInput) input: CreateQuoteInput, @Ctx() gctx: GraphQLContext) {
    const settings = fxSettingsOf(gctx.services.config);
    return mutation(
      gctx,
      { field: 'createQuote', payload: CreateQuotePayload, family: 'account_center', input: commandInput(input) },
      (ctx, command) => createQuote(ctx, settings, command),
      toGraphQLQuote,
    );
  }

  @Mutation(() => CreateConversionPayload, { description: 'Executes a quote (BT9)' })
  createConversion(
    @Arg('input', () => CreateConversionInput) input: CreateConversionInput,
    @Ctx() gctx: GraphQLContext,
  ) {
    return mutation(gctx, { field: 'createConversion', payload: CreateConversionPayload, family: 'account_center', input: commandInput(input) }, createConversion, toGraphQLConversion);
  }
}
