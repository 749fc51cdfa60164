import { z } from 'zod';
import { CARD_ORDER_TYPES } from '../../../domain/issuing/card-orders/rules';
import { ORDER_STATUSES } from '../../../domain/issuing/cards/rules';
import { jsonNumber, uuid } from '../../shared/wire';

const cardTime = z.string().regex(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/).describe('YYYY-MM-DD HH:MM:SS (UTC), as card times are');

/** CardOrder (CI8, CI9, CI12). */
export const restCardOrder = z
  .object({
    card_id: uuid,
    card_order_id: uuid,
    order_type: z.enum(CARD_ORDER_TYPES),
    amount: jsonNumber,
    card_currency: z.string(),
    create_time: cardTime,
    update_time: cardTime,
    complete_time: cardTime.optional(),
    order_status: z.enum(ORDER_STATUSES),
  })
  .meta({ id: 'CardOrder' });

/** ElevateLimitResponse of the official clients: the elevation's order, PENDING until the simulated issuer applies it. */
export const restElevateLimitResult = z
  .object({ card_id: uuid, card_order_id: uuid, order_status: z.enum(ORDER_STATUSES) })
  .meta({ id: 'ElevateLimitResult' });

/** ManageCardPinResponse of the official clients: the PIN order (never the PIN). */
export const restManagePinResult = z.object({ card_id: uuid, card_order_id: uuid, create_time: cardTime }).meta({ id: 'ManagePinResult' });
