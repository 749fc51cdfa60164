import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { createConversion } from '../../../domain/wallet/fx/conversions';
import { conversionDates, conversionList, getConversion, getExchangeRates } from '../../../domain/wallet/fx/queries';
import { createQuote } from '../../../domain/wallet/fx/quotes';
import { fxSettingsOf } from '../../../domain/wallet/fx/rules';
import type { AppServices } from '../../../services';
import { registerRoute } from '../../route';
import { listRoute } from '../../shared/list';
import { toRestConversion, toRestConversionDate, toRestExchangeRates, toRestQuote } from './present';
import { restConversion, restConversionDate, restExchangeRates, restQuote } from './schemas';
import { conversionDatesWire, createConversionWire, createQuoteWire, exchangeRatesWire } from './wire';

/** BT9-BT13 and PO11 (account-center family). Static /conversion/* paths win over /conversion/:id. */
export function registerFxRoutes(app: FastifyInstance, services: AppServices): void {
  const settings = fxSettingsOf(services.config);
  const base = { family: 'account_center', tag: 'fx' } as const;

  registerRoute(app, services, {
    ...base,
    method: 'GET',
    path: '/v1/exchange/rates',
    summary: 'Exchange rates for currency pairs (currency_pairs=SGD/USD,USD/SGD)',
    query: [exchangeRatesWire.schema],
    names: exchangeRatesWire.names,
    response: restExchangeRates,
    handler: async (ctx, { query }) => ({ body: toRestExchangeRates(await getExchangeRates(ctx, settings, exchangeRatesWire.toCommand(query))) }),
  });
  registerRoute(app, services, {
    ...base,
    method: 'POST',
    path: '/v1/conversion/quote',
    summary: 'Create a quote: fix the sell or the buy amount, held for the validity window, usable once',
    body: createQuoteWire.schema,
    names: createQuoteWire.names,
    response: restQuote,
    handler: async (ctx, { body }) => ({ body: toRestQuote(await createQuote(ctx, settings, createQuoteWire.toCommand(body ?? {}))) }),
  });
  registerRoute(app, services, {
    ...base,
    method: 'GET',
    path: '/v1/conversion/conversion_dates',
    summary: 'Dates a conversion between two currencies may take place',
    query: [conversionDatesWire.schema],
    names: conversionDatesWire.names,
    response: z.array(restConversionDate),
    handler: async (ctx, { query }) => ({ body: (await conversionDates(ctx, conversionDatesWire.toCommand(query))).map(toRestConversionDate) }),
  });
  registerRoute(app, services, {
    ...base,
    method: 'POST',
    path: '/v1/conversion',
    summary: 'Execute a quote: debit the sell wallet, credit the buy wallet',
    body: createConversionWire.schema,
    names: createConversionWire.names,
    response: restConversion,
    handler: async (ctx, { body }) => ({ body: toRestConversion(await createConversion(ctx, createConversionWire.toCommand(body ?? {}))) }),
  });
  registerRoute(app, services, {
    ...base,
    method: 'GET',
    path: '/v1/conversion',
    summary: 'List conversions, newest first',
    ...listRoute(conversionList, toRestConversion, restConversion),
  });
  registerRoute(app, services, {
    ...base,
    method: 'GET',
    path: '/v1/conversion/:id',
    summary: 'Retrieve a conversion',
    response: restConversion,
    handler: async (ctx, { params }) => ({ body: toRestConversion(await getConversion(ctx, params.id ?? '')) }),
  });
}
