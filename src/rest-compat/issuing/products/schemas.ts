import { z } from 'zod';
import { dateTime, uuid } from '../../shared/wire';

type RequiredFieldWire = { name: string; type: 'string' | 'object'; required: boolean; fields?: RequiredFieldWire[] };

/** required_fields entries (spec 2.9): nested `fields` only on object-typed entries. */
export const restRequiredField: z.ZodType<RequiredFieldWire> = z.lazy(() =>
  z.object({
    name: z.string(),
    type: z.enum(['string', 'object']),
    required: z.boolean(),
    fields: z.array(restRequiredField).optional(),
  }),
);

/** CardProduct (spec 2.9, CI18; kyc_level from ref). */
export const restCardProduct = z
  .object({
    product_id: uuid,
    mode_type: z.enum(['SHARE', 'SINGLE']),
    card_bin: z.string(),
    card_form: z.array(z.enum(['VIR', 'PHY'])),
    max_card_quota: z.number().int(),
    card_scheme: z.string(),
    no_pin_payment_amount: z.array(z.object({ currency: z.string(), amount: z.string().describe('decimal string (spec 2.9)') })),
    card_currency: z.array(z.string()),
    create_time: dateTime,
    update_time: dateTime,
    product_status: z.enum(['ENABLED', 'DISABLED']),
    kyc_level: z.enum(['SIMPLIFIED', 'STANDARD', 'ENHANCED']),
    required_fields: z.array(restRequiredField),
  })
  .meta({ id: 'CardProduct' });
