import type { z } from 'zod';
import type { CardProductView } from '../../../domain/issuing/products/view';
import { iso } from '../../shared/wire';
import type { restCardProduct } from './schemas';

export const toRestCardProduct = (p: CardProductView): z.input<typeof restCardProduct> => ({
  product_id: p.id,
  mode_type: p.modeType as 'SHARE' | 'SINGLE',
  card_bin: p.cardBin,
  card_form: p.cardForm as ('VIR' | 'PHY')[],
  max_card_quota: p.maxCardQuota,
  card_scheme: p.cardScheme,
  no_pin_payment_amount: p.noPinPaymentAmount,
  card_currency: p.cardCurrency,
  create_time: iso(p.createdAt),
  update_time: iso(p.updatedAt),
  product_status: p.status,
  kyc_level: p.kycLevel,
  required_fields: p.requiredFields,
});
