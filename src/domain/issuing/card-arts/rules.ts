import { z } from 'zod';

/** `listArts` query: an optional product (the official clients' `ListCardArtsParams`). */
export const listCardArtsQuery = z.object({ card_product_id: z.string().optional() });

/** `setDefaultArt` body (`SetDefaultCardArtParams`). */
export const setDefaultCardArtInput = z.object({ card_art_id: z.string().min(1) });
