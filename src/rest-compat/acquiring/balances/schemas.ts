import { z } from 'zod';
import { currency, decimalString } from '../../shared/wire';

/** PaymentBalance (catalogue PA14/PA15). */
export const restPaymentBalance = z
  .object({
    currency,
    available_balance: decimalString.describe('Settled, net of fees'),
    pending_balance: decimalString.describe('Captured, not yet settled'),
  })
  .meta({ id: 'PaymentBalance' });
