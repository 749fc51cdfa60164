import { z } from 'zod';

/** The card arts asked for: an optional product (the official clients' `listArts`, `ListCardArtsParams`). */
export const listCardArtsQuery = z.object({ cardProductId: z.string().optional() });

/** The art new cards get (the official clients' `setDefaultArt`, `SetDefaultCardArtParams`). */
export const setDefaultCardArtCommand = z.object({ cardArtId: z.string().min(1) });
