import { conversionDatesQuery, createConversionCommand, createQuoteCommand, exchangeRatesQuery } from '../../../domain/wallet/fx/rules';
import { wireCommand } from '../../shared/command';

/** PO11's body: the command's members in snake_case. */
export const createQuoteWire = wireCommand(createQuoteCommand);

/** BT9's body. */
export const createConversionWire = wireCommand(createConversionCommand);

/** BT12's query string (`currency_from`, `currency_to`). */
export const conversionDatesWire = wireCommand(conversionDatesQuery);

/** BT13's query string: `currency_pairs`, one comma-joined value. */
export const exchangeRatesWire = wireCommand(exchangeRatesQuery);
