import type { z } from 'zod';
import type { PanTokenView, SecureCardDetailsView } from '../../../domain/issuing/card-secure/service';
import { iso } from '../../shared/wire';
import type { restPanToken, restSecureCardDetails } from './schemas';

export const toRestSecureCardDetails = (v: SecureCardDetailsView): z.input<typeof restSecureCardDetails> => ({
  card_number: v.cardNumber,
  cvv: v.cvv,
  expire_date: v.expireDate,
});

export const toRestPanToken = (v: PanTokenView): z.input<typeof restPanToken> => ({
  token: v.token,
  expires_in: v.expiresIn,
  expires_at: iso(v.expiresAt),
});
