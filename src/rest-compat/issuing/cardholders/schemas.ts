import { z } from 'zod';
import { CARDHOLDER_STATUSES, IDV_STATUSES, REVIEW_STATUSES } from '../../../domain/issuing/cardholders/rules';
import { dateTime, oneOf, uuid } from '../../shared/wire';

const cardholderTime = z.string().regex(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/).describe('YYYY-MM-DD HH:MM:SS (UTC), spec 2');

export const restResidentialAddress = z
  .object({
    country: z.string(),
    city: z.string(),
    line1: z.string(),
    state: z.string().optional(),
    district: z.string().optional(),
    line2: z.string().optional(),
    line_en: z.string().optional(),
    postal_code: z.string().optional(),
  })
  .meta({ id: 'CardholderResidentialAddress' });

export const restDeliveryAddress = z
  .object({
    country: z.string().optional(),
    state: z.string().optional(),
    city: z.string().optional(),
    postal_code: z.string().optional(),
    line1: z.string().optional(),
    line2: z.string().optional(),
  })
  .meta({ id: 'CardholderDeliveryAddress' });

/** Cardholder (spec 2.8, CI15, CI16). Optional members are left out when the cardholder has none. */
export const restCardholder = z
  .object({
    cardholder_id: uuid,
    email: z.string(),
    number_of_cards: z.number().int(),
    first_name: z.string(),
    last_name: z.string(),
    create_time: cardholderTime,
    cardholder_status: oneOf(CARDHOLDER_STATUSES),
    date_of_birth: z.string().optional(),
    country_code: z.string(),
    phone_number: z.string(),
    gender: z.enum(['MALE', 'FEMALE', 'OTHER']).optional(),
    nationality: z.string().optional(),
    residential_address: restResidentialAddress.optional(),
    delivery_address: restDeliveryAddress.optional(),
    identity: z.object({ type: z.string(), number: z.string() }).optional().describe('the document images are never returned'),
    review_status: oneOf(REVIEW_STATUSES),
    idv_status: oneOf(IDV_STATUSES).optional(),
    idv_verification_url: z.string().optional(),
    idv_url_expires_at: dateTime.optional(),
  })
  .meta({ id: 'Cardholder' });

/** CardholderRef (CI14, CI17). */
export const restCardholderRef = z
  .object({
    cardholder_id: uuid,
    cardholder_status: oneOf(CARDHOLDER_STATUSES),
    idv_verification_url: z.string().optional(),
    idv_url_expires_at: dateTime.optional(),
  })
  .meta({ id: 'CardholderRef' });
