import { z } from 'zod';
import { secretAnswer } from '../../../platform/validation/sensitive';
import { dateTime } from '../../shared/wire';

/** CI6 (the official client's SecureCardDetails). */
export const restSecureCardDetails = z
  .object({
    card_number: secretAnswer(z.string().regex(/^\d{13,19}$/).describe('the full card number')),
    cvv: secretAnswer(z.string().regex(/^\d{3}$/)),
    expire_date: z.string().regex(/^(0[1-9]|1[0-2])\/\d{2}$/).describe('MM/YY'),
  })
  .meta({ id: 'SecureCardDetails' });

/** CI7 (the official client's PanTokenResponse). */
export const restPanToken = z
  .object({
    token: secretAnswer(z.string().describe('single-use; opens the card iframe page once')),
    expires_in: z.number().int().describe('seconds the token lives (60)'),
    expires_at: dateTime,
  })
  .meta({ id: 'PanToken' });

/** CI7 takes an empty object (the official client sends `{}`); members are ignored. */
export const panTokenBody = z.object({}).describe('an empty object');
