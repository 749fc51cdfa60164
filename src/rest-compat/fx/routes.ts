import type { FastifyInstance } from 'fastify';
import { createConversion, getConversion, listConversionPage } from '../../domain/fx/conversions';
import { conversionDates, getExchangeRates } from '../../domain/fx/queries';
import { createQuote } from '../../domain/fx/quotes';
import { fxSettingsOf } from '../../domain/fx/rules';
import type { AppServices } from '../../services';
import { registerRoute } from '../route';
import { toRestPage } from '../shared/page';
import { toRestConversion, toRestConversionDate, toRestExchangeRates, toRestQuote } from './present';

/** BT9-BT13 and PO11 (account-center family). Static /conversion/* paths win over /conversion/:id. */
export function registerFxRoutes(app: FastifyInstance, services: AppServices): void {
  const settings = fxSettingsOf(services.config);
  const base = { family: 'account_center', tag: 'fx' } as const;

  registerRoute(app, services, {
    ...base,
    method: 'GET',
    path: '/v1/exchange/rates',
    summary: 'Exchange rates for currency pairs (currency_pairs=SGD/USD,USD/SGD)',
    handler: async (ctx, { query }) => ({ body: toRestExchangeRates(await getExchangeRates(ctx, settings, query)) }),
  });
  registerRoute(app, services, {
    ...base,
    method: 'POST',
    path: '/v1/conversion/quote',
    summary: 'Create a quote: fix the sell or the buy amount, held for the validity window, usable once',
    handler: async (ctx, { body }) => ({ body: toRestQuote(await createQuote(ctx, settings, body ?? {})) }),
  });
  registerRoute(app, services, {
    ...base,
    method: 'GET',
    path: '/v1/conversion/conversion_dates',
    summary: 'Dates a conversion between two currencies may take place',
    handler: async (ctx, { query }) => ({ body: conversionDates(ctx, query).map(toRestConversionDate) }),
  });
  registerRoute(app, services, {
    ...base,
    method: 'POST',
    path: '/v1/conversion',
    summary: 'Execute a quote: debit the sell wallet, credit the buy wallet',
    handler: async (ctx, { body }) => ({ body: toRestConversion(await createConversion(ctx, body ?? {})) }),
  });
  registerRoute(app, services, {
    ...base,
    method: 'GET',
    path: '/v1/conversion',
    summary: 'List conversions, newest first',
    handler: async (ctx, { query }) => ({ body: toRestPage(await listConversionPage(ctx, query), toRestConversion) }),
  });
  registerRoute(app, services, {
    ...base,
    method: 'GET',
    path: '/v1/conversion/:id',
    summary: 'Retrieve a conversion',
    handler: async (ctx, { params }) => ({ body: toRestConversion(await getConversion(ctx, params.id ?? '')) }),
  });
}
